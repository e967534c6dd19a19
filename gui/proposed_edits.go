package gui

import (
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
)

// proposedEdits make, in the persona editor, an edit another screen proposes (a rule made
// from the Log or the Approvals screen, an example from the Simulator): the persona is opened
// there first, and the edit is unsaved like any other, with a notice that says so.
type proposedEdits struct {
	ws     *workspace.Workspace
	ask    asker
	notice *noticeBar
	edit   *editorCommands
	load   *loader
	// showScreen brings a screen of the window to the front; revealRule opens a persona on its
	// Rules tab with a row selected; showTab brings a tab of the open editor to the front.
	showScreen func(title string) bool
	revealRule func(name string, row int)
	showTab    func(title string)
}

// inEditor opens persona name in the editor (asking first about another persona's unsaved
// edits) and then runs edit on its model, unless the editor ends up on another persona or on
// a file that failed to load.
func (pe *proposedEdits) inEditor(name string, edit func(m *personaedit.Model)) {
	open := func() {
		m := pe.ws.Draft()
		if m == nil || m.Broken() || m.Original().Name != name {
			return
		}
		edit(m)
	}
	if pe.ws.Draft() != nil && pe.ws.Selected() == name {
		open()
		return
	}
	pe.edit.leaveEditor(func() {
		pe.ws.Publish(pe.ws.Select(name, pe.load.open(name, nil)))
		open()
	})
}
