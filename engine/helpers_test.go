package engine

import (
	"path"
	"strings"
	"testing"
)

// rules builds a ruleset from (key, pattern, action) triples, each rule numbered as the line of
// an inline request.
func rules(triples ...string) Ruleset {
	var rs Ruleset
	for i := 0; i+2 < len(triples); i += 3 {
		rs = append(rs, Rule{Permission: triples[i], Pattern: triples[i+1], Action: Action(triples[i+2]), Source: Source{Kind: FromRequest, Line: i/3 + 1}})
	}
	return rs
}

// homePolicy is the policy of a persona of the given (key, pattern, action) triples whose `~`
// is /home/u.
func homePolicy(triples ...string) *Policy {
	return &Policy{Persona: CompileWithHome(rules(triples...), "/home/u")}
}

// linkPlace is a call in the project /proj whose resolver follows the given links: a path at or
// below a link's name (from) is resolved below its target (to).
func linkPlace(home string, links ...[2]string) *Place {
	return &Place{Cwd: "/proj", Project: "/proj", Home: home, Resolve: func(abs string) Resolved {
		abs = path.Clean(abs)
		for _, l := range links {
			if rest, ok := strings.CutPrefix(abs, l[0]); ok && (rest == "" || rest[0] == '/') {
				return Resolved{Path: l[1] + rest}
			}
		}
		return Resolved{Path: abs}
	}}
}

// bashCase is a shell command and what a policy must decide for it.
type bashCase struct {
	cmd  string
	want Action
}

// checkBash checks that p decides each command as its case wants.
func checkBash(t *testing.T, p *Policy, cases []bashCase) {
	t.Helper()
	for _, c := range cases {
		checkDecide(t, p, "bash", c.cmd, c.want)
	}
}

// policyCase is a shell command, the policy it is decided under and what that must decide.
type policyCase struct {
	p    *Policy
	cmd  string
	want Action
}

// checkPolicies checks that each case's policy decides its command as the case wants.
func checkPolicies(t *testing.T, cases []policyCase) {
	t.Helper()
	for _, c := range cases {
		checkDecide(t, c.p, "bash", c.cmd, c.want)
	}
}

// checkDecide checks that p decides the tool's value as want, and shows what each unit was
// decided when it does not.
func checkDecide(t *testing.T, p *Policy, tool, value string, want Action) {
	t.Helper()
	if d := p.DecideTool(tool, value); d.Action != want {
		t.Errorf("%s %q = %s, want %s\n%s", tool, value, d.Action, want, describeDecision(d))
	}
}

// describeDecision lists a decision's units, one a line, with their permission key, action and
// reason.
func describeDecision(d Decision) string {
	var b strings.Builder
	for _, u := range d.Units {
		perm := u.Permission
		if perm == "" {
			perm = "bash"
		}
		b.WriteString("\t" + perm + " " + quote(u.Text) + " -> " + string(u.Action))
		if u.Reason != "" {
			b.WriteString(" (" + u.Reason + ")")
		}
		b.WriteString("\n")
	}
	return b.String()
}
