package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// word is one command word as the rules see it.
type word struct {
	// text is the word after quote removal. When the word holds an
	// expansion, the expansion keeps its source form ($HOME, $(cmd)), so a
	// rule can still see what was written.
	text string
	// literal is true when the shell passes text exactly as it is: no
	// parameter, command or arithmetic expansion, no glob and no brace
	// expansion.
	literal bool
	// split is true when the word holds an unquoted expansion, which the
	// shell may split into several words at run time.
	split bool
	// proc is true when the word is one process substitution (>(cmd)):
	// a file name only at run time, whose commands are analysed anyway.
	proc bool
}

// renderWord applies quote removal to w. src is the text w was parsed from;
// expansions are copied from it in their source form.
func renderWord(src string, w *syntax.Word) word {
	// Most words are one plain literal: no need to build a string.
	if len(w.Parts) == 1 {
		if lit, ok := w.Parts[0].(*syntax.Lit); ok && plainLiteral(lit.Value) {
			return word{text: lit.Value, literal: true}
		}
	}
	if len(w.Parts) == 1 {
		if _, ok := w.Parts[0].(*syntax.ProcSubst); ok {
			return word{text: sourceOf(src, w), proc: true}
		}
	}
	var b strings.Builder
	r := word{literal: true}
	var g globScan
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if !unquotedLit(&b, p.Value, &g) {
				r.literal = false
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value))
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if lit, ok := q.(*syntax.Lit); ok {
					doubleQuotedLit(&b, lit.Value)
					continue
				}
				r.literal = false
				b.WriteString(sourceOf(src, q))
			}
		default:
			// ParamExp, CmdSubst, ArithmExp, ProcSubst, ExtGlob, BraceExp:
			// all decided at run time.
			r.literal = false
			switch p.(type) {
			case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
				r.split = true
			}
			b.WriteString(sourceOf(src, p))
		}
	}
	r.text = b.String()
	return r
}

// plainLiteral reports whether an unquoted literal needs no quote removal and
// cannot expand: no backslash, glob or brace characters.
func plainLiteral(s string) bool {
	return !strings.ContainsAny(s, "\\*?[{")
}

// sourceOf returns the source text of n, or "" when its positions do not fit
// src (which cannot happen for nodes parsed from src, but costs nothing to
// guard).
func sourceOf(src string, n syntax.Node) string {
	start, end := n.Pos().Offset(), n.End().Offset()
	if start > end || end > uint(len(src)) {
		return ""
	}
	return src[start:end]
}

// globScan tracks, across the unquoted parts of one word, the characters
// that make bash expand it: glob characters and brace expansions.
type globScan struct {
	bracket   bool // an unquoted '[' waits for its ']'
	brace     bool // an unquoted '{' waits for its '}'
	braceSep  bool // and a ',' or '..' was seen after it
	lastPoint bool // the previous unquoted character was '.'
}

// unquotedLit writes the unquoted literal s to b with backslash escapes
// removed, and reports whether it is free of glob and brace expansion.
func unquotedLit(b *strings.Builder, s string, g *globScan) bool {
	literal := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			i++
			b.WriteByte(s[i])
			g.lastPoint = false
			continue
		}
		switch c {
		case '*', '?':
			literal = false
		case '[':
			g.bracket = true
		case ']':
			if g.bracket {
				literal = false
			}
		case '{':
			g.brace, g.braceSep = true, false
		case ',':
			if g.brace {
				g.braceSep = true
			}
		case '.':
			if g.brace && g.lastPoint {
				g.braceSep = true
			}
		case '}':
			if g.brace && g.braceSep {
				literal = false
			}
			g.brace = false
		}
		g.lastPoint = c == '.'
		b.WriteByte(c)
	}
	return literal
}

// doubleQuotedLit writes a literal from inside double quotes to b. There a
// backslash only escapes $, `, ", \ and newline; before anything else it
// stays.
func doubleQuotedLit(b *strings.Builder, s string) {
	unescape(b, s, "$`\"\\")
}

// unescape writes s to b with its backslash escapes removed, where a backslash escapes the
// bytes of escapable and joins lines (a backslash before a newline drops both); before
// anything else it stays.
func unescape(b *strings.Builder, s, escapable string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			switch {
			case strings.IndexByte(escapable, s[i+1]) >= 0:
				i++
				b.WriteByte(s[i])
				continue
			case s[i+1] == '\n':
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
}

// heredocLit returns the body of an unquoted here-document with its escapes
// removed: there a backslash only escapes $, `, \ and newline.
func heredocLit(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	unescape(&b, s, "$`\\")
	return b.String()
}

// joinTexts joins the texts of words with one space, as rules see them.
func joinTexts(words []word) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0].text
	}
	n := len(words) - 1
	for _, w := range words {
		n += len(w.text)
	}
	var b strings.Builder
	b.Grow(n)
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.text)
	}
	return b.String()
}

// allLiteral reports whether every word is literal.
func allLiteral(words []word) bool {
	for _, w := range words {
		if !w.literal {
			return false
		}
	}
	return true
}
