package shell

import (
	"fmt"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// parsers holds reusable bash parsers: a parser is not safe for concurrent
// use, and building one per call costs more than the parse of a short
// command.
var parsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}}

// parse parses text as a bash script. The tree it returns shares nothing
// with the parser, so the parser goes back to the pool at once.
func parse(text string) (*syntax.File, error) {
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(text), "")
	parsers.Put(p)
	return f, err
}

// analyzer collects the units of one call.
type analyzer struct {
	units []Unit
	// dir is where the commands analysed now run, when an earlier command
	// moved (cd src): as written, joined to the directories before it;
	// "" when nothing moved. dirUnknown is true once a move went to a
	// directory only known at run time.
	dir        string
	dirUnknown bool
	// piped are the folders whose file paths the earlier stages of the pipeline being
	// analysed print (find DIR | ...): an xargs stage runs its command on files below them.
	// printed collects, as commands are analysed, the folders whose file paths they print,
	// wrapped or not; a pipeline takes what each stage added.
	piped   []word
	printed []word
	// args are the words the visible calls pass the function whose body is being
	// analysed, when they are all known (funcargs.go); nil otherwise.
	args *funcArgs
}

// source is one script under analysis: the text its syntax tree was parsed
// from (tree positions are offsets into it), and how many scripts deep it
// sits (0 for the call itself, 1 inside sh -c '...', and so on).
type source struct {
	text  string
	depth int
	stmts []*syntax.Stmt        // the script's statements, for facts
	vars  *varFacts             // computed on first need, see facts
	lits  map[string]literalVar // computed on first need, see literals
}

// completeStatements returns the statements of text that parse before its
// first syntax error. Bash reads a script one complete command at a time
// and runs each before reading on, so these run even though the script as
// a whole does not parse.
func completeStatements(text string) []*syntax.Stmt {
	var stmts []*syntax.Stmt
	failed := false
	p := parsers.Get().(*syntax.Parser)
	// Never leave this loop early: StmtsSeq (v3.14.1) can yield again after
	// yielding an error, which panics once the loop has stopped. That is
	// also why the deprecated Parser.Stmts, which returns on the first
	// error, is not used.
	for s, err := range p.StmtsSeq(strings.NewReader(text)) {
		if err != nil {
			failed = true
		}
		if !failed && s != nil {
			stmts = append(stmts, s)
		}
	}
	parsers.Put(p)
	return stmts
}

// script parses text and adds the units of every command in it. what names
// the script in a parse error ("the command", "the script given to sh -c").
// A script that does not parse gives a unit that asks, with the whole text,
// followed by the units of the statements before the error.
func (a *analyzer) script(text string, depth int, what string) {
	if d := bracketNesting(text); d > maxNesting {
		a.units = append(a.units, askUnit(text, fmt.Sprintf("%s nests brackets %d deep; more than %d is not analysed", what, d, maxNesting)))
		return
	}
	src := &source{text: text, depth: depth}
	f, err := parse(text)
	if err != nil {
		a.units = append(a.units, askUnit(text, what+" does not parse: "+err.Error()))
		src.stmts = completeStatements(text)
		a.stmts(src, src.stmts)
		return
	}
	src.stmts = f.Stmts
	a.stmts(src, f.Stmts)
}

// bestEffort adds the units of a script whose exact text is only known at
// run time, parsed from its visible form. The caller has already made the
// call ask; these units can only make it stricter (a deny rule on a command
// that is visibly there still applies), so a parse error adds no unit of
// its own.
func (a *analyzer) bestEffort(text string, depth int) {
	if bracketNesting(text) > maxNesting {
		return
	}
	src := &source{text: text, depth: depth}
	f, err := parse(text)
	if err != nil {
		src.stmts = completeStatements(text)
		a.stmts(src, src.stmts)
		return
	}
	src.stmts = f.Stmts
	a.stmts(src, f.Stmts)
}

func (a *analyzer) stmts(src *source, stmts []*syntax.Stmt) {
	for _, s := range stmts {
		a.stmt(src, s)
	}
}

