package keybindings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
)

// SchemaKey is the one id that is not an action: the JSON schema reference
// editors use for completion. It is kept as written and never checked.
const SchemaKey = "$schema"

// File is a parsed keybindings.json: its entries in file order, and the
// bytes they came from, so that edits can rewrite only what changed.
type File struct {
	// Path is where the file was read from and will be saved to; it may be
	// empty for a file parsed from memory.
	Path string
	// Entries are the members of the top-level object in file order,
	// including $schema, unknown ids and repeated ids.
	Entries []Entry

	src   []byte
	open  int // offset of the top-level '{', -1 when the file is empty
	close int // offset of the matching '}'
	lines lineIndex
	disk  diskState
}

// Entry is one member of the top-level object: an id and its keys.
type Entry struct {
	ID string
	// Bindings are the keys in the order written: one for a string value,
	// any number for an array ([] disables the action).
	Bindings []Binding
	// Array is true when the value was written as an array.
	Array bool
	// TypeErr is set when the value is neither a string nor an array; pi
	// cannot use such a value, and Bindings is empty.
	TypeErr error
	// Pos is where the id starts.
	Pos Position

	start      int // offset of the id's opening quote
	valueStart int // offset of the value's first byte
	valueEnd   int // offset just past the value
}

// Binding is one key string of an entry, as written and as parsed.
type Binding struct {
	Text  string   // the string as written (JSON-decoded)
	Combo Combo    // the parsed combo; zero when Err is set
	Err   error    // why pi will drop this key (*ComboError), or a type error
	Pos   Position // where the string starts
}

// ParseError is a problem at a position in keybindings.json that stops it
// from being read at all: invalid JSON, or a top level that is not an
// object.
type ParseError struct {
	File string
	Pos  Position
	Msg  string
	Err  error // the underlying error, if any
}

func (e *ParseError) Error() string {
	name := e.File
	if name == "" {
		name = FileName
	}
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s:%s: %s", name, e.Pos, e.Msg)
	}
	return fmt.Sprintf("%s: %s", name, e.Msg)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Parse reads keybindings.json from src. name is used in error messages
// and as the File's Path. An empty or all-whitespace src is an empty file.
// JSON syntax errors are returned as *ParseError with line and column; keys pi
// would drop are not errors here: they are kept in Entries with Err set,
// and Check reports them.
func Parse(name string, src []byte) (*File, error) {
	f := &File{Path: name, src: src, open: -1, close: -1}
	if err := f.parse(); err != nil {
		return nil, err
	}
	return f, nil
}

// Bytes returns the file's content, including edits not yet saved.
func (f *File) Bytes() []byte { return f.src }

// Lookup returns the entry pi uses for id: the last one when the id is
// repeated, as JSON readers keep the last duplicate.
func (f *File) Lookup(id string) (Entry, bool) {
	for i := len(f.Entries) - 1; i >= 0; i-- {
		if f.Entries[i].ID == id {
			return f.Entries[i], true
		}
	}
	return Entry{}, false
}

// IDs returns the distinct ids of the file in order of first appearance.
func (f *File) IDs() []string {
	seen := make(map[string]bool, len(f.Entries))
	var ids []string
	for _, e := range f.Entries {
		if !seen[e.ID] {
			seen[e.ID] = true
			ids = append(ids, e.ID)
		}
	}
	return ids
}

func (f *File) errorAt(offset int, err error, format string, args ...any) error {
	return &ParseError{File: f.Path, Pos: f.lines.at(offset), Msg: fmt.Sprintf(format, args...), Err: err}
}

// parse fills Entries and the object's offsets from f.src.
func (f *File) parse() error {
	f.Entries = nil
	f.open, f.close = -1, -1
	src := f.src
	f.lines = newLineIndex(src)
	start := skipSpace(src, 0)
	if start == len(src) {
		return nil
	}
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		return f.errorAt(0, nil, "the file starts with a byte order mark, which pi's JSON reader rejects; save it as UTF-8 without BOM")
	}
	if src[start] != '{' {
		return f.errorAt(start, nil, "the file must be a JSON object mapping action ids to keys, like {\"piAgentManager.next\": \"ctrl+n\"}")
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	if _, err := dec.Token(); err != nil {
		return f.syntaxError(err)
	}
	f.open = start
	for dec.More() {
		e, err := f.parseMember(dec)
		if err != nil {
			return err
		}
		f.Entries = append(f.Entries, e)
	}
	if _, err := dec.Token(); err != nil {
		return f.syntaxError(err)
	}
	f.close = int(dec.InputOffset()) - 1
	if rest := skipSpace(src, f.close+1); rest < len(src) {
		return f.errorAt(rest, nil, "unexpected content after the closing }; the file must hold one JSON object")
	}
	return nil
}

