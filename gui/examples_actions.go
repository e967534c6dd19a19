package gui

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
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

// AddExample adds a call of tool with value, expected to get expect, to the examples of persona
// name in the editor, opening it there first (after asking about unsaved edits of another
// persona). The edit is unsaved, like any other: a notice says so and offers the Problems tab.
func (s *Shell) AddExample(name string, expect engine.Action, tool, value string) {
	add := func() {
		m := s.ws.Draft()
		if m == nil || m.Broken() || m.Original().Name != name {
			return
		}
		if err := m.AddExample(expect, tool, value); err != nil {
			s.ask.showError(err)
			return
		}
		s.notice.show(fmt.Sprintf("Added to %s's examples: %s %q expects %s. Save the persona to keep it.", name, tool, value, expect), "Problems", func() {
			s.ShowScreen(PersonasTitle)
			if v := s.screen.View(); v != nil {
				v.ShowTab(ProblemsTitle)
			}
		})
	}
	if s.ws.Draft() != nil && s.ws.Selected() == name {
		add()
		return
	}
	s.edit.leaveEditor(func() {
		s.ws.Publish(s.ws.Select(name, s.load.open(name, nil)))
		add()
	})
}
