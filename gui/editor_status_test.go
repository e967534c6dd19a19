package gui

import (
	"testing"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

func TestSaveBlockedTextCountsProblems(t *testing.T) {
	steps := personaedit.FieldError{Field: personaedit.FieldSteps, Row: -1, Message: "steps is a whole number"}
	desc := personaedit.FieldError{Field: personaedit.FieldDescription, Row: -1, Message: "a persona needs a description"}
	tests := []struct {
		name string
		errs []personaedit.FieldError
		want string
	}{
		{"one problem", []personaedit.FieldError{steps}, "Fix this before saving: " + steps.Error()},
		{"two problems", []personaedit.FieldError{steps, desc}, "Fix 2 problems before saving, first: " + steps.Error()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := saveBlockedText(tc.errs); got != tc.want {
				t.Errorf("saveBlockedText(%v) = %q, want %q", tc.errs, got, tc.want)
			}
		})
	}
}
