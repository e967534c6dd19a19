package gui

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/personas"
)

// editableIn reports whether persona name lives in a Markdown file the editor may change (not a
// built-in, not an agent of the legacy JSON file).
func editableIn(c *personas.Catalog, name string) bool {
	if c == nil {
		return false
	}
	p, ok := c.Lookup(name)
	return ok && p.Scope != personas.ScopeBuiltin && strings.HasSuffix(p.Path, ".md")
}

// addExample adds a call of tool with value, expected to get expect, to the examples of
// persona name in the editor, opening it there first. A notice says the edit is unsaved and
// offers the Problems tab.
func (pe *proposedEdits) addExample(name string, expect engine.Action, tool, value string) {
	pe.inEditor(name, func(m *personaedit.Model) {
		if err := m.AddExample(expect, tool, value); err != nil {
			pe.ask.showError(err)
			return
		}
		pe.notice.show(fmt.Sprintf("Added to %s's examples: %s %q expects %s. Save the persona to keep it.", name, tool, value, expect), "Problems", func() {
			pe.showScreen(PersonasTitle)
			pe.showTab(ProblemsTitle)
		})
	})
}
