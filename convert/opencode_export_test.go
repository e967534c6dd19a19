package convert

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// exportedPermission exports a fixture persona to OpenCode and returns the file's
// frontmatter and the export.
func exportedFixture(t *testing.T, name string) (yaml.MapSlice, *Export) {
	t.Helper()
	ps, srcs := loadFixturePersonas(t, filepath.Join("testdata", "opencode", "personas"))
	for i, p := range ps {
		if p.Name != name {
			continue
		}
		ex, err := ExportOpenCode(p, srcs[i])
		if err != nil {
			t.Fatal(err)
		}
		fmText, _, _, ok := splitFrontmatter(ex.Files[0].Data)
		if !ok {
			t.Fatalf("no frontmatter:\n%s", ex.Files[0].Data)
		}
		v, err := decodeOrdered(fmText)
		if err != nil {
			t.Fatal(err)
		}
		return v.(yaml.MapSlice), ex
	}
	t.Fatalf("no fixture %s", name)
	return nil, nil
}

func TestExportOpenCode_loadsAndReports(t *testing.T) {
	tests := []struct {
		persona string
		check   func(t *testing.T, perm yaml.MapSlice, ex *Export)
	}{
		{"fetcher", func(t *testing.T, perm yaml.MapSlice, ex *Export) {
			if v, _ := get(perm, "webfetch"); v != "deny" {
				t.Errorf("webfetch = %v, want the strictest action, deny (OpenCode takes no pattern map there)", v)
			}
			if !hasChange(ex.Report, "permission webfetch") {
				t.Errorf("the collapse is not reported: %+v", ex.Report.Changed)
			}
			if f := ex.Report.Fidelity; f == nil || f.Stricter != 2 || f.Rules != 6 {
				t.Errorf("fidelity %v, want the two webfetch allows stricter of 6 rules", f)
			}
		}},
		{"nocatch", func(t *testing.T, perm yaml.MapSlice, ex *Export) {
			if perm[0].Key != "*" || perm[0].Value != "ask" {
				t.Errorf("first rule %v, want the catch-all * ask", perm[0])
			}
			if !hasChange(ex.Report, "calls no rule matches") {
				t.Errorf("the catch-all is not reported: %+v", ex.Report.Changed)
			}
		}},
		{"todoer", func(t *testing.T, perm yaml.MapSlice, ex *Export) {
			if _, ok := get(perm, "todowrite"); !ok {
				t.Errorf("todo is not written as OpenCode's todowrite: %v", perm)
			}
		}},
		{"shellguard", func(t *testing.T, perm yaml.MapSlice, ex *Export) {
			bash, _ := get(perm, "bash")
			for _, pat := range []string{"sudo rm *", "bash -c 'rm *'", "env * git push *", "rm * > *"} {
				if _, ok := get(bash.(yaml.MapSlice), pat); !ok {
					t.Errorf("bash lacks %q: %v", pat, bash)
				}
			}
		}},
		{"docs_writer", func(t *testing.T, perm yaml.MapSlice, ex *Export) {
			if !strings.Contains(string(ex.Files[0].Data), "icon: 📝") || !strings.Contains(string(ex.Files[0].Data), "color: dim") {
				t.Errorf("icon and dim colour are not kept in x-agentmgr:\n%s", ex.Files[0].Data)
			}
			it, err := ImportOpenCodeMarkdown("agents/docs_writer.md", "docs_writer", ex.Files[0].Data)
			if err != nil {
				t.Fatal(err)
			}
			if it.Draft.Icon != "📝" || it.Draft.Color != "dim" || rulesText(it.Draft.Rules) != "* * deny; read * allow; grep * allow; glob * allow; list * allow; edit * deny; edit docs/* allow; edit *.md allow; bash * deny; bash ls * allow; bash echo * allow" {
				t.Errorf("round trip: icon %q colour %q rules %s", it.Draft.Icon, it.Draft.Color, rulesText(it.Draft.Rules))
			}
		}},
		{"mcpuser", func(t *testing.T, perm yaml.MapSlice, ex *Export) {
			if _, ok := get(perm, "github_*"); !ok {
				t.Errorf("mcp__github__* is not OpenCode's github_*: %v", perm)
			}
			if !hasLoss(ex.Report, "rule \"mcp__*\"") {
				t.Errorf("the rule over every MCP server is not reported lost: %+v", ex.Report.Lost)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.persona, func(t *testing.T) {
			fm, ex := exportedFixture(t, tt.persona)
			perm, _ := get(fm, "permission")
			tt.check(t, perm.(yaml.MapSlice), ex)
		})
	}
}
