package shell

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash evaluates arithmetic recursively: in $((x)), ((x)), let x, an array
// subscript ${a[x]}, [[ x -eq 1 ]] or test -v 'a[x]', a variable whose
// value is itself an expression is evaluated in turn, and a subscript in
// that value (a[$(cmd)]) is expanded, running cmd. So an arithmetic
// context asks unless every variable it reads is provably inert: assigned
// in the same script only integers (or by arithmetic, which yields
// integers, or by a command substitution of a program that prints only
// numbers, see intoutput.go), or one of bash's own integer variables.

// varFacts records, for one script, which variables hold only integers.
type varFacts struct {
	ints    map[string]bool // assigned an integer somewhere
	tainted map[string]bool // assigned anything else somewhere, or read from input
	// assoc are the arrays declared associative (declare -A NAME), with
	// the offset of the first declaration: after it, a subscript is a
	// string, not an expression.
	assoc map[string]uint
	// covered are, per variable, the stretches where a read comes after an integer
	// assignment (arithcover.go): elsewhere it may read the environment's value.
	covered map[string][][2]uint
	src     *source // the script, to check the command substitutions assigned
}

// assocAt reports whether name is an associative array at offset pos.
func (f *varFacts) assocAt(name string, pos uint) bool {
	at, ok := f.assoc[name]
	return ok && at < pos
}

// integerVars are bash's own variables that always hold integers.
var integerVars = map[string]bool{
	"#": true, "?": true, "$": true, "!": true, "RANDOM": true, "SECONDS": true, "LINENO": true,
	"BASHPID": true, "PPID": true, "UID": true, "EUID": true, "SRANDOM": true, "OPTIND": true, "SHLVL": true,
}

// readers are builtins whose name operands are assigned from input.
var readers = map[string]bool{"read": true, "mapfile": true, "readarray": true, "printf": true, "getopts": true, "wait": true}

// facts returns the variable facts of src, computed once.
func (src *source) facts() *varFacts {
	if src.vars != nil {
		return src.vars
	}
	f := &varFacts{ints: map[string]bool{}, tainted: map[string]bool{}, src: src}
	for _, s := range src.stmts {
		syntax.Walk(s, f.visit)
	}
	f.coverInts(src)
	src.vars = f
	return f
}

func (f *varFacts) visit(n syntax.Node) bool {
	switch n := n.(type) {
	case *syntax.DeclClause:
		f.declare(n)
	case *syntax.Assign:
		f.assign(n)
	case *syntax.BinaryArithm:
		if isArithAssign(n.Op) {
			if name := arithName(n.X); name != "" {
				f.set(name, true)
			}
		}
	case *syntax.UnaryArithm:
		if name := arithName(n.X); name != "" && (n.Op == syntax.Inc || n.Op == syntax.Dec) {
			f.set(name, true)
		}
	case *syntax.ForClause:
		if it, ok := n.Loop.(*syntax.WordIter); ok {
			f.forIn(it)
		}
	case *syntax.CallExpr:
		f.readInto(n)
	}
	return true
}

// declare records the arrays a declare, typeset or local with -A makes associative, at the
// offset of their first declaration.
func (f *varFacts) declare(n *syntax.DeclClause) {
	if v := n.Variant.Value; v != "declare" && v != "typeset" && v != "local" {
		return
	}
	if !declaresAssoc(n) {
		return
	}
	for _, as := range n.Args {
		if as.Name == nil {
			continue
		}
		if f.assoc == nil {
			f.assoc = map[string]uint{}
		}
		if _, seen := f.assoc[as.Name.Value]; !seen {
			f.assoc[as.Name.Value] = n.Pos().Offset()
		}
	}
}

// declaresAssoc reports whether a declaration has an option word with A in it (-A, -gA).
func declaresAssoc(n *syntax.DeclClause) bool {
	for _, as := range n.Args {
		if as.Name == nil && as.Value != nil {
			if t := as.Value.Lit(); strings.HasPrefix(t, "-") && strings.Contains(t, "A") {
				return true
			}
		}
	}
	return false
}

// assign records whether an assignment gives its variable only integers (every element, for
// an array); a naked name (declare x) assigns nothing.
func (f *varFacts) assign(n *syntax.Assign) {
	if n.Name == nil {
		return
	}
	name := n.Name.Value
	switch {
	case n.Naked:
	case n.Array != nil:
		ok := true
		for _, e := range n.Array.Elems {
			ok = ok && e.Value != nil && f.intWord(e.Value)
		}
		f.set(name, ok)
	default:
		f.set(name, n.Value == nil || f.intWord(n.Value))
	}
}

// forIn records whether a for loop's variable takes only integers (for i in 1 2 3).
func (f *varFacts) forIn(it *syntax.WordIter) {
	all := true
	for _, w := range it.Items {
		all = all && f.intWord(w)
	}
	f.set(it.Name.Value, all && len(it.Items) > 0)
}

