package serve

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/personas"
)

func TestAgentHidesToolsAndGivesThePrompt(t *testing.T) {
	f := newFixture(t)
	r := f.one(t, `{"id":1,"type":"agent","tools":["read","bash","edit","write","grep"]}`)
	if r["name"] != "guarded" || r["mode"] == nil {
		t.Fatalf("agent = %v, want guarded", r)
	}
	if got := strs(r["hidden"]); !slices.Equal(got, []string{"edit", "write"}) {
		t.Errorf("hidden = %v, want [edit write]", got)
	}
	prompt := str(r["prompt"])
	if !strings.HasPrefix(prompt, "<permission-envelope") || !strings.Contains(prompt, "Be careful.") {
		t.Errorf("prompt = %q, want the envelope, then the persona block with its body", prompt)
	}
	keys := r["keys"].(map[string]any)
	if got := strs(keys["piAgentManager.picker"]); !slices.Equal(got, []string{"alt+a"}) {
		t.Errorf("picker keys = %v, want the default alt+a", got)
	}
}

func TestAgentFollowsTheStateFile(t *testing.T) {
	f := newFixture(t)
	f.use(t, "builder")
	if r := f.one(t, `{"id":1,"type":"agent","tools":["write"]}`); r["name"] != "builder" || len(strs(r["hidden"])) != 0 {
		t.Errorf("after use builder, agent = %v %v, want builder hiding nothing", r["name"], r["hidden"])
	}
	// A persona that is gone falls back to the default, with a warning, as in the CLI.
	f.use(t, "ghost")
	r := f.one(t, `{"id":2,"type":"agent","tools":["write"]}`)
	if r["name"] != "planner" || !strings.Contains(strings.Join(strs(r["warnings"]), "\n"), `"ghost" does not exist`) {
		t.Errorf("with a missing active agent, agent = %v %v, want planner with a warning", r["name"], r["warnings"])
	}
}

func TestAgentWithoutEnvelope(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, f.dirs.StateFile(), `{"active":"guarded","envelope":false}`)
	if p := str(f.one(t, `{"id":1,"type":"agent"}`)["prompt"]); strings.Contains(p, "permission-envelope") || !strings.HasPrefix(p, "<persona") {
		t.Errorf("prompt = %q, want only the persona block", p)
	}
}

func TestAgentKeysFromKeybindingsFile(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "keybindings.json"), `{"piAgentManager.next": ["ctrl+shift+n", "nonsense+key"], "piAgentManager.previous": []}`)
	keys := f.one(t, `{"id":1,"type":"agent"}`)["keys"].(map[string]any)
	if got := strs(keys["piAgentManager.next"]); !slices.Equal(got, []string{"ctrl+shift+n"}) {
		t.Errorf("next = %v, want the file's valid key", got)
	}
	if got := keys["piAgentManager.previous"].([]any); len(got) != 0 {
		t.Errorf("previous = %v, want none (disabled with [])", got)
	}
}

func TestUse(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		line, want string
		changed    bool
	}{
		{`{"id":1,"type":"use","name":"builder"}`, "builder", true},
		{`{"id":2,"type":"use","name":"builder"}`, "builder", false},
		{`{"id":3,"type":"use","step":1}`, "guarded", true},  // catalog order: planner, builder, guarded
		{`{"id":4,"type":"use","step":1}`, "planner", true},  // wraps around
		{`{"id":5,"type":"use","step":-1}`, "guarded", true}, // and back
		{`{"id":6,"type":"use","name":"PLANNER"}`, "planner", true},
	}
	for _, tt := range tests {
		r := f.one(t, tt.line)
		if r["name"] != tt.want || r["changed"] != tt.changed {
			t.Fatalf("%s = %v changed %v, want %s changed %v (error %v)", tt.line, r["name"], r["changed"], tt.want, tt.changed, r["error"])
		}
		st, _ := personas.LoadState(f.dirs)
		if st.Active != tt.want {
			t.Fatalf("%s: state.json names %q, want %q", tt.line, st.Active, tt.want)
		}
	}
}

func TestUseKeepsOtherStateKeys(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, f.dirs.StateFile(), `{"theirs": [1, 2], "active": "guarded", "yolo": true}`)
	f.one(t, `{"id":1,"type":"use","name":"builder"}`)
	data, _ := os.ReadFile(f.dirs.StateFile())
	if s := string(data); !strings.Contains(s, `"theirs"`) || !strings.Contains(s, `"builder"`) || !strings.Contains(s, `"yolo": true`) {
		t.Errorf("state.json = %s, want the other keys kept", s)
	}
}

func TestAgents(t *testing.T) {
	r := newFixture(t).one(t, `{"id":1,"type":"agents"}`)
	var names []string
	for _, a := range r["agents"].([]any) {
		names = append(names, a.(map[string]any)["name"].(string))
	}
	if !slices.Equal(names, []string{"planner", "builder", "guarded"}) || r["active"] != "guarded" {
		t.Errorf("agents = %v active %v, want planner, builder, guarded (no subagent) and guarded active", names, r["active"])
	}
}
