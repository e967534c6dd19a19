package personas

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/internal/unidiff"
)

// Document is a persona file opened for editing. Edits change the text in memory, exactly where
// the change is and nowhere else (comments, key order, quoting, blank lines, unknown keys, line
// endings and the final newline are kept), and each edit is checked by parsing the result: an
// edit that would make the persona invalid is refused with the reader's positioned problems.
// Save writes the text to disk.
type Document struct {
	path  string
	scope Scope

	loaded []byte   // the bytes read from disk; nil for a new file
	hash   [32]byte // hash of loaded, to refuse a save over a file changed since
	exists bool     // the file existed when read
	mode   fs.FileMode

	data []byte  // the text as edited
	cur  *parsed // data, parsed (loosely, when allowInvalid let an edit make it invalid)

	allowInvalid bool // see AllowInvalid
}

// Open reads the persona file at path for editing. A file that does not parse cannot be edited
// through the API (there is nothing safe to splice into): the error lists its problems.
func Open(path string, scope Scope) (*Document, error) {
	data, err := regularfile.Read(path, regularfile.PersonaLimit)
	if err != nil {
		return nil, fmt.Errorf("cannot open the persona: %w", err)
	}
	d, err := NewDocument(path, data, scope)
	if err != nil {
		return nil, err
	}
	d.exists = true
	d.mode = 0o644
	if st, err := os.Stat(path); err == nil {
		d.mode = st.Mode().Perm()
	}
	return d, nil
}

// NewDocument makes a Document of data as if read from path, for a file not yet written or for
// previews. Save creates the file and refuses to replace one that exists.
func NewDocument(path string, data []byte, scope Scope) (*Document, error) {
	if scope == ScopeBuiltin {
		return nil, errBuiltin(nameFromFile(path))
	}
	p, probs := parseFile(path, data, scope)
	if p == nil {
		return nil, fmt.Errorf("%s cannot be edited until it is fixed:\n%w", path, ProblemsError(Errors(probs)))
	}
	if i := loneCR(data[:p.lay.bodyStart]); i >= 0 {
		// YAML reads a lone "\r" as a line break and this editor's line index does not, so
		// splices would land in the wrong place.
		return nil, fmt.Errorf("%s:%d: the frontmatter has a carriage return without a line feed; save the file with LF or CRLF line endings to edit it here", path, newText(data).lineOf(i))
	}
	d := &Document{path: path, scope: scope, data: bytes.Clone(data), cur: p, mode: 0o644}
	d.loaded = bytes.Clone(data)
	d.hash = sha256.Sum256(data)
	return d, nil
}

func errBuiltin(name string) error {
	return fmt.Errorf("%s is a built-in persona and cannot be changed; `agentmgr new NAME --from %s` makes an editable copy, and a global file named %s.md overrides it", name, name, name)
}

// AllowInvalid lets later edits apply even when the text they give does not read as a valid
// persona (an empty description, an unknown action, steps: 0), so that an editor can parse the
// text it would write and show the parser's problems by field (Problem.Field). Text that is
// no longer a map of fields is still refused, and Save refuses text with errors.
func (d *Document) AllowInvalid() { d.allowInvalid = true }

// Path is the file the document is read from and saved to.
func (d *Document) Path() string { return d.path }

// Persona is the persona as the edited text reads.
func (d *Document) Persona() *Persona { return d.cur.persona }

// Bytes is what Save would write.
func (d *Document) Bytes() []byte { return bytes.Clone(d.data) }

// Original is the text as it was read (or last saved).
func (d *Document) Original() []byte { return bytes.Clone(d.loaded) }

// Changed reports whether the text differs from what was read or last saved.
func (d *Document) Changed() bool { return d.loaded == nil || !bytes.Equal(d.data, d.loaded) }

// Diff is the unified diff from the text read to the text Save would write ("" when unchanged).
func (d *Document) Diff() string {
	if d.loaded == nil {
		return unidiff.Diff("/dev/null", d.path, nil, d.data)
	}
	return unidiff.Diff(d.path, d.path, d.loaded, d.data)
}

// replace applies an edit: the new text must parse without errors, and check (when given) must
// accept the persona it reads as. Otherwise nothing changes and the error says why, positioned
// in the text the edit would have produced.
func (d *Document) replace(data []byte, check func(*Persona) error) error {
	p, probs := parseLoose(d.path, data, d.scope)
	invalid := HasError(probs)
	if p == nil || invalid && !d.allowInvalid {
		return fmt.Errorf("the change would make %s invalid; nothing was changed:\n%w", d.path, ProblemsError(Errors(probs)))
	}
	// A check compares what the text reads as with what the edit meant; text with errors
	// reads as less than it says (a rule with a bad action is left out), so it is not checked.
	if check != nil && !invalid {
		if err := check(p.persona); err != nil {
			return err
		}
	}
	d.data, d.cur = data, p
	return nil
}

// splice returns data with [from, to) replaced by with.
func splice(data []byte, from, to int, with string) []byte {
	out := make([]byte, 0, len(data)-(to-from)+len(with))
	out = append(out, data[:from]...)
	out = append(out, with...)
	return append(out, data[to:]...)
}

// eol is the file's line ending.
func (d *Document) eol() string {
	if d.cur.lay.crlf {
		return "\r\n"
	}
	return "\n"
}

// recoverEdit turns a failure of the splicing code on YAML it does not expect (tags on keys,
// anchors in odd places) into a refusal: the document is left as it was.
func (d *Document) recoverEdit(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s cannot be changed safely here: it uses YAML this editor does not rewrite (%v); edit the file by hand", d.path, r)
	}
}

// loneCR is the offset of the first "\r" not followed by "\n", or -1.
func loneCR(b []byte) int {
	for i, c := range b {
		if c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			return i
		}
	}
	return -1
}
