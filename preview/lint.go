package preview

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// Problem is a lint finding about a persona's rules, with the one-click fix when one is safe.
type Problem struct {
	engine.Finding
	Fix *Fix // nil when no fix is safe
}

// FixOp is what a fix does to the rule list.
type FixOp string

// The edits a fix makes.
const (
	FixRemove FixOp = "remove" // drop the rule
	FixMove   FixOp = "move"   // move the rule to another position
)

// Fix is a safe one-click fix, as an edit of the ordered rule list: the same edits the Rules
// tab makes (remove a row, move a row).
type Fix struct {
	Op   FixOp
	Rule int // 0-based position of the rule the fix acts on
	To   int // FixMove: the rule's new position
}

// Label names the fix for its button.
func (f Fix) Label() string {
	switch {
	case f.Op == FixRemove:
		return fmt.Sprintf("Remove rule %d", f.Rule+1)
	case f.Op == FixMove && f.To == 0:
		return fmt.Sprintf("Move rule %d to the top", f.Rule+1)
	}
	return fmt.Sprintf("Move rule %d to position %d", f.Rule+1, f.To+1)
}

// Apply returns rs with the fix made; rs is not changed. It fails when the rules no longer
// have the positions the fix names (they were edited since the lint ran).
func (f Fix) Apply(rs engine.Ruleset) (engine.Ruleset, error) { return ApplyFix(f, rs) }

// ApplyFix makes fix f in any list that holds the rules in order (the app's table rows, say),
// returning a new list.
func ApplyFix[T any](f Fix, list []T) ([]T, error) {
	if f.Rule < 0 || f.Rule >= len(list) {
		return nil, fmt.Errorf("cannot %s rule %d: there are %d rules now; run lint again", f.Op, f.Rule+1, len(list))
	}
	out := slices.Clone(list)
	switch f.Op {
	case FixRemove:
		return slices.Delete(out, f.Rule, f.Rule+1), nil
	case FixMove:
		if f.To < 0 || f.To >= len(list) {
			return nil, fmt.Errorf("cannot move rule %d to position %d: there are %d rules", f.Rule+1, f.To+1, len(list))
		}
		r := out[f.Rule]
		out = slices.Delete(out, f.Rule, f.Rule+1)
		return slices.Insert(out, f.To, r), nil
	}
	return nil, fmt.Errorf("unknown fix %q", f.Op)
}

// Lint runs the engine's lint on p's rules and turns the fixes it names safe into rule-list
// edits, then adds a problem for each of p's examples the rules decide otherwise than expected
// (kind LintExample, on the deciding rule). extraTools are the tool names the user added,
// whose keys are not unknown.
func Lint(p Persona, extraTools []string) []Problem {
	findings := engine.Lint(p.Rules, engine.LintOptions{Legacy: p.Legacy, ExtraTools: extraTools})
	out := make([]Problem, len(findings))
	for i, f := range findings {
		out[i] = Problem{Finding: f}
		switch f.Fix {
		case "remove":
			out[i].Fix = &Fix{Op: FixRemove, Rule: f.Rule}
		case "move-first":
			out[i].Fix = &Fix{Op: FixMove, Rule: f.Rule, To: 0}
		}
	}
	return append(out, exampleProblems(p.Rules, p.Examples)...)
}

// ByRule groups problems by the rule they are about, for markers on the rows of the Rules tab:
// element i holds the problems of rule i. Problems about no rule (the legacy form) are left out.
func ByRule(ps []Problem, rules int) [][]Problem {
	out := make([][]Problem, rules)
	for _, p := range ps {
		if p.Rule >= 0 && p.Rule < rules {
			out[p.Rule] = append(out[p.Rule], p)
		}
	}
	return out
}

// Change is a tool whose status a fix would change: its kind, or the actions its values get.
type Change struct {
	Tool          string
	Before, After Status
}

// String says the change for people: "write: hidden → allow", "read: ask or deny → allow or deny".
func (c Change) String() string {
	return c.Tool + ": " + statusWords(c.Before) + " → " + statusWords(c.After)
}

func statusWords(s Status) string {
	if s.Kind != KindDepends {
		return s.Kind.String()
	}
	var words []string
	for _, a := range s.Actions() {
		words = append(words, string(a))
	}
	return strings.Join(words, " or ")
}

// Effect lists, in tool order, the tools whose status would change if fix were made in rules
// (with the cache's guards and options), so that a person sees what a fix does before making
// it. Removing a duplicate changes none.
func (c *Cache) Effect(rules engine.Ruleset, fix Fix, tools []string) ([]Change, error) {
	fixed, err := fix.Apply(rules)
	if err != nil {
		return nil, err
	}
	before := newEvaluator(rules, nil, c.compiledGuards(), c.opts)
	after := newEvaluator(fixed, nil, c.compiledGuards(), c.opts)
	var out []Change
	for _, t := range tools {
		b, a := before.Status(t), after.Status(t)
		if a.Kind != b.Kind || !slices.Equal(a.Actions(), b.Actions()) {
			out = append(out, Change{Tool: t, Before: b, After: a})
		}
	}
	return out, nil
}
