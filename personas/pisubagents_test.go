package personas

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

func TestAPiSubagentsAgentFileIsSkippedQuietlyNotBrokenNorCycled(t *testing.T) {
	t.Parallel()
	agent := t.TempDir()
	d := locations.Dirs{Agent: agent}
	writeFiles(t, agent, map[string]string{
		"agents/scout.md": "---\nname: scout\ndescription: Fast recon\ntools: read, grep\nmodel: anthropic/claude\n---\nLook around.\n",
		// @tintinweb/pi-subagents' agent type with its own fields.
		"agents/hermit.md":   "---\ndescription: Works alone\nisolated: true\nexclude_extensions: web\n---\nAlone.\n",
		"agents/nofields.md": "---\ndescription: Missing its permissions\n---\n",
	})
	for _, load := range []struct {
		name string
		cat  func() *Catalog
	}{{"Load", func() *Catalog { return Load(d) }}, {"LoadNamed", func() *Catalog { return LoadNamed(d, "planner") }}, {"LoadNamed again (indexed)", func() *Catalog { return LoadNamed(d, "planner") }}} {
		t.Run(load.name, func(t *testing.T) {
			c := load.cat()
			if _, ok := c.Lookup("scout"); ok {
				t.Fatal("scout is pi-subagents' agent, not a persona")
			}
			if _, ok := c.Lookup("hermit"); ok {
				t.Fatal("hermit is @tintinweb/pi-subagents' agent type, not a persona")
			}
			failed := strings.Join(c.FailedFiles(), ",")
			if strings.Contains(failed, "scout.md") || strings.Contains(failed, "hermit.md") || (load.name == "Load" && !strings.Contains(failed, "nofields.md")) {
				t.Fatalf("failed files = %s; want nofields.md (no permissions, no pi-subagents field) and not scout.md", failed)
			}
			notes := 0
			for _, p := range c.Problems() {
				if strings.HasSuffix(p.File, "scout.md") {
					notes++
					if p.Severity != Info || !strings.Contains(p.Message, "pi-subagents agent file") {
						t.Errorf("scout.md problem = %+v; want one quiet note", p)
					}
				}
			}
			if notes != 1 {
				t.Errorf("scout.md has %d notes; want one", notes)
			}
			for _, p := range c.Personas() {
				if p.Name == "scout" {
					t.Error("scout is in the switching order")
				}
			}
		})
	}
}

func TestPiSubagentsMeaningWarnsWhenPiSubagentsAlsoReadsThePersona(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		warns      bool
	}{
		{"flat rules: pi-subagents takes it", "---\ndescription: x\npermissions:\n  \"*\": allow\n  edit: deny\n---\n", true},
		{"bash rules: pi-subagents refuses it", "---\ndescription: x\npermissions:\n  edit: deny\n  bash:\n    \"rm *\": deny\n---\n", false},
		{"flat bash: refused", "---\ndescription: x\npermissions:\n  bash: deny\n---\n", false},
		{"a preset: refused", "---\ndescription: x\npermissions: plan\n---\n", false},
		{"a pattern map: refused", "---\ndescription: x\npermission:\n  read:\n    \"*.env\": deny\n---\n", false},
	}
	for _, tt := range tests {
		got := PiSubagentsMeaning([]byte(tt.file))
		if (got != "") != tt.warns {
			t.Errorf("%s: %q; want a warning %v", tt.name, got, tt.warns)
		}
		if tt.warns && !strings.Contains(got, "edit is also write") {
			t.Errorf("%s: %q; want it to say what differs", tt.name, got)
		}
	}
}

// FuzzPiSubagentsFile: telling pi-subagents' files apart never panics, and a file it calls
// pi-subagents' own is never also one it warns about as a persona.
func FuzzPiSubagentsFile(f *testing.F) {
	for _, s := range []string{
		"---\nname: scout\ntools: read\n---\n",
		"---\ndescription: x\npermissions:\n  edit: deny\n---\n",
		"---\npermissions: [read]\n---\n", "---\n: :\n---\n", "no frontmatter", "---\r\nmodel: x\r\n---\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if IsPiSubagentsAgent(data) && PiSubagentsMeaning(data) != "" {
			t.Fatalf("%q is both pi-subagents' own and a persona it reads", data)
		}
	})
}

func TestAPiSubagentsAgentWithPermissionsIsASubagentPersona(t *testing.T) {
	t.Parallel()
	p, probs := Parse("/a/agents/scout.md", []byte("---\nname: scout\ndescription: Recon\ntools: read, grep\nsystemPromptMode: replace\npermissions:\n  edit: deny\n---\nLook.\n"), ScopeGlobal)
	if p == nil || p.Type != TypeSubagent {
		t.Fatalf("scout = %+v (%v); want a subagent persona", p, probs)
	}
	p, _ = Parse("/a/agents/lead.md", []byte("---\ndescription: Lead\ntype: primary\ndefaultContext: fork\npermissions:\n  edit: deny\n---\n"), ScopeGlobal)
	if p == nil || p.Type != TypePrimary {
		t.Fatalf("lead with type: primary = %+v; want primary", p)
	}
}

func TestAPersonaWithFieldsOtherFormatsShareStaysPrimary(t *testing.T) {
	t.Parallel()
	p, _ := Parse("/a/agents/coder.md", []byte("---\ndescription: Codes\nmodel: x\ntools: [read]\npermissions:\n  edit: allow\n---\n"), ScopeGlobal)
	if p == nil || p.Type != TypePrimary {
		t.Fatalf("coder = %+v; model and tools are Claude Code's and OpenCode's too: want primary", p)
	}
}
