package decide

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// fixture writes persona files into a fresh agent dir and loads its catalog.
func fixture(t *testing.T, files map[string]string) (locations.Dirs, *personas.Catalog) {
	t.Helper()
	d := locations.Dirs{Agent: t.TempDir()}
	if err := os.MkdirAll(d.GlobalAgents(), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(d.GlobalAgents(), name+".md"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return d, personas.Load(d)
}

const (
	cleanerMD = "---\ndescription: cleans\npermissions:\n  \"*\": allow\n  bash:\n    \"*\": allow\n    \"rm *\": deny\n---\n"
	looseMD   = "---\ndescription: anything\npermissions:\n  \"*\": allow\n---\n"
	strictMD  = "---\ndescription: asks for git\npermissions:\n  \"*\": allow\n  bash:\n    \"*\": allow\n    \"git *\": ask\n  webfetch: deny\n---\n"
)

func TestResolveTheChain(t *testing.T) {
	t.Parallel()
	_, cat := fixture(t, map[string]string{"cleaner": cleanerMD, "loose": looseMD, "strict": strictMD})
	tests := []struct {
		name     string
		who      Who
		state    string
		session  string
		deciders string
		unknown  string
		wantErr  string
	}{
		{"the active persona", Who{}, "loose", "loose", "loose", "", ""},
		{"the default without a state", Who{}, "", "planner", "planner", "", ""},
		{"pinned wins over active", Who{Pinned: "strict"}, "loose", "strict", "strict", "", ""},
		{"named", Who{Named: "cleaner"}, "loose", "cleaner", "cleaner", "", ""},
		{"named against the pin", Who{Pinned: "strict", Named: "cleaner"}, "", "", "", "", `pinned to "strict"`},
		{"unknown pin", Who{Pinned: "ghost"}, "", "", "", "", `no persona named "ghost"`},
		{"a subagent named like a persona", Who{Chain: []string{"cleaner"}}, "loose", "loose", "loose cleaner", "", ""},
		{"a subagent that is no persona", Who{Chain: []string{"general-purpose"}}, "loose", "loose", "loose", "general-purpose", ""},
		{"a nested chain", Who{Chain: []string{"cleaner", "general-purpose", "strict"}}, "loose", "loose", "loose cleaner strict", "general-purpose", ""},
		{"a repeated persona decides once", Who{Chain: []string{"loose", "cleaner", "loose"}}, "loose", "loose", "loose cleaner", "", ""},
		{"an --agent session runs that persona", Who{Runs: "cleaner"}, "loose", "cleaner", "cleaner", "", ""},
		{"an --agent session of no persona", Who{Runs: "helper"}, "loose", "loose", "loose", "helper", ""},
		{"a pinned session running another persona takes both", Who{Pinned: "strict", Runs: "cleaner"}, "", "strict", "strict cleaner", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, _, err := Resolve(cat, personas.State{Active: tt.state}, tt.who)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Resolve(%+v) error = %v, want %q", tt.who, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range r.Deciders() {
				names = append(names, p.Name)
			}
			if r.Session.Name != tt.session || strings.Join(names, " ") != tt.deciders || strings.Join(r.Unknown, " ") != tt.unknown {
				t.Errorf("Resolve(%+v) = session %s, deciders %v, unknown %v; want %s, %s, %s", tt.who, r.Session.Name, names, r.Unknown, tt.session, tt.deciders, tt.unknown)
			}
			if tt.unknown != "" && !strings.Contains(r.Note(), tt.unknown) {
				t.Errorf("Note() = %q, want it to name %q", r.Note(), tt.unknown)
			}
		})
	}
}

// Every persona on the chain decides and the strictest wins; the decision names the persona.
func TestPolicyOfTheChainIsNeverLooser(t *testing.T) {
	t.Parallel()
	d, cat := fixture(t, map[string]string{"cleaner": cleanerMD, "loose": looseMD, "strict": strictMD})
	tests := []struct {
		chain      []string
		tool, cmd  string
		want       engine.Action
		by         string
		hiddenHTTP bool
	}{
		{[]string{"loose"}, "bash", "rm -rf x", engine.Allow, "loose", false},
		{[]string{"cleaner"}, "bash", "rm -rf x", engine.Deny, "cleaner", false},
		{[]string{"loose", "cleaner"}, "bash", "rm -rf x", engine.Deny, "cleaner", false},
		// The subagent is loose, the agent that started it is not.
		{[]string{"cleaner", "general-purpose", "loose"}, "bash", "rm -rf x", engine.Deny, "cleaner", false},
		{[]string{"strict", "loose"}, "bash", "git push", engine.Ask, "strict", true},
		{[]string{"strict", "cleaner"}, "bash", "git push && rm x", engine.Deny, "cleaner", true},
	}
	for _, tt := range tests {
		r, _, err := Resolve(cat, personas.State{Active: "loose"}, Who{Chain: tt.chain})
		if err != nil {
			t.Fatal(err)
		}
		pol, _, err := Policy(d, r, "")
		if err != nil {
			t.Fatal(err)
		}
		got := pol.DecideTool(tt.tool, tt.cmd)
		if got.Action != tt.want || pol.Decider(got.Ref) != tt.by {
			t.Errorf("chain %v: %s %q = %s by %q (%s), want %s by %s", tt.chain, tt.tool, tt.cmd, got.Action, pol.Decider(got.Ref), got.Explain(), tt.want, tt.by)
		}
		if pol.Hidden("fetch_content") != tt.hiddenHTTP {
			t.Errorf("chain %v: webfetch hidden = %v, want %v", tt.chain, pol.Hidden("fetch_content"), tt.hiddenHTTP)
		}
	}
}
