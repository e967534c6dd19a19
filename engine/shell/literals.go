package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A CI step often keeps a literal in a variable and uses it a few lines on
// (SEMVER_RE='...' then sed -e "s#$SEMVER_RE#\1#"). The word is only
// known at run time in general, but when the script itself gives the
// variable one literal value and nothing in the script can change it
// between that assignment and the use, the value is what the use reads, and
// the word can be decided as the literal it is.

// literalVar is a variable the script gives one literal value.
type literalVar struct {
	value string
	after uint // the end of the assignment's statement: uses before it read another value
}

// bashSets are variables bash itself sets or gives a meaning on assignment
// (cd sets PWD, RANDOM=5 seeds it, IFS changes splitting), so a literal
// assigned to one is not what a later read sees.
var bashSets = map[string]bool{
	"RANDOM": true, "SRANDOM": true, "SECONDS": true, "LINENO": true, "BASHPID": true, "EPOCHSECONDS": true,
	"EPOCHREALTIME": true, "FUNCNAME": true, "GROUPS": true, "HISTCMD": true, "PWD": true, "OLDPWD": true,
	"REPLY": true, "OPTARG": true, "OPTIND": true, "OPTERR": true, "PIPESTATUS": true, "MAPFILE": true,
	"COPROC": true, "UID": true, "EUID": true, "PPID": true, "SHELLOPTS": true, "COLUMNS": true, "LINES": true,
	"HOSTNAME": true, "HOSTTYPE": true, "OSTYPE": true, "MACHTYPE": true, "DIRSTACK": true, "SHLVL": true,
	"IFS": true, "PS4": true,
}

// setsUnseen are commands that can assign a variable the script does not name (read "$n",
// printf -v "$n", eval $'\x53=x', source FILE): with one of them in the script no literal is
// trusted, except a printf with no options and the others given plain words only.
var setsUnseen = map[string]bool{
	"read": true, "mapfile": true, "readarray": true, "getopts": true, "wait": true, "let": true,
	"unset": true, "export": true, "local": true, "typeset": true, "readonly": true, "declare": true,
	"printf": true, "eval": true, "source": true, ".": true, "trap": true, "alias": true, "enable": true,
	"command": true, "builtin": true,
}

// literals returns the variables of src with one literal value, computed once.
func (src *source) literals() map[string]literalVar {
	if src.lits != nil {
		return src.lits
	}
	src.lits = map[string]literalVar{}
	if !scriptSetsOnlyByName(src) {
		return src.lits
	}
	for _, s := range src.stmts {
		c, ok := s.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) > 0 || s.Background || s.Coprocess || s.Negated {
			continue
		}
		for _, as := range c.Assigns {
			name, value, ok := literalAssign(src.text, as)
			if !ok || !onlyAssignedAt(src.text, name, as.Name.Pos().Offset()) {
				continue
			}
			src.lits[name] = literalVar{value: value, after: s.End().Offset()}
		}
	}
	return src.lits
}

// literalAssign is NAME and its value when as is NAME=LITERAL with a non-empty value.
func literalAssign(text string, as *syntax.Assign) (string, string, bool) {
	if as.Name == nil || as.Naked || as.Append || as.Index != nil || as.Array != nil || as.Value == nil {
		return "", "", false
	}
	name := as.Name.Value
	if bashSets[name] || strings.HasPrefix(name, "BASH") || strings.HasPrefix(name, "COMP") || strings.HasPrefix(name, "READLINE") {
		return "", "", false
	}
	// An assignment expands a tilde at its start and after each colon (D=~, P=a:~/bin), so a
	// value with one is not the text written.
	w := renderWord(text, as.Value)
	if !w.literal || w.text == "" || strings.Contains(w.text, "~") {
		return "", "", false
	}
	return name, w.text, true
}

// onlyAssignedAt reports whether every place text names name, as a whole word, is a read
// of it ($name, ${name...}) but the assignment at offset at.
func onlyAssignedAt(text, name string, at uint) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return true
		}
		pos := i + j
		i = pos + len(name)
		if pos > 0 && identChar(text[pos-1]) || i < len(text) && identChar(text[i]) {
			continue
		}
		if uint(pos) == at || pos > 0 && text[pos-1] == '$' || pos >= 2 && text[pos-2:pos] == "${" {
			continue
		}
		return false
	}
}

func identChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// scriptSetsOnlyByName reports whether every command of src that can assign a variable names
// it in plain words: no eval, source, trap or alias; read, declare and the like with plain
// words only; printf without options.
func scriptSetsOnlyByName(src *source) bool {
	ok := true
	for _, s := range src.stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.DeclClause:
				for _, as := range n.Args {
					if as.Name == nil && (as.Value == nil || !plainWord(src.text, as.Value)) {
						ok = false
					}
				}
			case *syntax.CallExpr:
				if len(n.Args) > 0 && !plainSetter(src.text, n.Args) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// plainSetter reports whether the command of args, if it can assign variables, names them in
// plain words.
func plainSetter(text string, args []*syntax.Word) bool {
	name := args[0].Lit()
	if !setsUnseen[name] {
		// A command name known only at run time could be one of them ($c "$n" with c=read).
		return name != ""
	}
	switch name {
	case "eval", "source", ".", "trap", "alias", "enable", "command", "builtin":
		return false
	case "printf":
		return len(args) == 1 || startsPlain(args[1])
	}
	for _, w := range args[1:] {
		if !plainWord(text, w) {
			return false
		}
	}
	return true
}

// plainWord reports whether w is one unquoted literal the shell passes as written, so that
// the name it gives is the name the source shows.
func plainWord(text string, w *syntax.Word) bool {
	r := renderWord(text, w)
	return r.literal && r.text == sourceOf(text, w)
}

// startsPlain reports whether w begins with a written character that is not '-', so it
// cannot be an option.
func startsPlain(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	p := w.Parts[0]
	quoted := false
	if dq, ok := p.(*syntax.DblQuoted); ok {
		if len(dq.Parts) == 0 {
			return false
		}
		p, quoted = dq.Parts[0], true
	}
	var v string
	switch p := p.(type) {
	case *syntax.Lit:
		v = p.Value
	case *syntax.SglQuoted:
		if p.Dollar {
			return false
		}
		v, quoted = p.Value, true
	}
	// Unquoted, \-v is -v; in quotes the backslash stays.
	return v != "" && v[0] != '-' && (quoted || v[0] != '\\')
}

// resolveLiterals returns w, rendered, with reads of the script's literal variables replaced
// by their values when that makes the whole word literal: each read is $NAME or ${NAME} of a
// variable with one literal value, after its assignment, and inside double quotes (or, when
// unquoted, a value with nothing to split or expand and no IFS in the script).
func (src *source) resolveLiterals(w *syntax.Word, r word) word {
	if r.literal || !mayNameLiteral(src.text, w) {
		return r
	}
	lits := src.literals()
	if len(lits) == 0 {
		return r
	}
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					doubleQuotedLit(&b, q.Value)
				case *syntax.ParamExp:
					v, ok := literalRead(lits, q)
					if !ok {
						return r
					}
					b.WriteString(v)
				default:
					return r
				}
			}
		case *syntax.ParamExp:
			v, ok := literalRead(lits, p)
			if !ok || !plainValue(v) || strings.Contains(src.text, "IFS") {
				return r
			}
			b.WriteString(v)
		default:
			// A literal part is rendered as renderWord renders it; with a glob in it the word
			// stays as it was.
			one := renderWord(src.text, &syntax.Word{Parts: []syntax.WordPart{part}})
			if !one.literal {
				return r
			}
			b.WriteString(one.text)
		}
	}
	return word{text: b.String(), literal: true}
}

// literalRead is the value of a plain read ($NAME, ${NAME}) of a literal variable read after
// its assignment.
func literalRead(lits map[string]literalVar, p *syntax.ParamExp) (string, bool) {
	if p.Param == nil || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Exp != nil || p.Names != 0 {
		return "", false
	}
	l, ok := lits[p.Param.Value]
	if !ok || p.Pos().Offset() < l.after {
		return "", false
	}
	return l.value, true
}

// mayNameLiteral is a cheap test that spares most words the script walk: a variable w reads
// in a form resolveLiterals resolves is assigned somewhere in the text (NAME= appears).
func mayNameLiteral(text string, w *syntax.Word) bool {
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.ParamExp:
			if p.Param != nil && assignedInText(text, p.Param.Value) {
				return true
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if p, ok := q.(*syntax.ParamExp); ok && p.Param != nil && assignedInText(text, p.Param.Value) {
					return true
				}
			}
		}
	}
	return false
}

// assignedInText reports whether text holds NAME= with NAME a whole word.
func assignedInText(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		pos := i + j
		i = pos + len(name)
		if (pos == 0 || !identChar(text[pos-1])) && i < len(text) && text[i] == '=' {
			return true
		}
	}
}
