package policy

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// dirs makes an agent dir and a project .pi folder with the given guards files ("" for none).
func dirs(t *testing.T, agent, project string) locations.Dirs {
	t.Helper()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
	for path, data := range map[string]string{d.GlobalGuards(): agent, d.ProjectGuards(): project} {
		if data == "" {
			continue
		}
		testfiles.Write(t, path, data)
	}
	return d
}

// openPersona allows everything, so that what a policy asks or denies is the guards' doing.
var openPersona = &personas.Persona{Name: "open", Rules: engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Allow}}}

// forOpen is the policy of d's files for openPersona outside any session; an error or a
// problem with the files fails the test.
func forOpen(t *testing.T, d locations.Dirs) *engine.Policy {
	t.Helper()
	pol, probs, err := For(d, openPersona, "")
	if err != nil || len(probs) != 0 {
		t.Fatalf("For = %v, %v", probs, err)
	}
	return pol
}

func TestLoadKeepsFilesApartWithSources(t *testing.T) {
	t.Parallel()
	d := dirs(t, "read:\n  \"*.env\": deny\n  \"*.env.example\": allow\n", "# project\nbash:\n  \"rm -rf /*\": deny\n")
	trusted(t, d)
	files, probs := LoadGuards(d)
	if len(probs) != 0 {
		t.Fatalf("problems: %v", probs)
	}
	if len(files) != 2 || files[0].Path != d.GlobalGuards() || files[1].Path != d.ProjectGuards() {
		t.Fatalf("Load = %+v, want the agent dir's file then the project's", files)
	}
	want := []engine.Source{
		{Kind: engine.FromGuard, Name: d.GlobalGuards(), Line: 2},
		{Kind: engine.FromGuard, Name: d.GlobalGuards(), Line: 3},
	}
	for i, r := range files[0].Rules {
		if r.Source != want[i] {
			t.Errorf("rule %d source = %+v, want %+v", i+1, r.Source, want[i])
		}
	}
	if got := files[1].Rules[0].Source; got.Line != 3 || got.Name != d.ProjectGuards() {
		t.Errorf("project rule source = %+v, want line 3 of the project file", got)
	}
	pol := &engine.Policy{Persona: engine.Compile(engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Allow}}), Guards: CompileGuards(files)}
	for _, tt := range []struct {
		tool, value string
		want        engine.Action
		loc         string
	}{
		{"read", "prod.env", engine.Deny, "guard " + d.GlobalGuards() + ":2"},
		{"read", "a.env.example", engine.Allow, ""},
		{"bash", "ls && rm -rf /home", engine.Deny, "guard " + d.ProjectGuards() + ":3"},
		{"bash", "ls", engine.Allow, ""},
	} {
		got := pol.DecideTool(tt.tool, tt.value)
		loc := ""
		if got.Rule != nil && got.Action != engine.Allow {
			loc = got.Rule.Source.Location()
		}
		if got.Action != tt.want || loc != tt.loc || (tt.want == engine.Deny && got.Source() != "guard") {
			t.Errorf("%s %q = %s from %q at %q, want %s from guard at %q", tt.tool, tt.value, got.Action, got.Source(), loc, tt.want, tt.loc)
		}
	}
}

func TestLoadMissingFiles(t *testing.T) {
	t.Parallel()
	d := dirs(t, "", "")
	if files, probs := LoadGuards(d); len(files) != 0 || len(probs) != 0 {
		t.Errorf("Load without guards files = %v, %v; want nothing", files, probs)
	}
}

func TestBrokenFileAsksForEverything(t *testing.T) {
	t.Parallel()
	d := dirs(t, "read:\n  \"*.env\": block\n", "")
	files, probs := LoadGuards(d)
	if len(probs) == 0 || !strings.Contains(probs[0].Error(), d.GlobalGuards()+":2") {
		t.Fatalf("problems = %v, want the bad action positioned at line 2", probs)
	}
	if len(files) != 1 || !files[0].Broken {
		t.Fatalf("Load = %+v, want the broken file kept as a stand-in", files)
	}
	pol := &engine.Policy{Persona: engine.Compile(engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Allow}}), Guards: CompileGuards(files)}
	got := pol.DecideTool("read", "notes.md")
	if got.Action != engine.Ask || !strings.Contains(got.Reason, "the guards file is broken") || got.Source() != "guard" {
		t.Errorf("a call with a broken guards file = %s (%s), want ask from the guard saying the file is broken", got.Action, got.Explain())
	}
	if pol.Hidden("read") {
		t.Errorf("a broken guards file hides tools; it should only ask")
	}
}
