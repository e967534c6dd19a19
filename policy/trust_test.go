package policy

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/trust"
)

// trusted trusts d's project as its files are now, as `agentmgr trust` does.
func trusted(t *testing.T, d locations.Dirs) {
	t.Helper()
	if _, err := trust.Trust(d, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// A project's guards decide only for a trusted project whose files are as they were trusted;
// otherwise they are left out and every decision's reason says so (Policy.Note).
func TestProjectGuardsNeedTrust(t *testing.T) {
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
	testfiles.Write(t, d.ProjectGuards(), "bash:\n  \"curl *\": deny\n")
	open := &personas.Persona{Name: "open", Rules: engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Allow}}}
	steps := []struct {
		name     string
		do       func()
		want     engine.Action
		wantNote string
	}{
		{"untrusted", func() {}, engine.Allow, "not used: project not trusted"},
		{"trusted", func() { trusted(t, d) }, engine.Deny, ""},
		{"changed since trusted", func() { testfiles.Write(t, d.ProjectGuards(), "bash:\n  \"curl *\": allow\n") }, engine.Allow, "not used: changed since trusted (agent-manager/guards.yaml changed)"},
		{"refused", func() {
			if _, err := trust.Revoke(d, time.Now()); err != nil {
				t.Fatal(err)
			}
		}, engine.Allow, "not used: project not trusted (refused with agentmgr trust --revoke)"},
	}
	for _, st := range steps {
		st.do()
		pol, _, err := For(d, open, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := pol.DecideTool("bash", "curl x"); got.Action != st.want {
			t.Errorf("%s: bash curl = %s (%s), want %s", st.name, got.Action, got.Source(), st.want)
		}
		if st.wantNote == "" && pol.Note != "" || !strings.Contains(pol.Note, st.wantNote) {
			t.Errorf("%s: note = %q, want it to say %q", st.name, pol.Note, st.wantNote)
		}
	}
}

// An agent dir that is not absolute composes nothing: reading it would read the folder the
// command runs in.
func TestForRefusesAnUnusableAgentDir(t *testing.T) {
	d := locations.Find(func(k string) string {
		if k == locations.AgentDirEnv {
			return ".pi/agent"
		}
		return ""
	}, t.TempDir(), t.TempDir())
	_, _, err := For(d, &personas.Persona{Name: "x"}, "")
	if err == nil || !strings.Contains(err.Error(), "not an absolute path") {
		t.Errorf("For with a relative agent dir: err = %v, want it refused", err)
	}
}
