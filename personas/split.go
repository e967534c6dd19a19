package personas

import "bytes"

// bom is the UTF-8 byte order mark some Windows editors put at the start of a file.
var bom = []byte("\xef\xbb\xbf")

// layout is where the parts of a persona file are, as byte offsets into the file. The writer
// splices new text into these ranges and copies everything else byte for byte.
type layout struct {
	fmStart   int // first byte of the frontmatter, after the opening `---` line
	fmEnd     int // first byte of the closing `---` line
	bodyStart int // first byte after the closing `---` line and its line ending
	closeLine int // 1-based line of the closing `---`
	crlf      bool
}

// splitFile finds the frontmatter between the first line, which must be exactly `---`, and the
// next line that is exactly `---` (a trailing "\r" is allowed on both, for CRLF files). A UTF-8
// byte order mark before the first `---` is accepted and kept.
func splitFile(data []byte) (layout, string, bool) {
	var l layout
	rest := bytes.TrimPrefix(data, bom)
	off := len(data) - len(rest)
	first, n, ok := cutLine(rest)
	if !ok && len(first) == 0 {
		return l, "the file is empty; a persona starts with a line that is exactly ---, then its fields, then another ---", false
	}
	if string(first) != "---" && string(first) != "---\r" {
		return l, "the file does not start with a frontmatter block: its first line must be exactly ---", false
	}
	l.crlf = bytes.HasSuffix(first, []byte("\r"))
	off += n
	l.fmStart = off
	line := 2
	for off < len(data) {
		text, n, _ := cutLine(data[off:])
		if string(text) == "---" || string(text) == "---\r" {
			l.fmEnd = off
			l.bodyStart = off + n
			l.closeLine = line
			return l, "", true
		}
		off += n
		line++
	}
	return l, "the frontmatter opened on line 1 is never closed: add a line that is exactly --- after the fields", false
}

// cutLine returns the first line of b without its "\n", the bytes it spans including the
// "\n", and whether a "\n" ended it.
func cutLine(b []byte) (line []byte, n int, nl bool) {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i], i + 1, true
	}
	return b, len(b), false
}

// promptOf is the body as the prompt: line endings read as "\n", surrounding blank lines
// removed, and trailing white space of the last line dropped.
func promptOf(body []byte) string {
	s := string(bytes.ReplaceAll(body, []byte("\r\n"), []byte("\n")))
	// Drop leading lines that hold only white space, but keep the indentation of the first
	// line that has text: it may be a code block.
	for {
		i := 0
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
			i++
		}
		if i < len(s) && s[i] == '\n' {
			s = s[i+1:]
			continue
		}
		if i == len(s) {
			s = ""
		}
		break
	}
	end := len(s)
	for end > 0 && (s[end-1] == ' ' || s[end-1] == '\t' || s[end-1] == '\n' || s[end-1] == '\r') {
		end--
	}
	return s[:end]
}

// SplitFrontmatter separates a Markdown file into the text of its frontmatter and its body by
// the persona reader's own rule (an opening and a closing line that are exactly `---`, a byte
// order mark accepted), with CRLF read as LF in both. ok is false for a file with no
// frontmatter (none opened, or never closed): all of it is then the body. Every reader of
// another tool's Markdown (the importers, pi-subagents' agent files) splits with it, so that a
// file is never split two ways.
func SplitFrontmatter(data []byte) (fm, body string, ok bool) {
	lf := func(b []byte) string { return string(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))) }
	l, _, ok := splitFile(data)
	if !ok {
		return "", lf(bytes.TrimPrefix(data, bom)), false
	}
	return lf(data[l.fmStart:l.fmEnd]), lf(data[l.bodyStart:]), true
}
