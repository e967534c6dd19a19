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

// requestClose closes the window once unsaved edits are saved or discarded.
func (s *Shell) requestClose() {
	s.edit.leaveEditor(func() {
		s.memory.rememberSize()
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
