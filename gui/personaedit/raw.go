package personaedit

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/personas"
)

// RawFile is a persona file's text as the raw view edits it: for a file that does not read as
// a persona, the only way to fix it in the app. Every edit is read again by the persona reader,
// so its problems (file:line:column) follow the typing; Save writes atomically, keeps the old
// text in NAME.md.bak, and refuses when the file changed on disk since it was read.
type RawFile struct {
	path   string
	scope  personas.Scope
	loaded []byte // the text on disk when read (or last saved)
	text   string
}

// OpenRaw reads the file at path, a persona of scope.
func OpenRaw(path string, scope personas.Scope) (*RawFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &RawFile{path: path, scope: scope, loaded: data, text: string(data)}, nil
}

// Path is the file edited.
func (r *RawFile) Path() string { return r.path }

// Text is the text as edited.
func (r *RawFile) Text() string { return r.text }

// SetText replaces the text (unsaved).
func (r *RawFile) SetText(s string) { r.text = s }

// Dirty reports whether the text differs from the file as read.
func (r *RawFile) Dirty() bool { return r.text != string(r.loaded) }

// Problems are the reader's problems with the text as edited, each with its file:line:column.
func (r *RawFile) Problems() []personas.Problem {
	_, probs := personas.Parse(r.path, []byte(r.text), r.scope)
	return probs
}

// Reads reports whether the text as edited reads as a persona (no error).
func (r *RawFile) Reads() bool {
	p, probs := personas.Parse(r.path, []byte(r.text), r.scope)
	return p != nil && len(personas.Errors(probs)) == 0
}

// ErrRawChanged is returned by Save when the file changed on disk since it was read.
var ErrRawChanged = errors.New("the file changed on disk since the raw view read it; nothing was written (reload to see the new text)")

// Save writes the text, atomically, with the old text in a .bak, unless the file changed on
// disk since it was read.
func (r *RawFile) Save() error {
	data := []byte(r.text)
	err := atomicfile.Replace(r.path, data, personas.BackupOptions(r.path, atomicfile.Options{Check: func(onDisk []byte, exists bool) error {
		if !exists || !bytes.Equal(onDisk, r.loaded) {
			return ErrRawChanged
		}
		return nil
	}}))
	if err != nil {
		return fmt.Errorf("%s: %w", r.path, err)
	}
	r.loaded = data
	return nil
}
