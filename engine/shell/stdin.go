package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdin is what a command reads on its standard input, as far as the
// command text shows it. It matters for shells, which run their standard
// input as a script when given no other.
type stdin struct {
	// given is true when a here-document or here-string feeds the command;
	// script then holds its text.
	given bool
	// script is the text fed in, in its visible form when not literal.
	script string
	// literal is true when script is exactly what the command will read.
	literal bool
	// toFile is true when the statement's standard output goes to a file
	// (not a pipe, the terminal or a device), where printed words may
	// become a script.
	toFile bool
	// others is the text here-documents and here-strings feed to other
	// descriptors (3<<EOF), which a program may read as a file (/dev/fd/3).
	others string
}

// stdinOf returns what the last redirection of file descriptor 0 in redirs
// feeds the command; the zero stdin when none does (a pipe, a file, the
// terminal: nothing the text shows).
func stdinOf(src string, redirs []*syntax.Redirect) stdin {
	var in stdin
	var others []string
	for _, r := range redirs {
		if r.N != nil && r.N.Value != "0" {
			switch r.Op {
			case syntax.Hdoc, syntax.DashHdoc:
				others = append(others, heredoc(src, r).script)
			case syntax.WordHdoc:
				others = append(others, renderWord(src, r.Word).text)
			}
			continue
		}
		switch r.Op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn:
			in = stdin{}
		case syntax.Hdoc, syntax.DashHdoc:
			in = heredoc(src, r)
		case syntax.WordHdoc:
			w := renderWord(src, r.Word)
			in = stdin{given: true, script: w.text + "\n", literal: w.literal}
		}
	}
	in.toFile = outToFile(src, redirs)
	in.others = strings.Join(others, "\n")
	return in
}

// outToFile reports whether redirs send standard output to a file.
func outToFile(src string, redirs []*syntax.Redirect) bool {
	for _, r := range redirs {
		if r.Word == nil || r.N != nil && r.N.Value != "1" {
			continue
		}
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.RdrAll, syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob, syntax.DplOut:
			w := renderWord(src, r.Word)
			if r.Op == syntax.DplOut && w.literal && isDescriptor(w.text) {
				continue
			}
			if !(w.literal && (inertFiles[w.text] || inertFiles[devicePath(w.text)])) {
				return true
			}
		}
	}
	return false
}

// heredoc returns what a here-document feeds: its body, verbatim when the
// delimiter is quoted, with escapes removed otherwise; not literal when an
// unquoted body holds expansions.
func heredoc(src string, r *syntax.Redirect) stdin {
	in := stdin{given: true, literal: true}
	if r.Hdoc == nil {
		return in
	}
	quoted := delimiterQuoted(r.Word)
	var b strings.Builder
	for _, part := range r.Hdoc.Parts {
		if lit, ok := part.(*syntax.Lit); ok {
			if quoted {
				b.WriteString(lit.Value)
			} else {
				b.WriteString(heredocLit(lit.Value))
			}
			continue
		}
		in.literal = false
		b.WriteString(sourceOf(src, part))
	}
	in.script = b.String()
	if r.Op == syntax.DashHdoc {
		in.script = stripLeadingTabs(in.script)
	}
	return in
}

// delimiterQuoted reports whether a here-document delimiter is quoted in
// any way, which makes the body verbatim.
func delimiterQuoted(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || strings.Contains(lit.Value, "\\") {
			return true
		}
	}
	return false
}

// stripLeadingTabs removes the leading tabs of every line, as <<- does.
func stripLeadingTabs(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "\n")
}