// readInto taints the name operands of a builtin that assigns them from input (read x).
func (f *varFacts) readInto(n *syntax.CallExpr) {
	if len(n.Args) == 0 || !readers[n.Args[0].Lit()] {
		return
	}
	for _, a := range n.Args[1:] {
		if t := a.Lit(); t != "" && !strings.HasPrefix(t, "-") {
			f.set(t, false)
		}
	}
}

func (f *varFacts) set(name string, integer bool) {
	if integer {
		f.ints[name] = true
	} else {
		f.tainted[name] = true
	}
}

// safe reports whether reading name in arithmetic at offset pos can only give an integer:
// the script assigns it nothing else, and an integer assignment has run before pos.
func (f *varFacts) safe(name string, pos uint) bool {
	if integerVars[name] {
		return true
	}
	return f.ints[name] && !f.tainted[name] && f.coveredAt(name, pos)
}

func isArithAssign(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
		syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return true
	}
	return false
}

// arithName is the variable an arithmetic operand names (x, $x), or "".
func arithName(x syntax.ArithmExpr) string {
	switch x := x.(type) {
	case *syntax.Word:
		if lit := x.Lit(); isIdentifier(lit) {
			return lit
		}
		if len(x.Parts) == 1 {
			if p, ok := x.Parts[0].(*syntax.ParamExp); ok && p.Param != nil && p.Index == nil {
				return p.Param.Value
			}
		}
	}
	return ""
}

// intWord reports whether w can only be an integer: empty, a literal
// number, an arithmetic expansion (whose result is a number) or the output
// of a program that prints only numbers.
func (f *varFacts) intWord(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return true
	}
	if lit := w.Lit(); lit != "" {
		return isNumber(lit)
	}
	for _, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			p = dq.Parts[0]
		}
		switch p := p.(type) {
		case *syntax.ArithmExp:
		case *syntax.CmdSubst:
			if !f.src.intOutput(p) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// isNumber reports whether s is an integer constant as arithmetic reads it:
// digits, with an optional sign, 0x prefix or BASE# prefix.
func isNumber(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '#' || c == '_' || c == '@') {
			return false
		}
	}
	return s[0] >= '0' && s[0] <= '9'
}

func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// inertArith reports whether evaluating x can only compute with integers:
// every operand is a number, a variable known to hold one or the output of
// a program that prints only numbers. Literal text joined to an expansion
// (${n}x) must be digits: with n empty, x would be read as a variable.
func inertArith(f *varFacts, x syntax.Node) bool {
	if x == nil {
		return true
	}
	inert := true
	syntax.Walk(x, func(n syntax.Node) bool {
		if !inert {
			return false
		}
		switch n := n.(type) {
		case *syntax.Word:
			if lit := n.Lit(); lit != "" {
				if !isNumber(lit) && !(isIdentifier(lit) && f.safe(lit, n.Pos().Offset())) {
					inert = false
				}
				return false
			}
			for _, p := range n.Parts {
				if l, ok := p.(*syntax.Lit); ok && !isDigits(l.Value) {
					inert = false
				}
			}
			return inert
		case *syntax.CmdSubst:
			inert = f.src.intOutput(n)
			return false
		case *syntax.ParamExp:
			if n.Param == nil || !f.safe(n.Param.Value, n.Pos().Offset()) || n.Excl || n.Exp != nil || n.Repl != nil || n.Slice != nil {
				if !(n.Length && n.Param != nil) { // ${#x} is a length
					inert = false
				}
			}
			if n.Index != nil && !inertArith(f, n.Index) {
				inert = false
			}
			return false
		case *syntax.BinaryArithm:
			if n.Op == syntax.Assgn && arithName(n.X) != "" {
				// x = expr reads only expr: the name it assigns is not evaluated.
				inert = inertArith(f, n.Y)
				return false
			}
			return true
		case *syntax.UnaryArithm, *syntax.ParenArithm, *syntax.Lit:
			return true
		case *syntax.SglQuoted, *syntax.DblQuoted, *syntax.ArithmExp, *syntax.ProcSubst:
			inert = false
			return false
		}
		return true
	})
	return inert
}

// arithAsk adds a unit that asks because the arithmetic of n may run code.
func (a *analyzer) arithAsk(src *source, n syntax.Node, what string) {
	text := sourceOf(src.text, n)
	a.units = append(a.units, Unit{Text: text, Suggestion: Suggest(text),
		AskReason: fmt.Sprintf("%s %s reads variables whose values are only known when the command runs, and bash evaluates them as expressions, which can run commands", what, text)})
}

// checkArith asks about an arithmetic expression that is not inert.
func (a *analyzer) checkArith(src *source, x syntax.Node, what string) {
	if x != nil && !inertArith(src.facts(), x) {
		a.arithAsk(src, x, what)
	}
}

