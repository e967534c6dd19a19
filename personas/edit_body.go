package personas

import (
	"strings"
)

// SetPrompt changes the persona's prompt: the prompt field when the file has one, else the
// body. The body keeps the blank lines around it and the file's line endings; a file that
// ended without a newline still does.
func (d *Document) SetPrompt(prompt string) error {
	if d.cur.has("prompt") {
		return d.Set("prompt", prompt)
	}
	return d.SetBody(prompt)
}

// SetBody replaces the Markdown body after the frontmatter (the prompt, unless a prompt field
// overrides it).
func (d *Document) SetBody(body string) (err error) {
	defer d.recoverEdit(&err)
	eol := d.eol()
	data := d.data
	start := d.cur.lay.bodyStart
	old := string(data[start:])
	// Keep the blank lines before the text and the white space after it, which the reader
	// trims, so that only the text itself changes.
	lead := leadingBlankLines(old)
	trimmed := strings.TrimRight(old, " \t\r\n")
	tail := old[len(trimmed):]
	if len(trimmed) < len(lead) {
		// No text at all: everything is blank; keep it as the trailing part.
		lead, tail = "", old
	}
	text := strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\n", eol)
	text = strings.Trim(text, "\r\n")
	var b strings.Builder
	if start == len(data) && len(data) > 0 && data[len(data)-1] != '\n' && text != "" {
		// The closing --- was the last line, without a newline: it needs one before the body.
		b.WriteString(eol)
	}
	b.WriteString(lead)
	b.WriteString(text)
	switch {
	case text == "":
	case tail != "":
		b.WriteString(tail)
	case old == "":
		b.WriteString(eol) // a new body ends its last line
	}
	if text == "" {
		b.Reset()
		b.WriteString(old[:0])
	}
	return d.replace(splice(data, start, len(data), b.String()), nil)
}

// leadingBlankLines is the run of whole blank lines at the start of s.
func leadingBlankLines(s string) string {
	end := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\r':
		case '\n':
			end = i + 1
		default:
			return s[:end]
		}
	}
	return s[:end]
}
