package personalist

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/trust"
)

// rowsText renders list rows one per line, compactly, for comparing layouts.
func rowsText(items []ListItem) string {
	var b strings.Builder
	for _, it := range items {
		switch it.Kind {
		case ItemHeader:
			fmt.Fprintf(&b, "# %s\n", it.Title)
		case ItemBroken:
			fmt.Fprintf(&b, "! %s\n", it.Title)
		case ItemUnused:
			fmt.Fprintf(&b, "x %s %s: %s\n", it.Title, it.Type, it.AMMark)
		default:
			fmt.Fprintf(&b, "- %s %s", it.Title, it.Type)
			for _, m := range []struct {
				on   bool
				text string
			}{{it.Hidden, "hidden"}, {it.Active, "active"}, {it.Dirty, "dirty"}} {
				if m.on {
					b.WriteString(" " + m.text)
				}
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func TestBuildList(t *testing.T) {
	dirs := fixtureDirs(t)
	project := filepath.Join(t.TempDir(), ".pi")
	if err := os.MkdirAll(filepath.Join(project, "agents"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A project persona named like a built-in is listed as not used, under the project
	// heading; one of a new name is used once the project is trusted.
	writeFile(t, filepath.Join(project, "agents", "builder.md"), "---\ndescription: project builder\npermissions: build\n---\nBuild.\n")
	writeFile(t, filepath.Join(project, "agents", "helper.md"), "---\ndescription: project helper\npermissions: build\n---\nHelp.\n")
	dirs.Project = project
	untrusted := personas.Load(dirs)
	if _, err := trust.Trust(dirs, time.Now()); err != nil {
		t.Fatal(err)
	}
	c := personas.Load(dirs)
	if got, want := rowsText(BuildList(ListInput{Catalog: untrusted, Filter: "project"})), `# Project
x builder not used: project not trusted
x helper not used: project not trusted
`; got != want {
		t.Errorf("untrusted project:\n%s\nwant:\n%s", got, want)
	}

	tests := []struct {
		name string
		in   ListInput
		want string
	}{
		{"grouped_by_scope_with_markers", ListInput{Active: "reviewer", Dirty: "scout"}, `# Built-in
- planner primary
- builder primary
# Global
- reviewer primary active
- scout subagent dirty
- tinker primary hidden
! broken.md
# Project
- helper primary
x builder not used: a project persona may not replace the built-in persona builder
`},
		{"filter_matches_description_and_drops_empty_groups", ListInput{Filter: "  WEB "}, `# Built-in
- builder primary
# Global
- scout subagent
`},
		{"filter_matches_broken_files_by_error", ListInput{Filter: "block"}, `# Global
! broken.md
`},
		{"filter_without_match_is_empty", ListInput{Filter: "zzz"}, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.in.Catalog = c
			got := rowsText(BuildList(tt.in))
			if got != tt.want {
				t.Errorf("BuildList(%+v)\ngot:\n%s\nwant:\n%s", tt.in, got, tt.want)
			}
		})
	}
}

func TestBuildListBrokenRowCarriesPositionedError(t *testing.T) {
	c := personas.Load(fixtureDirs(t))
	for _, it := range BuildList(ListInput{Catalog: c}) {
		if it.Kind != ItemBroken {
			continue
		}
		want := filepath.Join(c.Dirs().GlobalAgents(), "broken.md") + ":5:9: "
		if !strings.HasPrefix(it.Detail, want) || it.Key != filepath.Join(c.Dirs().GlobalAgents(), "broken.md") {
			t.Errorf("broken row = key %q detail %q; want key the file and detail starting %q", it.Key, it.Detail, want)
		}
		return
	}
	t.Fatal("no broken row for broken.md")
}

func TestScopeOfPath(t *testing.T) {
	d := locations.Dirs{Agent: "/a/agent", Project: "/p/.pi"}
	tests := []struct {
		path string
		want personas.Scope
	}{
		{"/a/agent/agents/x.md", personas.ScopeGlobal},
		{"/a/agent/pi-agent-manager.json", personas.ScopeGlobal},
		{"/p/.pi/agents/x.md", personas.ScopeProject},
		{"builtin/planner.md", personas.ScopeBuiltin},
		{"/a/agentx/agents/x.md", personas.ScopeGlobal}, // unknown places count as global
	}
	for _, tt := range tests {
		if got := scopeOfPath(d, tt.path); got != tt.want {
			t.Errorf("scopeOfPath(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}

func TestBuildListCarriesTheAMMark(t *testing.T) {
	c := personas.Load(fixtureDirs(t))
	items := BuildList(ListInput{Catalog: c, AM: func(p *personas.Persona) string {
		if p.Name == "scout" {
			return "skipped by pi-agent-manager 0.18.1"
		}
		return ""
	}})
	for _, it := range items {
		want := ""
		if it.Key == "scout" {
			want = "skipped by pi-agent-manager 0.18.1"
		}
		if it.Kind == ItemPersona && it.AMMark != want {
			t.Errorf("%s: AMMark %q, want %q", it.Key, it.AMMark, want)
		}
	}
}
