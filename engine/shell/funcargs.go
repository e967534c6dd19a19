package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A CI step often wraps a check in a function that runs its arguments:
// assert-nothing-changed() { "$@" >/dev/null || return 1; ...; } called as
// assert-nothing-changed go fmt ./... The "$@" in the body is only known at run time in
// general; when every call of the function is visible, with literal words, it is each
// call's words, and the body's "$@" is decided as each of them. Anything that could call the
// function unseen or change its arguments keeps it unknown: a call with a word only the run
// knows, a call from within the body (recursion), the name written anywhere but in its
// definition and its calls, shift or set in the body, and eval, source, trap, export,
// declare, alias and commands named by variables anywhere in the script.

// funcArgs are the argument lists the visible calls give the function being analysed, for
// the script src; nil outside a function, or when they are not all known. exact is false in a
// script handed to another shell or to eval, where the caller could call the function too:
// there "$@" still asks, and the calls' words are analysed besides, which can only make the
// answer stricter.
type funcArgs struct {
	src   *source
	calls [][]word
	exact bool
}

// unseenCallers are commands that can call a function the text does not show calling, or
// change what a call passes.
var unseenCallers = []string{"eval", "source", "trap", "export", "declare", "typeset", "alias", "mapfile", "readarray", "complete", "bind", "enable", "builtin", "command"}

// functionCalls returns the words every visible call of fn passes it, when they are all
// that can run its body in src: see funcArgs. ok is false otherwise, or when there is no
// call. A function defined more than once is fine: whichever body a call runs, its "$@" is
// that call's words.
func (src *source) functionCalls(fn *syntax.FuncDecl) (calls [][]word, ok bool) {
	name := fn.Name.Value
	// Bash calls command_not_found_handle itself, with the words of a command it cannot find.
	if name == "" || name == "command_not_found_handle" || changesArgs(src.text, fn.Body) {
		return nil, false
	}
	for _, w := range unseenCallers {
		if wholeWordIn(src.text, w) {
			return nil, false
		}
	}
	var at []uint
	bodyStart, bodyEnd := fn.Body.Pos().Offset(), fn.Body.End().Offset()
	ok = true
	for _, s := range src.stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl:
				if n.Name.Value == name {
					at = append(at, n.Name.Pos().Offset())
				}
			case *syntax.CallExpr:
				if len(n.Args) == 0 {
					return ok
				}
				first := renderWord(src.text, n.Args[0])
				pos := n.Args[0].Pos().Offset()
				inBody := pos >= bodyStart && pos < bodyEnd
				// A command named by a variable could be the function; the body's own "$@" is
				// what this reading decides.
				ok = ok && (first.literal || inBody && allArgs(n.Args[0])) && first.text != "."
				if !ok || first.text != name {
					return ok
				}
				args, literal := literalWords(src.text, n.Args[1:])
				ok = literal && !inBody && sourceOf(src.text, n.Args[0]) == name
				calls = append(calls, args)
				at = append(at, pos)
			}
			return ok
		})
	}
	// The name written anywhere else (f=name; $f, a string handed to a shell) is a call
	// this reading does not see.
	for i := 0; ok; {
		j := strings.Index(src.text[i:], name)
		if j < 0 {
			break
		}
		pos, end := i+j, i+j+len(name)
		ok = slices.Contains(at, uint(pos)) || pos > 0 && nameChar(src.text[pos-1]) || end < len(src.text) && nameChar(src.text[end])
		i = end
	}
	return calls, ok && len(calls) > 0
}

// nameChar reports whether c can be part of a function's name next to where the name is
// looked for (rf in -rf is not f).
func nameChar(c byte) bool {
	return identChar(c) || c == '-' || c == '.' || c == ':' || c == '+' || c == '@'
}

// changesArgs reports whether a function body can change its positional parameters (shift,
// set --) or holds a function of its own.
func changesArgs(text string, body *syntax.Stmt) bool {
	changes := false
	syntax.Walk(body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			changes = true
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				first := renderWord(text, n.Args[0])
				changes = changes || !first.literal && !allArgs(n.Args[0]) || first.text == "shift" || first.text == "set"
			}
		}
		return !changes
	})
	return changes
}

// literalWords renders ws, reporting whether every one is literal.
func literalWords(text string, ws []*syntax.Word) ([]word, bool) {
	out := make([]word, len(ws))
	for i, w := range ws {
		out[i] = renderWord(text, w)
		if !out[i].literal {
			return nil, false
		}
	}
	return out, true
}

// allArgs reports whether w is "$@": all the positional parameters, each one word.
func allArgs(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return false
	}
	p, ok := dq.Parts[0].(*syntax.ParamExp)
	return ok && p.Param != nil && p.Param.Value == "@" && !p.Excl && !p.Length && !p.Width &&
		p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Names == 0
}
