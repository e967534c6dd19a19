package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

func TestLeastPrivilegeIsOfferedAsANewPersona(t *testing.T) {
	s := part2Shell(t)
	ui := make(chan func(), 4)
	s.tasks.do = func(f func()) { ui <- f }
	// The fixture's log: builder ran git status (allowed) and rm -r build (approved once).
	s.SelectPersona("builder")
	item := FindMenuItem(s.Window().MainMenu(), MenuAgent, ItemLeastPrivilege)
	if item == nil {
		t.Fatal("the Agent menu has no least-privilege item")
	}
	item.Action()
	(<-ui)()
	d := topDialog(s)
	if d == nil || !hasLabel(d, `"git status *": allow`) || !hasLabel(d, "1 allow rules keep the 1 calls") {
		t.Fatalf("the proposal dialog does not show the rules")
	}
	if hasLabel(d, "rm -r") && hasLabel(d, `"rm *": allow`) {
		t.Errorf("a call approved once became a rule")
	}
	create := findButton(d, "Create builder-least")
	if create == nil {
		t.Fatal("no Create button")
	}
	create.OnTapped()
	for len(ui) > 0 {
		(<-ui)()
	}
	path := filepath.Join(s.Dirs().Agent, "agents", "builder-least.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the proposed persona was not written: %v", err)
	}
	p, probs := personas.Parse(path, data, personas.ScopeGlobal)
	if p == nil || len(p.Rules) != 2 || p.Rules[1].Pattern != "git status *" || len(p.Examples) != 1 {
		t.Errorf("the new persona: %+v %v\n%s", p, probs, data)
	}
	if !strings.Contains(string(data), "examples:") {
		t.Errorf("the new persona has no examples:\n%s", data)
	}
}
