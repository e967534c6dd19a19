package gui

import "testing"

func TestSaveBlockedTextCountsProblems(t *testing.T) {
	steps := FieldError{Field: FieldSteps, Row: -1, Message: "steps is a whole number"}
	desc := FieldError{Field: FieldDescription, Row: -1, Message: "a persona needs a description"}
	tests := []struct {
		name string
		errs []FieldError
		want string
	}{
		{"one problem", []FieldError{steps}, "Fix this before saving: " + steps.Error()},
		{"two problems", []FieldError{steps, desc}, "Fix 2 problems before saving, first: " + steps.Error()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := saveBlockedText(tc.errs); got != tc.want {
				t.Errorf("saveBlockedText(%v) = %q, want %q", tc.errs, got, tc.want)
			}
		})
	}
}
