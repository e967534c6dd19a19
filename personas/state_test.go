package personas

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

func TestStateRoundTrip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		want       State
		wantFile   string // after setting Active to "critic"
		wantErr    string
	}{
		{"missing file is the default", "", State{Envelope: true}, "{\n  \"active\": \"critic\",\n  \"envelope\": true,\n  \"yolo\": false\n}\n", ""},
		{"unknown keys are kept in place", "{\"theme\": {\"dark\": true}, \"active\": \"planner\", \"yolo\": true}",
			State{Active: "planner", Envelope: true, Yolo: true},
			"{\n  \"theme\": {\n    \"dark\": true\n  },\n  \"active\": \"critic\",\n  \"yolo\": true,\n  \"envelope\": true\n}\n", ""},
		{"envelope can be off", `{"envelope": false}`, State{}, "{\n  \"envelope\": false,\n  \"active\": \"critic\",\n  \"yolo\": false\n}\n", ""},
		{"broken JSON is reported with its position", "{\n  \"active\": \"x\",,\n}", State{Envelope: true}, "", "state.json:2:17: the state file is not valid"},
		{"wrong type is reported", `{"yolo": "yes"}`, State{Envelope: true}, "", "state.json:1:10: the state file is not valid (yolo: json: cannot unmarshal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := locations.Dirs{Agent: t.TempDir()}
			if tt.file != "" {
				writeFiles(t, d.Agent, map[string]string{"agent-manager/state.json": tt.file})
			}
			st, probs := LoadState(d)
			if st.Active != tt.want.Active || st.Envelope != tt.want.Envelope || st.Yolo != tt.want.Yolo {
				t.Errorf("LoadState(%q) = %+v, want %+v", tt.file, st, tt.want)
			}
			if tt.wantErr != "" {
				if len(probs) != 1 || !strings.Contains(filepath.Base(probs[0].Error()), tt.wantErr) {
					t.Errorf("LoadState(%q) problems %v, want %q", tt.file, probs, tt.wantErr)
				}
				return
			}
			st.Active = "critic"
			if err := SaveState(d, st); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(d.StateFile())
			if string(got) != tt.wantFile {
				t.Errorf("saved state from %q:\n%s\nwant\n%s", tt.file, got, tt.wantFile)
			}
		})
	}
}

func TestActivePersonaFallsBackToPlanner(t *testing.T) {
	t.Parallel()
	c := Load(locations.Dirs{Agent: t.TempDir()})
	p, probs := ActivePersona(c, State{Active: "gone"})
	if p.Name != "planner" || len(probs) != 1 || probs[0].Severity != Warning || !strings.Contains(probs[0].Message, `"gone" does not exist`) {
		t.Errorf("ActivePersona(gone) = %s, %v; want planner with a warning", p.Name, probs)
	}
	if p, probs := ActivePersona(c, State{}); p.Name != "planner" || len(probs) != 0 {
		t.Errorf("ActivePersona(empty) = %s, %v; want planner, no problem", p.Name, probs)
	}
	if p, _ := ActivePersona(c, State{Active: "builder"}); p.Name != "builder" {
		t.Errorf("ActivePersona(builder) = %s", p.Name)
	}
}

func TestCycleSkipsSubagentsAndHidden(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"agents/a.md":     persona("a"),
		"agents/b-sub.md": persona("b", "type: subagent"),
		"agents/c-hid.md": persona("c", "hidden: true"),
		"agents/d.md":     persona("d"),
	})
	c := Load(locations.Dirs{Agent: root})
	tests := []struct {
		current string
		step    int
		want    string
	}{
		{"planner", 1, "builder"},
		{"builder", 1, "a"},
		{"a", 1, "d"},
		{"d", 1, "planner"},
		{"planner", -1, "d"},
		{"a", -1, "builder"},
		// From a persona out of the cycle (a subagent, hidden) to its neighbours, not the ends.
		{"b-sub", 1, "d"},
		{"b-sub", -1, "a"},
		{"c-hid", -1, "a"},
		{"c-hid", 1, "d"},
		{"", 1, "planner"},
		{"gone", -1, "d"},
	}
	for _, tt := range tests {
		got, err := Cycle(c, tt.current, tt.step)
		if err != nil || got.Name != tt.want {
			t.Errorf("Cycle(%q, %d) = %v, %v; want %s", tt.current, tt.step, got, err, tt.want)
		}
	}
}
