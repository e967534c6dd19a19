package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A CI step often keeps a literal in a variable and uses it a few lines on
// (SEMVER_RE='...' then sed -e "s#$SEMVER_RE#\1#"). The word is only
// known at run time in general, but when the script itself gives the
// variable only literal values and nothing in the script can change it
// otherwise, a use after an assignment reads one of them, and the word can
// be decided as that literal (as each of them, when there are several:
// guard=echo; [ … ] || guard=""; xargs $guard gh …).

// literalVar is a variable the script gives only literal values.
type literalVar struct {
	// values are the literals the script assigns it, anywhere: a read after the first
	// top-level assignment sees one of them.
	values []string
	// covered are the stretches of text where a read has seen an assignment: from the end of
	// an assignment statement to the end of the list of statements it is in (reads elsewhere,
	// before it or outside its list, may see another value).
	covered [][2]uint
}

// coveredAt reports whether a read at offset pos comes after an assignment in its list.
func (l literalVar) coveredAt(pos uint) bool {
	for _, c := range l.covered {
		if pos >= c[0] && pos < c[1] {
			return true
		}
	}
	return false
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

// literals returns the variables of src with only literal values, computed once.
func (src *source) literals() map[string]literalVar {
	if src.lits != nil {
		return src.lits
	}
	src.lits = map[string]literalVar{}
	if !scriptSetsOnlyByName(src) {
		return src.lits
	}
	at, bad := src.literalAssigns()
	first := src.coverLiterals()
	for name := range src.lits {
		if bad[name] || !first[name] || !onlyAssignedAt(src.text, name, at[name]) {
			delete(src.lits, name)
		}
	}
	if !namesOnlyPlainCommands(src) {
		clear(src.lits)
	}
	return src.lits
}

// literalAssigns records in src.lits the values of every assignment of the script, nested or
// not, and returns where each is; bad are the variables with one that is not a literal, or
// one a declaration makes (declare -n r=X makes r read X).
func (src *source) literalAssigns() (at map[string][]uint, bad map[string]bool) {
	at, bad = map[string][]uint{}, map[string]bool{}
	for _, s := range src.stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.DeclClause:
				for _, as := range n.Args {
					if as.Name != nil {
						bad[as.Name.Value] = true
					}
				}
				return false
			case *syntax.Assign:
				if n.Name == nil {
					return true
				}
				name, value, ok := literalAssign(src.text, n)
				if !ok {
					bad[n.Name.Value] = true
					return true
				}
				l := src.lits[name]
				l.values = append(l.values, value)
				src.lits[name] = l
				at[name] = append(at[name], n.Name.Pos().Offset())
			}
			return true
		})
	}
	return at, bad
}

// coverLiterals records, for each variable of src.lits, the stretches where a read comes after
// one of its assignments in the same list of statements, and returns the variables with one.
func (src *source) coverLiterals() map[string]bool {
	first := map[string]bool{}
	cover := func(list []*syntax.Stmt) {
		if len(list) == 0 {
			return
		}
		end := list[len(list)-1].End().Offset()
		for _, s := range list {
			c, ok := s.Cmd.(*syntax.CallExpr)
			if !ok || len(c.Args) > 0 || s.Background || s.Coprocess || s.Negated {
				continue
			}
			for _, as := range c.Assigns {
				if as.Name == nil {
					continue
				}
				if l, ok := src.lits[as.Name.Value]; ok {
					first[as.Name.Value] = true
					l.covered = append(l.covered, [2]uint{s.End().Offset(), end})
					src.lits[as.Name.Value] = l
				}
			}
		}
	}
	eachStmtList(src.stmts, cover)
	return first
}

