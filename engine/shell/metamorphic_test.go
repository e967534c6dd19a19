package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// severity is the decision of bash: {"*": allow, "rm *": deny} on units:
// 2 deny (a unit matches rm *), 1 ask (a unit asks), 0 allow.
func severity(units []Unit) int {
	deny, ask := caught(units)
	switch {
	case deny:
		return 2
	case ask:
		return 1
	}
	return 0
}

// transformation rewrites a command into one that runs at least the same
// commands.
type transformation struct {
	name  string
	apply func(cmd string) (string, bool) // false: does not apply to cmd
}

var transformations = []transformation{
	{"cd_prefix", func(cmd string) (string, bool) { return "cd dir && " + cmd, true }},
	{"subshell", func(cmd string) (string, bool) { return "( " + cmd + "\n)", true }},
	{"assignment_prefix", func(cmd string) (string, bool) {
		// FOO=1 only prefixes a simple command; before a keyword or "!"
		// it makes a different (broken) command.
		f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
		if err != nil || len(f.Stmts) == 0 || f.Stmts[0].Negated {
			return "", false
		}
		call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return "", false
		}
		return "FOO=1 " + cmd, true
	}},
}

// TestTransformationsNeverLoosen checks that prefixing cd dir &&, wrapping
// in ( ), or adding FOO=1 never makes a decision less restrictive. A
// command that does not parse is asked by design, whatever its text looks
// like, so for those only the ask must survive.
func TestTransformationsNeverLoosen(t *testing.T) {
	t.Parallel()
	inputs := append(append([]string{}, evasions...), harmless...)
	for _, cmd := range inputs {
		_, parseErr := parse(cmd)
		before := severity(Analyze(cmd))
		if parseErr != nil {
			before = 1
		}
		for _, tr := range transformations {
			out, ok := tr.apply(cmd)
			if !ok {
				continue
			}
			units := Analyze(out)
			if after := severity(units); after < before {
				t.Errorf("%s: Analyze(%q) has severity %d, but Analyze(%q) only %d; got:\n%s",
					tr.name, cmd, before, out, after, describeUnits(units))
			}
		}
	}
}

// TestTransformationsKeepUnits checks the stronger property on commands
// that parse: every rm unit and every ask is still there after the
// transformation.
func TestTransformationsKeepUnits(t *testing.T) {
	t.Parallel()
	for _, cmd := range evasions {
		if _, err := parse(cmd); err != nil {
			continue
		}
		deny, ask := caught(Analyze(cmd))
		for _, tr := range transformations {
			out, ok := tr.apply(cmd)
			if !ok {
				continue
			}
			units := Analyze(out)
			deny2, ask2 := caught(units)
			if (deny && !deny2) || (ask && !ask2) {
				t.Errorf("%s: Analyze(%q) has rm unit %v, ask %v; Analyze(%q) has rm unit %v, ask %v; got:\n%s",
					tr.name, cmd, deny, ask, out, deny2, ask2, describeUnits(units))
			}
		}
	}
}
