package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// The window opens at 1180x760 and must stay usable on a laptop screen: the conflict banner
// and field messages may grow the editor, but never past the window, or the status line with
// Save and Revert is pushed off the bottom of the screen.
func TestEditorFitsTheWindowWithBannerAndMessages(t *testing.T) {
	const maxHeight = 760
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	m := s.ws.Draft()
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

// The window opens at a size that fits a small laptop screen, and at the size it was closed at
// the next time.
func TestWindowRemembersItsSize(t *testing.T) {
	a := test.NewTempApp(t)
	s := NewShell(a, fixtureDirs(t))
	if got := s.Window().Canvas().Size(); got.Width > 800 || got.Height > 570 {
		t.Errorf("first window is %v; want it to fit an 800x600 screen with a title bar", got)
	}
	s.Window().Show()
	s.Window().Resize(fyne.NewSize(850, 610))
	s.requestClose()
	s2 := NewShell(a, fixtureDirs(t))
	defer s2.Window().Close()
	if got := s2.Window().Canvas().Size(); got != fyne.NewSize(850, 610) {
		t.Errorf("the window reopens at %v; want the 850x610 it was closed at", got)
	}
}
