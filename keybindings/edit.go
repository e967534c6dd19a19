package keybindings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// indentUnit is the indentation of a new entry when the file gives no
// example to follow.
const indentUnit = "  "

// Set binds id to combos, written in canonical form: one combo as a
// string, several (or an entry that was already an array) as an array,
// none as [] (which disables the action). An existing entry keeps its place
// and only its value changes; when id is repeated, the last occurrence (the
// one pi uses) is changed. A new entry is appended after the last one,
// indented like it and with the file's line ending. Every other byte of
// the file is kept.
func (f *File) Set(id string, combos ...Combo) error {
	if id == "" || id == SchemaKey {
		return fmt.Errorf("cannot bind %q: it is not an action id", id)
	}
	for _, c := range combos {
		if c.IsZero() {
			return fmt.Errorf("cannot bind %s to an empty key", id)
		}
	}
	idx := -1
	for i := len(f.Entries) - 1; i >= 0; i-- {
		if f.Entries[i].ID == id {
			idx = i
			break
		}
	}
	var next []byte
	if idx >= 0 {
		e := f.Entries[idx]
		value := renderValue(combos, e.Array)
		next = splice(f.src, e.valueStart, e.valueEnd, value)
	} else {
		next = f.appended(quote(id) + ": " + renderValue(combos, false))
	}
	return f.replace(next)
}

// Unset removes every entry for id, so that the default applies again. It
// reports whether there was one. The separators around the entry are
// removed with it, so the rest of the file is byte-identical.
func (f *File) Unset(id string) (bool, error) {
	removed := false
	for i := len(f.Entries) - 1; i >= 0; i-- {
		if f.Entries[i].ID != id {
			continue
		}
		if err := f.replace(f.removed(i)); err != nil {
			return removed, err
		}
		removed = true
	}
	return removed, nil
}

// replace installs new content and re-parses it, so that offsets and
// positions stay right for the next edit.
func (f *File) replace(next []byte) error {
	before := *f
	f.src = next
	if err := f.parse(); err != nil {
		*f = before
		return fmt.Errorf("editing keybindings produced invalid JSON (a bug in agentmgr; the file was not changed): %w", err)
	}
	return nil
}

// appended returns the content with member added as the last member of
// the top-level object.
func (f *File) appended(member string) []byte {
	if f.open < 0 {
		return []byte("{\n" + indentUnit + member + "\n}\n")
	}
	if len(f.Entries) == 0 {
		newline := "\n"
		if bytes.Contains(f.src, []byte("\r\n")) {
			newline = "\r\n"
		}
		return splice(f.src, f.open+1, f.close, newline+indentUnit+member+newline)
	}
	last := f.Entries[len(f.Entries)-1]
	tail := f.src[last.valueEnd:f.close]
	if !bytes.ContainsRune(tail, '\n') {
		// A one-line object stays on one line.
		return splice(f.src, last.valueEnd, last.valueEnd, ", "+member)
	}
	newline := "\n"
	if bytes.Contains(tail, []byte("\r\n")) {
		newline = "\r\n"
	}
	return splice(f.src, last.valueEnd, last.valueEnd, ","+newline+f.lineIndent(last.start)+member)
}

// removed returns the content without entry i and one of its separating
// commas.
func (f *File) removed(i int) []byte {
	e := f.Entries[i]
	switch {
	case len(f.Entries) == 1:
		return splice(f.src, f.open+1, f.close, "")
	case i < len(f.Entries)-1:
		// Remove the entry, its comma and the space up to the next entry,
		// which takes its place (and its indentation).
		return splice(f.src, e.start, f.Entries[i+1].start, "")
	default:
		// The last entry: remove from the end of the previous value, so
		// that the previous entry loses its now-trailing comma.
		return splice(f.src, f.Entries[i-1].valueEnd, e.valueEnd, "")
	}
}

// lineIndent returns the leading whitespace of the line holding offset.
func (f *File) lineIndent(offset int) string {
	lineStart := bytes.LastIndexByte(f.src[:offset], '\n') + 1
	end := lineStart
	for end < len(f.src) && (f.src[end] == ' ' || f.src[end] == '\t') {
		end++
	}
	if end == lineStart {
		return indentUnit
	}
	return string(f.src[lineStart:end])
}

// renderValue writes combos as a JSON value in canonical spelling.
func renderValue(combos []Combo, array bool) string {
	if len(combos) == 1 && !array {
		return quote(combos[0].String())
	}
	parts := make([]string, len(combos))
	for i, c := range combos {
		parts[i] = quote(c.String())
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// quote encodes s as a JSON string without escaping <, > and &, which are
// keys here, not HTML.
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		// Encoding a Go string cannot fail.
		panic(errors.Join(errors.New("keybindings: encoding a string"), err))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// splice returns src with src[from:to] replaced by s, in a new slice.
func splice(src []byte, from, to int, s string) []byte {
	out := make([]byte, 0, len(src)-(to-from)+len(s))
	out = append(out, src[:from]...)
	out = append(out, s...)
	return append(out, src[to:]...)
}
