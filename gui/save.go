package gui

import (
	"errors"
)

// errNoWriter is returned until the persona writer is wired in.
var errNoWriter = errors.New("saving edits is not available in this build yet")

// Diff is the unified diff of what Save will write, "" when it would write nothing.
func (m *EditorModel) Diff() (string, error) {
	if !m.Dirty() {
		return "", nil
	}
	return "", errNoWriter
}

// Save writes the draft to the persona's file.
func (m *EditorModel) Save() error {
	if !m.Dirty() {
		return nil
	}
	return errNoWriter
}
