package gui

import (
	"testing"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// The window opens at 1180x760 and must stay usable on a laptop screen: the conflict banner
// and field messages may grow the editor, but never past the window, or the status line with
// Save and Revert is pushed off the bottom of the screen.
func TestEditorFitsTheWindowWithBannerAndMessages(t *testing.T) {
	const maxHeight = 760
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	m := s.Editor()
	m.Update(func(d *personaedit.Draft) {
		d.Description = ""
		d.Steps = "many"
	})
	if m.Conflict() != personaedit.ConflictNone {
		t.Fatalf("conflict before the outside change: %v", m.Conflict())
	}
	m.DiskChanged([]byte("---\ndescription: Theirs.\npermissions: read\n---\n"), true)
	if m.Conflict() != personaedit.ConflictChanged {
		t.Fatalf("conflict after the outside change: got %v, want %v", m.Conflict(), personaedit.ConflictChanged)
	}
	if got := s.frame.MinSize().Height; got > maxHeight {
		t.Errorf("window content needs %v px of height with the banner and two field messages; want at most %v", got, maxHeight)
	}
}