// namesOnlyPlainCommands reports whether every command named by a variable ($g victim) names
// one with known values, none of them a command that can assign a variable unseen (g=read).
func namesOnlyPlainCommands(src *source) bool {
	ok := true
	for _, s := range src.stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			c, isCall := n.(*syntax.CallExpr)
			if !isCall || len(c.Args) == 0 || c.Args[0].Lit() != "" {
				return ok
			}
			l, known := src.lits[commandVar(c.Args[0])]
			if !known {
				ok = false
			}
			for _, v := range l.values {
				// An empty name makes the next word the command ($g read "$n" with g=).
				if setsUnseen[v] || !plainValue(v) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// literalAssign is NAME and its value when as is NAME=LITERAL (or NAME=).
func literalAssign(text string, as *syntax.Assign) (string, string, bool) {
	if as.Name == nil || as.Naked || as.Append || as.Index != nil || as.Array != nil {
		return "", "", false
	}
	name := as.Name.Value
	if bashSets[name] || strings.HasPrefix(name, "BASH") || strings.HasPrefix(name, "COMP") || strings.HasPrefix(name, "READLINE") {
		return "", "", false
	}
	// An assignment expands a tilde at its start and after each colon (D=~, P=a:~/bin), so a
	// value with one is not the text written.
	if as.Value == nil {
		return name, "", true
	}
	w := renderWord(text, as.Value)
	if !w.literal || strings.Contains(w.text, "~") {
		return "", "", false
	}
	return name, w.text, true
}

// onlyAssignedAt reports whether every place text names name, as a whole word, is a read
// of it ($name, ${name...}) but the assignments at the offsets at.
func onlyAssignedAt(text, name string, at []uint) bool {
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
		if slices.Contains(at, uint(pos)) || pos > 0 && text[pos-1] == '$' {
			continue
		}
		// ${X=v} and ${X:=v} assign X when it is unset or empty.
		if pos >= 2 && text[pos-2:pos] == "${" && !strings.HasPrefix(text[i:], "=") && !strings.HasPrefix(text[i:], ":=") {
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
		// A command name known only at run time could be one of them ($c "$n" with c=read),
		// unless it is a read of a variable whose values are known, which literals checks.
		return name != "" || commandVar(args[0]) != ""
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

// commandVar is X when w is an unquoted plain read of X ($X, ${X}), else "".
func commandVar(w *syntax.Word) string {
	if len(w.Parts) != 1 {
		return ""
	}
	p, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || p.Param == nil || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Exp != nil || p.Names != 0 {
		return ""
	}
	return p.Param.Value
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
	if !ok || !l.coveredAt(p.Pos().Offset()) {
		return "", false
	}
	for _, v := range l.values[1:] {
		if v != l.values[0] {
			return "", false
		}
	}
	return l.values[0], true
}

// literalChoices returns the words w may be when it is one unquoted plain read ($X, ${X}) of
// a variable the script gives several literal values (guard=echo; [ … ] || guard=), each a
// plain word or empty (then the word is gone). ok is false otherwise.
func (src *source) literalChoices(w *syntax.Word) (choices [][]word, ok bool) {
	if len(w.Parts) != 1 || !mayNameLiteral(src.text, w) || strings.Contains(src.text, "IFS") {
		return nil, false
	}
	p, isParam := w.Parts[0].(*syntax.ParamExp)
	if !isParam || p.Param == nil {
		return nil, false
	}
	if _, one := literalRead(src.literals(), p); one {
		return nil, false
	}
	l, known := src.literals()[p.Param.Value]
	if !known || p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Exp != nil || p.Names != 0 || !l.coveredAt(p.Pos().Offset()) {
		return nil, false
	}
	seen := map[string]bool{}
	for _, v := range l.values {
		if seen[v] {
			continue
		}
		seen[v] = true
		switch {
		case v == "":
			choices = append(choices, nil)
		case plainValue(v):
			choices = append(choices, []word{{text: v, literal: true}})
		default:
			return nil, false
		}
	}
	return choices, true
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
	return nameFollowedBy(text, name, func(rest string) bool { return strings.HasPrefix(rest, "=") })
}

// nameFollowedBy reports whether text holds name with no identifier character before it and
// the rest of the text after it passing follows.
func nameFollowedBy(text, name string, follows func(rest string) bool) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		pos := i + j
		i = pos + len(name)
		if (pos == 0 || !identChar(text[pos-1])) && follows(text[i:]) {
			return true
		}
	}
}

// choices adds the units of a simple command whose word at index at is one of choices (each
// a list of words, maybe empty: a variable's values, or the words each call of a function
// passes its "$@"), one command per choice, each from the directory the command starts in.
// After them the directory is known only when every choice leaves the same one.
func (a *analyzer) choices(src *source, words []word, at int, choices [][]word, env []word, in stdin) {
	dir, unknown := a.dir, a.dirUnknown
	endDir, endUnknown, first := dir, unknown, true
	for _, ch := range choices {
		one := slices.Concat(words[:at], ch, words[at+1:])
		if len(one) == 0 {
			a.assignments(env) // X=1 $empty: nothing runs, X is set
			continue
		}
		a.dir, a.dirUnknown = dir, unknown
		a.simple(src, one, env, in, 0)
		if first {
			endDir, endUnknown, first = a.dir, a.dirUnknown, false
		} else if a.dir != endDir || a.dirUnknown {
			endUnknown = true
		}
	}
	a.dir, a.dirUnknown = endDir, endUnknown
}
