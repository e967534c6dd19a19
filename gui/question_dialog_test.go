package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

func TestLongQuestionsWrapInsideTheWindow(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	msg := "move " + strings.Repeat("a-rather-long-folder/", 12) + "helper.md to the trash; `agentmgr restore helper` brings it back. You can undo it right after."
	s.ask.choose("Delete helper?", msg, []string{"Delete", choiceCancel}, func(string) {})
	dlg := topDialog(s)
	if dlg == nil {
		t.Fatal("no dialog")
	}
	var label *widget.Label
	walk(dlg, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.Text == msg {
			label = l
		}
	})
	if label == nil {
		t.Fatal("the message is not in the dialog")
	}
	win := s.Window().Canvas().Size()
	pos := s.App().Driver().AbsolutePositionForObject(label)
	if right := pos.X + label.Size().Width; pos.X < 0 || right > win.Width {
		t.Errorf("the message spans x=%v..%v, outside the %v wide window", pos.X, right, win.Width)
	}
	if need := label.MinSize().Width; label.Size().Width+0.5 < need {
		t.Errorf("the message is %v wide but needs %v: it runs past the dialog", label.Size().Width, need)
	}
	if need := label.MinSize().Height; label.Size().Height+0.5 < need {
		t.Errorf("the message is %v high but needs %v: lines are cut off", label.Size().Height, need)
	}
}

func TestDeleteQuestionReadsAsSentences(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "scout")
	s.files.deletePersona()
	dlg := topDialog(s)
	if dlg == nil {
		t.Fatal("Delete asked nothing")
	}
	var msg string
	walk(dlg, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "trash") {
			msg = l.Text
		}
	})
	if !strings.HasPrefix(msg, "Move ") {
		t.Errorf("the question does not start with a capital: %q", msg)
	}
	if n := strings.Count(msg, "agentmgr restore scout"); n != 1 {
		t.Errorf("the question names the restore command %d times, want once: %q", n, msg)
	}
}
