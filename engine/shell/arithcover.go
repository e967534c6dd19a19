package shell

import "mvdan.cc/sh/v3/syntax"

// A variable the script assigns only integers is still read from the environment where the
// read comes before its first assignment: in x='a[$(cmd)]' bash -c '((x > 0)); x=1' the
// arithmetic evaluates the inherited value and runs cmd. So a read is inert only where an
// integer assignment is sure to have run before it: after the assignment's statement, to
// the end of the list of statements it is in (as literals.go covers literal values), after
// the left side of an && chain, and inside a for loop over integers.

// coverInts records, for every variable f holds integers in, the stretches of src's text
// where a read comes after one of its integer assignments.
func (f *varFacts) coverInts(src *source) {
	eachStmtList(src.stmts, f.coverList)
	for _, s := range src.stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			if n, ok := n.(*syntax.ForClause); ok {
				f.coverLoop(n)
			}
			return true
		})
	}
}

// eachStmtList calls visit with stmts and with every list of statements nested in them that
// runs in order from its first statement: a block, a subshell, a condition, a branch, a loop's
// body, a case arm, a command substitution. A read after an assignment in the same list
// surely sees it.
func eachStmtList(stmts []*syntax.Stmt, visit func([]*syntax.Stmt)) {
	visit(stmts)
	for _, s := range stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Block:
				visit(n.Stmts)
			case *syntax.Subshell:
				visit(n.Stmts)
			case *syntax.IfClause:
				visit(n.Cond)
				visit(n.Then)
			case *syntax.WhileClause:
				visit(n.Cond)
				visit(n.Do)
			case *syntax.ForClause:
				visit(n.Do)
			case *syntax.CaseItem:
				visit(n.Stmts)
			case *syntax.CmdSubst:
				visit(n.Stmts)
			}
			return true
		})
	}
}

// coverList covers, for each statement of list that assigns an integer, the rest of the list.
func (f *varFacts) coverList(list []*syntax.Stmt) {
	if len(list) == 0 {
		return
	}
	end := list[len(list)-1].End().Offset()
	for _, s := range list {
		f.coverStmt(s, end)
	}
}

// coverStmt covers from the end of s to end for each variable s surely assigns an integer:
// an assignment statement (x=1, local i=0), an arithmetic assignment ((x = 5)), and in
// a && b, what a assigns also covers b.
func (f *varFacts) coverStmt(s *syntax.Stmt, end uint) {
	if s.Background || s.Coprocess || s.Negated {
		return
	}
	for _, name := range f.surelyAssigned(s.Cmd) {
		f.addCover(name, s.End().Offset(), end)
	}
	if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
		f.coverStmt(b.X, b.End().Offset())
		f.coverStmt(b.Y, end)
	}
}

// surelyAssigned lists the variables a command assigns an integer whenever it completes.
func (f *varFacts) surelyAssigned(cmd syntax.Command) []string {
	var out []string
	switch c := cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			return nil // FOO=1 cmd assigns only cmd's environment
		}
		for _, as := range c.Assigns {
			out = f.appendInt(out, as)
		}
	case *syntax.DeclClause:
		for _, as := range c.Args {
			if as.Value != nil || as.Array != nil {
				out = f.appendInt(out, as)
			}
		}
	case *syntax.ArithmCmd:
		out = arithAssigned(c.X, out)
	}
	return out
}

// appendInt adds as's variable to out when the assignment gives it an integer (never an
// append, x+=1, which reads the old value first).
func (f *varFacts) appendInt(out []string, as *syntax.Assign) []string {
	if as.Name == nil || as.Naked || as.Append || as.Index != nil {
		return out
	}
	if as.Array != nil {
		for _, e := range as.Array.Elems {
			if e.Value == nil || !f.intWord(e.Value) {
				return out
			}
		}
		return append(out, as.Name.Value)
	}
	if as.Value == nil || f.intWord(as.Value) {
		return append(out, as.Name.Value)
	}
	return out
}

// arithAssigned lists the variables a plain = assigns at the top of an arithmetic command,
// through commas ((i = 0, n = 3)); x += 1 and x++ read x first, and assign nothing new.
func arithAssigned(x syntax.ArithmExpr, out []string) []string {
	b, ok := x.(*syntax.BinaryArithm)
	if !ok {
		return out
	}
	switch b.Op {
	case syntax.Comma:
		return arithAssigned(b.Y, arithAssigned(b.X, out))
	case syntax.Assgn:
		if name := arithName(b.X); name != "" {
			return append(out, name)
		}
	}
	return out
}

// coverLoop covers a for loop's body for its variable when it takes only integers (for i in
// 1 2 3), and a C-style loop's condition, step and body for what its start assigns.
func (f *varFacts) coverLoop(n *syntax.ForClause) {
	switch l := n.Loop.(type) {
	case *syntax.WordIter:
		if len(l.Items) == 0 {
			return
		}
		for _, w := range l.Items {
			if !f.intWord(w) {
				return
			}
		}
		f.addCover(l.Name.Value, n.DoPos.Offset(), n.DonePos.Offset())
	case *syntax.CStyleLoop:
		if l.Init != nil {
			for _, name := range arithAssigned(l.Init, nil) {
				f.addCover(name, l.Init.End().Offset(), n.DonePos.Offset())
			}
		}
	}
}

func (f *varFacts) addCover(name string, from, to uint) {
	if f.covered == nil {
		f.covered = map[string][][2]uint{}
	}
	f.covered[name] = append(f.covered[name], [2]uint{from, to})
}

// coveredAt reports whether a read of name at offset pos comes after one of its integer
// assignments.
func (f *varFacts) coveredAt(name string, pos uint) bool {
	for _, c := range f.covered[name] {
		if pos >= c[0] && pos < c[1] {
			return true
		}
	}
	return false
}
