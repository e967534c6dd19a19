package gui

import (
	"os"

	"github.com/agentmgr/agentmgr/personas"
)

// Choices of the unsaved-edits prompt.
const (
	choiceSave    = "Save"
	choiceDiscard = "Discard"
	choiceCancel  = "Cancel"
	choiceClose   = "Close"
)

// leaveEditor runs then once the open persona can be left: at once when it has no unsaved
// edits, else after the person chose save (and the save worked) or discard. Cancel runs nothing.
func (s *Shell) leaveEditor(then func()) {
	q := s.ws.LeaveQuestion()
	if q == nil {
		then()
		return
	}
	m := s.ws.Draft()
	s.ask.choose(q.Title, q.Message, []string{q.Confirm, choiceDiscard, choiceCancel}, func(choice string) {
		switch choice {
		case q.Confirm:
			s.save(func() { then() })
		case choiceDiscard:
			m.Revert()
			then()
		}
	})
}

// requestClose closes the window once unsaved edits are saved or discarded.
func (s *Shell) requestClose() {
	s.leaveEditor(func() {
		s.rememberWindowSize()
		s.win.Close()
	})
}

// CycleActive makes the next (step 1) or previous (step -1) switchable persona active: primary
// and not hidden, in catalog order, wrapping around.
func (s *Shell) CycleActive(step int) {
	p, err := personas.Cycle(s.ws.Catalog(), s.ws.Active(), step)
	if err == nil {
		err = s.SetActive(p.Name)
	}
	if err != nil {
		s.ask.showError(err)
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}
