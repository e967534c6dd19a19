package preview

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
)

// LintExample is the kind of the problem a failing example makes: the rules decide one of the
// persona's examples otherwise than it expects.
const LintExample engine.FindingKind = "example"

// Example is one call of a persona's examples block and the action its rules should give it.
// It has the fields of personas.Example, so one converts to the other.
type Example struct {
	Expect engine.Action
	Tool   string
	Value  string
	// Line and Col locate the example in its file; 0 when it is not from a file.
	Line, Col int
}

// ExampleResult is an example decided: what the rules gave it and the rule that decided.
type ExampleResult struct {
	Example
	Decision engine.Decision
	OK       bool // the rules give the expected action
	// Rule is the 0-based position of the deciding rule in the persona's rules; -1 when no
	// rule matched (the default ask).
	Rule int
}

// Got is the action the rules gave.
func (r ExampleResult) Got() engine.Action { return r.Decision.Action }

// Message says a failure for people: `bash "git push": expected ask, got allow <- rule 1 "*" "*"
// allow (builtin:builder line 8)`.
func (r ExampleResult) Message() string {
	call := r.Tool
	if r.Value != "" {
		call += fmt.Sprintf(" %q", r.Value)
	}
	by := "no rule matched (default ask)"
	if d := r.Decision; d.Rule != nil {
		by = d.Rule.String()
		if loc := d.Rule.Source.Location(); loc != "" {
			by += " (" + loc + ")"
		}
		if r.Rule >= 0 {
			by = fmt.Sprintf("rule %d %s", r.Rule+1, by)
		}
	}
	return fmt.Sprintf("example %s: expected %s, got %s <- %s", call, r.Expect, r.Got(), by)
}

// RunExamples decides every example with rules alone (no guards, session rules or yolo: an
// example says what the persona itself does, wherever it is installed), as `agentmgr check`
// decides a call: the tool mapped to its permission key, a shell command split into the
// commands it runs.
func RunExamples(rules engine.Ruleset, exs []Example) []ExampleResult {
	if len(exs) == 0 {
		return nil
	}
	return RunExamplesWith(engine.NewPolicy(rules), rules, exs)
}

// RunExamplesWith is RunExamples with the policy already composed from rules, for callers that
// decide many calls with it.
func RunExamplesWith(pol *engine.Policy, rules engine.Ruleset, exs []Example) []ExampleResult {
	out := make([]ExampleResult, len(exs))
	for i, ex := range exs {
		d := pol.DecideTool(ex.Tool, ex.Value)
		out[i] = ExampleResult{Example: ex, Decision: d, OK: d.Action == ex.Expect, Rule: ruleIndex(d)}
	}
	return out
}

// ruleIndex is the position of a decision's rule in the persona's rules, where the engine
// found it; -1 for none or for a rule of another layer.
func ruleIndex(d engine.Decision) int {
	if d.Rule == nil || d.Ref.Layer != engine.LayerPersona {
		return -1
	}
	return d.Ref.Index
}

// Failed keeps the results that did not get the expected action.
func Failed(rs []ExampleResult) []ExampleResult {
	var out []ExampleResult
	for _, r := range rs {
		if !r.OK {
			out = append(out, r)
		}
	}
	return out
}

// exampleProblems turns failing examples into lint problems, placed on the deciding rule.
func exampleProblems(rules engine.Ruleset, exs []Example) []Problem {
	var out []Problem
	for _, r := range Failed(RunExamples(rules, exs)) {
		out = append(out, Problem{Finding: engine.Finding{Kind: LintExample, Rule: r.Rule, By: -1, Message: r.Message()}})
	}
	return out
}
