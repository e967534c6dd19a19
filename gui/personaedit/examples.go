package personaedit

import (
	"errors"
	"fmt"
	"slices"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// AddExample adds to the draft's examples block a call of tool with value that the rules are to
// decide expect (what the Simulator's "Add as example" does). Save writes it; until then the
// Problems tab already checks it. An example the block already has changes nothing.
func (m *Model) AddExample(expect engine.Action, tool, value string) error {
	if m.ReadOnly() {
		return errors.New("this persona is read-only; make an editable copy to add examples")
	}
	if _, err := engine.ParseAction(string(expect)); err != nil {
		return err
	}
	ex := personas.Example{Expect: expect, Tool: tool, Value: value}
	t, v, err := personas.ParseExample(ex.String())
	if err != nil {
		return err
	}
	if t != tool || v != value {
		return fmt.Errorf("the example %q would read back as %q; an example's tool is one word and its value has no spaces around it", ex.String(), personas.Example{Tool: t, Value: v}.String())
	}
	if slices.ContainsFunc(m.draft.Examples, func(o personas.Example) bool { return sameExample(o, ex) }) {
		return nil
	}
	m.Update(func(d *Draft) { d.Examples = append(d.Examples, ex) })
	return nil
}