// parseMember reads one "id": value member. The decoder has validated
// everything before its input offset, so scanning the source from there
// finds where the next token starts.
func (f *File) parseMember(dec *json.Decoder) (Entry, error) {
	keyStart := skipSeparators(f.src, int(dec.InputOffset()))
	tok, err := dec.Token()
	if err != nil {
		return Entry{}, f.syntaxError(err)
	}
	id, _ := tok.(string) // the decoder only returns strings as object keys
	e := Entry{ID: id, Pos: f.lines.at(keyStart), start: keyStart}
	e.valueStart = skipSeparators(f.src, int(dec.InputOffset()))
	if e.valueStart >= len(f.src) {
		return Entry{}, f.syntaxError(io.ErrUnexpectedEOF)
	}
	switch f.src[e.valueStart] {
	case '"':
		b, err := f.readString(dec)
		if err != nil {
			return Entry{}, err
		}
		e.Bindings = []Binding{b}
	case '[':
		e.Array = true
		if _, err := dec.Token(); err != nil {
			return Entry{}, f.syntaxError(err)
		}
		for dec.More() {
			b, err := f.readString(dec)
			if err != nil {
				return Entry{}, err
			}
			e.Bindings = append(e.Bindings, b)
		}
		if _, err := dec.Token(); err != nil {
			return Entry{}, f.syntaxError(err)
		}
	default:
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return Entry{}, f.syntaxError(err)
		}
		e.TypeErr = fmt.Errorf("the value of %q is %s; it must be a key string or an array of key strings", id, describeJSON(raw))
	}
	e.valueEnd = int(dec.InputOffset())
	if id == SchemaKey {
		// $schema holds a URL, not keys: keep it, never parse it.
		if e.Array || e.TypeErr != nil {
			e.TypeErr = fmt.Errorf("the value of %q must be a string (the schema's URL)", id)
		}
		e.Bindings, e.Array = nil, false
	}
	return e, nil
}

// readString reads one element that should be a key string. Any other
// JSON value is consumed and recorded as a binding with a type error.
func (f *File) readString(dec *json.Decoder) (Binding, error) {
	start := skipSeparators(f.src, int(dec.InputOffset()))
	if start < len(f.src) && f.src[start] != '"' {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return Binding{}, f.syntaxError(err)
		}
		return Binding{
			Text: string(raw),
			Pos:  f.lines.at(start),
			Err:  fmt.Errorf("%s is not a key string; write keys as strings like \"ctrl+k\"", describeJSON(raw)),
		}, nil
	}
	tok, err := dec.Token()
	if err != nil {
		return Binding{}, f.syntaxError(err)
	}
	s, ok := tok.(string)
	if !ok {
		// Unreachable: the byte at start is a quote, so the token is a string.
		return Binding{}, f.errorAt(start, nil, "expected a key string")
	}
	b := Binding{Text: s, Pos: f.lines.at(start)}
	b.Combo, b.Err = ParseCombo(s)
	return b, nil
}

// syntaxError converts a decoder error into a *ParseError at the
// offending byte. The decoder's offsets are not consistent between its
// token and value paths, so the document is validated again in one piece,
// where the offset always counts the bytes up to and including the bad one.
func (f *File) syntaxError(err error) error {
	var v any
	uerr := json.Unmarshal(f.src, &v)
	var se *json.SyntaxError
	switch {
	case uerr == nil:
		// The whole document is valid JSON, so the decoder stopped on
		// something else; report it at the end.
		return f.errorAt(len(f.src), err, "invalid JSON: %v", err)
	case errors.As(uerr, &se) && strings.Contains(se.Error(), "unexpected end of JSON input"):
		return f.errorAt(len(f.src), uerr, "invalid JSON: the file ends too early; is a closing }, ] or \" missing?")
	case errors.As(uerr, &se):
		return f.errorAt(int(se.Offset)-1, uerr, "invalid JSON: %v%s", uerr, syntaxHint(uerr.Error()))
	default:
		return f.errorAt(len(f.src), uerr, "invalid JSON: %v", uerr)
	}
}

// syntaxHint guesses the usual cause of a JSON syntax error.
func syntaxHint(msg string) string {
	switch {
	case strings.Contains(msg, "after object key:value pair"), strings.Contains(msg, "after array element"):
		return " (is a comma missing?)"
	case strings.Contains(msg, "looking for beginning of object key string"):
		return " (a comma after the last entry, or a key not in double quotes?)"
	case strings.Contains(msg, "looking for beginning of value"):
		return " (a comma after the last element, a missing value, or a string not in double quotes?)"
	case strings.Contains(msg, "in string literal"):
		return " (a control character or a bad escape inside a string?)"
	}
	return ""
}

// describeJSON names the kind of a raw JSON value for error messages.
func describeJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return "empty"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	case '"':
		return "a string"
	default:
		return "a number"
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace returns the offset of the first non-whitespace byte at or
// after i.
func skipSpace(src []byte, i int) int {
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	return i
}

// skipSeparators skips whitespace, ':' and ',' : what lies between the end
// of one token and the start of the next.
func skipSeparators(src []byte, i int) int {
	for i < len(src) && (isSpace(src[i]) || src[i] == ':' || src[i] == ',') {
		i++
	}
	return i
}

// FileName is how messages name a keybindings file that was not read from disk.
const FileName = locations.KeybindingsName