func (a *analyzer) stmt(src *source, s *syntax.Stmt) {
	switch c := s.Cmd.(type) {
	case nil:
	case *syntax.CallExpr:
		a.call(src, c, s.Redirs)
	default:
		a.command(src, c)
	}
	a.redirects(src, s.Redirs)
	for _, r := range s.Redirs {
		a.nested(src, r)
	}
}

// command adds the units of a compound command: each command it holds,
// in its conditions as well as its bodies, and the substitutions in its
// words.
func (a *analyzer) command(src *source, cmd syntax.Command) {
	switch c := cmd.(type) {
	case *syntax.BinaryCmd:
		a.binary(src, c)
	case *syntax.Block:
		a.stmts(src, c.Stmts)
	case *syntax.Subshell:
		saved, savedUnknown := a.dir, a.dirUnknown
		a.stmts(src, c.Stmts)
		a.dir, a.dirUnknown = saved, savedUnknown
	case *syntax.IfClause:
		for ; c != nil; c = c.Else {
			a.stmts(src, c.Cond)
			a.stmts(src, c.Then)
		}
	case *syntax.WhileClause:
		a.stmts(src, c.Cond)
		a.stmts(src, c.Do)
	case *syntax.ForClause:
		if loop, ok := c.Loop.(*syntax.CStyleLoop); ok {
			a.checkArith(src, loop.Init, "the loop expression")
			a.checkArith(src, loop.Cond, "the loop expression")
			a.checkArith(src, loop.Post, "the loop expression")
		}
		a.nested(src, c.Loop)
		a.stmts(src, c.Do)
	case *syntax.CaseClause:
		a.nested(src, c.Word)
		for _, item := range c.Items {
			for _, p := range item.Patterns {
				a.nested(src, p)
			}
			a.stmts(src, item.Stmts)
		}
	case *syntax.FuncDecl:
		// The body runs whenever the function is called, so it counts
		// whether or not the call is visible; its "$@" is each call's words
		// when every call is known.
		saved := a.args
		a.args = nil
		if calls, ok := src.functionCalls(c); ok {
			a.args = &funcArgs{src: src, calls: calls, exact: src.depth == 0}
		}
		a.stmt(src, c.Body)
		a.args = saved
	case *syntax.ArithmCmd:
		a.checkArith(src, c.X, "the arithmetic command")
		a.nested(src, c.X)
	case *syntax.TestClause:
		a.checkTest(src, c.X)
		a.nested(src, c.X)
	case *syntax.LetClause:
		for _, x := range c.Exprs {
			a.checkArith(src, x, "the let expression")
			a.nested(src, x)
		}
	case *syntax.DeclClause:
		a.decl(src, c)
	case *syntax.TimeClause:
		a.timeClause(src, c)
	case *syntax.CoprocClause:
		if c.Name != nil {
			a.nested(src, c.Name)
		}
		a.stmt(src, c.Stmt)
	case *syntax.TestDecl:
		if c.Description != nil {
			a.nested(src, c.Description)
		}
		a.stmt(src, c.Body)
	default:
		// A construct this package does not know: fail closed.
		text := sourceOf(src.text, cmd)
		a.units = append(a.units, askUnit(text, "the command uses a shell construct that is not analysed"))
		a.nested(src, cmd)
	}
}