// checkParam asks about a parameter expansion that evaluates a value: a
// subscript or slice (arithmetic), ${!x} (the value names a variable,
// subscript included) and ${x@P} (the value is expanded like a prompt,
// command substitutions included).
func (a *analyzer) checkParam(src *source, p *syntax.ParamExp) {
	if p.Index != nil && !allElements(p.Index) && !(p.Param != nil && src.facts().assocAt(p.Param.Value, p.Pos().Offset())) {
		a.checkArith(src, p.Index, "the subscript of")
	}
	if p.Slice != nil {
		a.checkArith(src, p.Slice.Offset, "the offset in")
		a.checkArith(src, p.Slice.Length, "the length in")
	}
	name := ""
	if p.Param != nil {
		name = p.Param.Value
	}
	if p.Excl && p.Names == 0 && (p.Index == nil || !allElements(p.Index)) && !src.facts().safe(name, p.Pos().Offset()) {
		a.arithAsk(src, p, "the indirect expansion")
	}
	if p.Exp != nil && (p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull) && (riskyVar(name) || stateVar(name) != "") {
		// ${GIT_PAGER:=cmd} assigns the variable for the rest of the shell.
		text := sourceOf(src.text, p)
		a.units = append(a.units, Unit{Text: text, Suggestion: Suggest(text),
			AskReason: fmt.Sprintf("%s assigns %s, which changes what later commands run", text, name)})
	}
	if p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && strings.ContainsAny(p.Exp.Word.Lit(), "P") && !src.facts().safe(name, p.Pos().Offset()) {
		a.arithAsk(src, p, "the prompt expansion")
	}
}

// nodeOffset is where n starts, or 0 (before every assignment) without a node.
func nodeOffset(n syntax.Node) uint {
	if n == nil {
		return 0
	}
	return n.Pos().Offset()
}

// allElements reports whether a subscript is @ or *.
func allElements(x syntax.ArithmExpr) bool {
	w, ok := x.(*syntax.Word)
	if !ok {
		return false
	}
	l := w.Lit()
	return l == "@" || l == "*"
}

// checkTest asks about [[ ]] operands that bash evaluates as arithmetic
// (-eq, -lt...) and -v operands with a subscript.
func (a *analyzer) checkTest(src *source, x syntax.TestExpr) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				for _, side := range []syntax.TestExpr{n.X, n.Y} {
					if w, ok := side.(*syntax.Word); ok && !inertArith(src.facts(), w) {
						a.arithAsk(src, w, "the arithmetic operand")
					}
				}
			}
		case *syntax.UnaryTest:
			if n.Op == syntax.TsVarSet {
				if w, ok := n.X.(*syntax.Word); ok {
					a.checkSubscriptWord(src, renderWord(src.text, w), w)
				}
			}
		}
		return true
	})
}

// checkSubscriptWord asks about a word that names a variable with a
// subscript (read 'a[x]', test -v 'a[x]', unset 'a[x]') whose subscript is
// not an integer or a variable known to hold one.
func (a *analyzer) checkSubscriptWord(src *source, w word, n syntax.Node) {
	i := strings.IndexByte(w.text, '[')
	if i < 0 && w.literal {
		return
	}
	j := strings.LastIndexByte(w.text, ']')
	sub := ""
	if i >= 0 && j > i {
		sub = w.text[i+1 : j]
	}
	if w.literal && (isNumber(sub) || sub == "@" || sub == "*" || isIdentifier(sub) && src.facts().safe(sub, nodeOffset(n))) {
		return
	}
	text := w.text
	if n != nil {
		text = sourceOf(src.text, n)
	}
	a.units = append(a.units, Unit{Text: text, Suggestion: Suggest(text),
		AskReason: fmt.Sprintf("the subscript of %s is evaluated as an expression, which can run commands", text)})
}

// nameOperands lists, for builtins that assign to or test the variables
// their operands name (subscripts included), the options whose value is
// not a name; "" for builtins whose every operand is a name.
var nameOperands = map[string]string{
	"read": "dinNptu", "unset": "", "mapfile": "dnOsuCc", "readarray": "dnOsuCc",
}

// checkBuiltinSubscripts asks about the subscripts in the variable names
// given to read, unset, mapfile, printf -v, test -v and the like.
func (a *analyzer) checkBuiltinSubscripts(src *source, name string, args []word) {
	if valued, ok := nameOperands[name]; ok {
		for i := 0; i < len(args); i++ {
			t := args[i].text
			if strings.HasPrefix(t, "-") && args[i].literal {
				if len(t) == 2 && strings.IndexByte(valued, t[1]) >= 0 {
					i++
				}
				continue
			}
			a.checkSubscriptWord(src, args[i], nil)
		}
		return
	}
	switch name {
	case "printf", "test", "[", "wait":
		for i, w := range args {
			flag := "-v"
			if name == "wait" {
				flag = "-p"
			}
			if w.text == flag && i+1 < len(args) {
				a.checkSubscriptWord(src, args[i+1], nil)
			} else if name == "printf" && strings.HasPrefix(w.text, "-v") && len(w.text) > 2 {
				a.checkSubscriptWord(src, word{text: w.text[2:], literal: w.literal}, nil)
			}
		}
	}
}
