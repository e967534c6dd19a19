package personaedit

import (
	"os"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

func TestAddExampleIsAnEditSaveWrites(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	changes := 0
	m.OnChange(func() { changes++ })
	if err := m.AddExample(engine.Deny, "bash", "git push origin main"); err != nil {
		t.Fatal(err)
	}
	if !m.Dirty() || changes != 1 {
		t.Fatalf("after AddExample: dirty %v, %d changes; want dirty, 1 change", m.Dirty(), changes)
	}
	if got := m.Persona().Examples; len(got) != 1 || got[0].Value != "git push origin main" || got[0].Expect != engine.Deny {
		t.Errorf("the edited persona's examples: %+v", got)
	}
	// The same example again changes nothing.
	if err := m.AddExample(engine.Deny, "bash", "git push origin main"); err != nil || changes != 1 {
		t.Errorf("adding the example twice: %v, %d changes", err, changes)
	}
	if err := m.Save(false); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(m.Path())
	if !strings.Contains(string(data), "examples:\n  deny: [\"bash: git push origin main\"]\n") {
		t.Errorf("the saved file:\n%s", data)
	}
	back, _ := personas.Parse(m.Path(), data, personas.ScopeGlobal)
	if back == nil || len(back.Examples) != 1 || m.Dirty() {
		t.Errorf("after Save: examples %+v, dirty %v", back, m.Dirty())
	}
	// Revert drops an added example.
	if err := m.AddExample(engine.Allow, "read", "a.go"); err != nil {
		t.Fatal(err)
	}
	m.Revert()
	if len(m.Persona().Examples) != 1 || m.Dirty() {
		t.Errorf("after Revert: examples %+v, dirty %v", m.Persona().Examples, m.Dirty())
	}
}

func TestAddExampleRefusals(t *testing.T) {
	m, c := openFixture(t, "reviewer")
	for _, tt := range []struct {
		expect            engine.Action
		tool, value, want string
	}{
		{"maybe", "bash", "ls", "unknown action"},
		{engine.Ask, "run it", "ls", "not one word"},
		{engine.Ask, "bash", " ls ", "would read back"},
	} {
		if err := m.AddExample(tt.expect, tt.tool, tt.value); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("AddExample(%s, %q, %q) = %v; want an error containing %q", tt.expect, tt.tool, tt.value, err, tt.want)
		}
	}
	if m.Dirty() {
		t.Error("a refused example made the draft dirty")
	}
	b := OpenEditor(c, "planner")
	if err := b.AddExample(engine.Allow, "read", "x"); err == nil {
		t.Error("a built-in took an example")
	}
}