// binary walks a && b || c | d ... The parser builds these chains leaning
// left, so a long chain is walked down its left spine in a loop rather than
// by recursion as deep as the chain is long.
func (a *analyzer) binary(src *source, c *syntax.BinaryCmd) {
	// Each stage with the operator that joins it to what comes before it; 0 for a spine
	// statement, which only carries redirections.
	type stage struct {
		stmt *syntax.Stmt
		op   syntax.BinCmdOperator
	}
	rights := []stage{{c.Y, c.Op}}
	left := c.X
	for {
		inner, ok := left.Cmd.(*syntax.BinaryCmd)
		if !ok {
			break
		}
		// The spine statement itself may carry redirections; keep them.
		rights = append(rights, stage{&syntax.Stmt{Redirs: left.Redirs}, 0}, stage{inner.Y, inner.Op})
		left = inner.X
	}
	saved := a.piped
	a.piped = nil
	mark := len(a.printed)
	a.stmt(src, left)
	feed := a.printed[mark:len(a.printed):len(a.printed)]
	for i := len(rights) - 1; i >= 0; i-- {
		switch rights[i].op {
		case 0:
		case syntax.Pipe, syntax.PipeAll:
			a.piped = feed
		default:
			a.piped, feed = nil, nil
		}
		mark = len(a.printed)
		a.stmt(src, rights[i].stmt)
		if rights[i].op != 0 {
			feed = append(feed, a.printed[mark:]...)
		}
	}
	a.piped = saved
}

// nested adds the units of the command and process substitutions anywhere
// inside n: in words, assignments, redirections, here-document bodies,
// arithmetic and test expressions.
func (a *analyzer) nested(src *source, n syntax.Node) {
	if n == nil {
		return
	}
	if w, ok := n.(*syntax.Word); ok && !mayHoldCommands(w) {
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ArithmExp:
			a.checkArith(src, n.X, "the arithmetic expansion")
		case *syntax.ParamExp:
			a.checkParam(src, n)
		case *syntax.Assign:
			if n.Index != nil && !(n.Name != nil && src.facts().assocAt(n.Name.Value, n.Pos().Offset())) {
				a.checkArith(src, n.Index, "the subscript of")
			}
		case *syntax.CmdSubst:
			a.stmts(src, n.Stmts)
			return false
		case *syntax.ProcSubst:
			a.stmts(src, n.Stmts)
			return false
		}
		return true
	})
}

// mayHoldCommands reports whether a word has any part that could hold a
// command: anything but plain and single-quoted text.
func mayHoldCommands(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			return true
		}
	}
	return false
}

// call adds the units of a simple command: the command itself (if it has
// words beyond assignments), what it wraps, and its substitutions.
func (a *analyzer) call(src *source, c *syntax.CallExpr, redirs []*syntax.Redirect) {
	var env []word
	for _, as := range c.Assigns {
		env = append(env, renderAssign(src.text, as))
	}
	if len(c.Args) > 0 {
		words := make([]word, len(c.Args))
		var choices [][]word
		at := -1
		for i, w := range c.Args {
			words[i] = src.resolveLiterals(w, renderWord(src.text, w))
			if !words[i].literal && at < 0 {
				if ch, ok := src.literalChoices(w); ok {
					choices, at = ch, i
				}
			}
		}
		if at < 0 && a.args != nil && a.args.src == src && allArgs(c.Args[0]) {
			if !a.args.exact {
				a.simple(src, words, env, stdinOf(src.text, redirs), 0)
			}
			choices, at = a.args.calls, 0
		}
		if at >= 0 {
			a.choices(src, words, at, choices, env, stdinOf(src.text, redirs))
		} else {
			a.simple(src, words, env, stdinOf(src.text, redirs), 0)
		}
	} else {
		a.assignments(env)
	}
	for _, as := range c.Assigns {
		a.nested(src, as)
	}
	for _, w := range c.Args {
		a.nested(src, w)
	}
}

