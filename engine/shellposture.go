package engine

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/wildcard"
)

// ShellForm says how a ruleset governs shell commands as a whole.
type ShellForm string

// The forms a ruleset's shell rules take.
const (
	// ShellDenied: every shell command is denied (or no rule allows one).
	ShellDenied ShellForm = "denied"
	// ShellAllowList: commands ask or are denied by default and the rules allow what is
	// needed. A command nobody thought of is asked about: the safe form.
	ShellAllowList ShellForm = "allow-list"
	// ShellDenyList: commands are allowed by default and narrower rules ask or deny the
	// dangerous ones. Bypassable by construction: any spelling the patterns miss (a wrapper,
	// another program that deletes, a script) runs.
	ShellDenyList ShellForm = "deny-list"
	// ShellAskList: commands are allowed by default and narrower rules only ask first (the
	// builder's rm, sudo, chmod, chown). As bypassable as a deny-list, but the rules only
	// want a confirmation, not a protection, so lint leaves it alone.
	ShellAskList ShellForm = "ask-list"
	// ShellUngated: every command is allowed and no rule narrows it.
	ShellUngated ShellForm = "ungated"
)

// ShellPosture is how a ruleset governs the bash key: its default for a command no narrower
// rule names, and the narrower rules that decide otherwise.
type ShellPosture struct {
	Form ShellForm
	// Default is the action for a command no narrower rule matches; DefaultRule is the rule
	// that sets it (-1: none, the default ask).
	Default     Action
	DefaultRule int
	// Narrower are the indexes of the later bash rules with a pattern other than `*` whose
	// action differs from Default, in order.
	Narrower []int
}

// PostureOf works out how rs governs shell commands.
func PostureOf(rs Ruleset) ShellPosture {
	p := ShellPosture{Default: Ask, DefaultRule: -1}
	bash := make([]bool, len(rs))
	for i, r := range rs {
		bash[i] = CompilePattern(r.Permission, PatternOptions{}).Match("bash")
		if bash[i] && wildcard.CollapseStars(r.Pattern) == "*" {
			p.Default, p.DefaultRule = r.Action, i
		}
	}
	allows, denies := false, false
	for i, r := range rs {
		if !bash[i] || i < p.DefaultRule || wildcard.CollapseStars(r.Pattern) == "*" {
			continue
		}
		if r.Action != p.Default {
			p.Narrower = append(p.Narrower, i)
		}
		allows = allows || r.Action == Allow
		denies = denies || r.Action == Deny
	}
	switch {
	case p.Default == Allow && denies:
		p.Form = ShellDenyList
	case p.Default == Allow && len(p.Narrower) > 0:
		p.Form = ShellAskList
	case p.Default == Allow:
		p.Form = ShellUngated
	case p.Default == Deny && !allows:
		p.Form = ShellDenied
	default:
		p.Form = ShellAllowList
	}
	return p
}

// Summary says the posture in a few words, for the matrix and the preview.
func (p ShellPosture) Summary() string {
	switch p.Form {
	case ShellDenyList:
		return fmt.Sprintf("shell: allowed by default, %d narrower rule%s ask or deny: bypassable", len(p.Narrower), plural(len(p.Narrower)))
	case ShellAskList:
		return fmt.Sprintf("shell: allowed by default, %d pattern%s ask first", len(p.Narrower), plural(len(p.Narrower)))
	case ShellUngated:
		return "shell: every command allowed"
	case ShellDenied:
		return "shell: denied"
	case ShellAllowList:
		if len(p.Narrower) == 0 {
			return "shell: every command " + verb(p.Default)
		}
	}
	return fmt.Sprintf("shell: %s by default, %d narrower rule%s (allow-list)", p.Default, len(p.Narrower), plural(len(p.Narrower)))
}

// verb is the action as a verb of a command ("asks", "is denied").
func verb(a Action) string {
	if a == Deny {
		return "is denied"
	}
	return string(a) + "s"
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// fragileBash is the lint finding for a deny-list shell posture: the rules allow bash by default
// and rely on narrower deny patterns (and asks), which any spelling they miss walks around.
func fragileBash(rs Ruleset) (Finding, bool) {
	p := PostureOf(rs)
	if p.Form != ShellDenyList {
		return Finding{}, false
	}
	pats := make([]string, 0, len(p.Narrower))
	for _, i := range p.Narrower {
		pats = append(pats, fmt.Sprintf("%q %s", rs[i].Pattern, rs[i].Action))
	}
	return Finding{Kind: LintBashFragile, Rule: p.DefaultRule, By: -1,
		Message: fmt.Sprintf("rule %d %s allows every shell command by default and relies on %s to ask or deny the dangerous ones: "+
			"that is bypassable by construction (another program, a wrapper or a script does the same without matching them); "+
			`prefer the allow-list form: bash: {"*": ask, "git *": allow, "go test *": allow}, allowing what is needed`,
			p.DefaultRule+1, rs[p.DefaultRule], strings.Join(pats, ", ")) + "; " + effectCoverage(rs, p.Narrower)}, true
}