// decl adds the unit of a declaration builtin (export, local, declare,
// readonly, typeset, nameref) and the substitutions in its arguments.
func (a *analyzer) decl(src *source, c *syntax.DeclClause) {
	words := make([]word, 0, 1+len(c.Args))
	words = append(words, word{text: c.Variant.Value, literal: true})
	for _, as := range c.Args {
		words = append(words, renderAssign(src.text, as))
	}
	u := newUnit(words)
	if _, needs := envNeeds(words[1:]); len(needs) > 0 {
		u.Needs = strings.Join(needs, " ")
	}
	for _, w := range words[1:] {
		// export GIT_PAGER (set earlier or later) or declare -n ref=PATH.
		if riskyVar(w.text) || stateVar(w.text) != "" {
			u.Needs = joinNeeds(u.Needs, w.text+"=")
		}
		if strings.HasPrefix(w.text, "-") && strings.Contains(w.text, "n") && u.AskReason == "" && c.Variant.Value != "export" {
			u.AskReason = "a name reference makes assignments land on another variable, which the text does not follow"
		}
	}
	if c.Variant.Value == "nameref" && u.AskReason == "" {
		u.AskReason = "a name reference makes assignments land on another variable, which the text does not follow"
	}
	for _, w := range words[1:] {
		if why := stateVar(assignName(w.text)); why != "" && u.AskReason == "" {
			u.AskReason = why
		}
	}
	a.units = append(a.units, u)
	integer := false
	for _, w := range words[1:] {
		if strings.HasPrefix(w.text, "-") && strings.Contains(w.text, "i") && !strings.Contains(w.text, "=") {
			integer = true
		}
	}
	for _, as := range c.Args {
		if integer && as.Value != nil && !as.Naked {
			a.checkArith(src, as.Value, "the value of the integer variable")
		}
		if as.Index != nil && !(as.Name != nil && src.facts().assocAt(as.Name.Value, as.Pos().Offset())) {
			a.checkArith(src, as.Index, "the subscript of")
		}
		if as.Name == nil && as.Value != nil {
			a.checkSubscriptWord(src, renderWord(src.text, as.Value), as.Value)
		}
		a.nested(src, as)
	}
}

// assignments adds a unit for each assignment of a statement without a
// command (GIT_PAGER=x; git log) that changes what later commands run:
// it lasts for the rest of the shell, so its unit needs a rule naming the
// variable, or asks when bash itself runs the value.
func (a *analyzer) assignments(env []word) {
	risky, _ := envNeeds(env)
	for _, r := range risky {
		name := assignName(r.text)
		u := Unit{Text: r.text, Needs: name + "=", Suggestion: Suggest(r.text)}
		u.AskReason = stateVar(name)
		a.units = append(a.units, u)
	}
}

// renderAssign renders one argument of a declaration (X=1, -x, Y) as a
// word.
func renderAssign(src string, as *syntax.Assign) word {
	switch {
	case as.Name == nil && as.Value != nil:
		return renderWord(src, as.Value)
	case as.Name == nil:
		return word{text: sourceOf(src, as)}
	case as.Index != nil || as.Array != nil:
		return word{text: sourceOf(src, as)}
	case as.Naked:
		return word{text: as.Name.Value, literal: true}
	}
	op := "="
	if as.Append {
		op = "+="
	}
	if as.Value == nil {
		return word{text: as.Name.Value + op, literal: true}
	}
	v := renderWord(src, as.Value)
	v.text = as.Name.Value + op + v.text
	return v
}

// timeClause handles the time keyword. With a simple command it is a
// wrapper like /usr/bin/time (both are units); with a compound command or
// nothing, time is a unit of its own and the commands follow.
func (a *analyzer) timeClause(src *source, c *syntax.TimeClause) {
	head := []word{{text: "time", literal: true}}
	if c.PosixFormat {
		head = append(head, word{text: "-p", literal: true})
	}
	if c.Stmt != nil {
		if call, ok := c.Stmt.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 {
			words := head
			for _, w := range call.Args {
				words = append(words, renderWord(src.text, w))
			}
			var env []word
			for _, as := range call.Assigns {
				env = append(env, renderAssign(src.text, as))
			}
			a.simple(src, words, env, stdinOf(src.text, c.Stmt.Redirs), 0)
			a.redirects(src, c.Stmt.Redirs)
			for _, as := range call.Assigns {
				a.nested(src, as)
			}
			for _, w := range call.Args {
				a.nested(src, w)
			}
			for _, r := range c.Stmt.Redirs {
				a.nested(src, r)
			}
			return
		}
	}
	a.units = append(a.units, newUnit(head))
	if c.Stmt != nil {
		a.stmt(src, c.Stmt)
	}
}
