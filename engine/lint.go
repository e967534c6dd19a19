package engine

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/wildcard"
)

// FindingKind names a lint check.
type FindingKind string

// Lint checks (docs/rules.md).
const (
	LintShadowed     FindingKind = "shadowed"       // a later rule always decides instead
	LintDuplicate    FindingKind = "duplicate"      // the same rule again
	LintUnknownKey   FindingKind = "unknown-key"    // the permission matches no known tool
	LintCatchAllLate FindingKind = "catch-all-late" // a `* *` rule that is not first
	LintLegacy       FindingKind = "legacy"         // permissions given in the legacy list form
	LintBashUngated  FindingKind = "bash-ungated"   // `* allow` lets every shell command through
	LintBashFragile  FindingKind = "bash-fragile"   // bash allowed by default, dangerous commands denied by pattern
	LintGroup        FindingKind = "group"          // a path rule protects one member of a named group, not the group
)

// Finding is one lint result. Rule and By are 0-based rule indexes, -1 when not about one rule.
type Finding struct {
	Kind    FindingKind
	Rule    int
	By      int // the later rule that shadows or duplicates Rule
	Message string
	// Fix names a safe one-click fix: "remove" (drop Rule) or "move-first" (move Rule to the top).
	Fix string
}

// LintOptions gives lint what it cannot see in the rules.
type LintOptions struct {
	Legacy     bool     // the persona used the legacy list form
	ExtraTools []string // tool names the user added; their keys are known
}

// Lint reports rules that can never decide, duplicates, unknown keys, a late catch-all, the
// legacy form, shell commands left ungated by a catch-all allow, and shell rules of the fragile
// deny-list form (allowed by default, dangerous commands asked or denied by pattern). Findings
// are in rule order, then the persona-wide ones.
func Lint(rs Ruleset, opts LintOptions) []Finding {
	var out []Finding
	if opts.Legacy {
		out = append(out, Finding{Kind: LintLegacy, Rule: -1, By: -1,
			Message: "permissions use the legacy list form; convert them to a rule map to see and edit each rule"})
	}
	pats := make([]*Pattern, len(rs))
	perms := make([]*Pattern, len(rs))
	for i, r := range rs {
		pats[i] = CompilePattern(r.Pattern, PatternOptions{Home: "~"})
		perms[i] = CompilePattern(r.Permission, PatternOptions{Home: "~"})
	}
	keys := knownKeys(opts.ExtraTools)
	for i, r := range rs {
		if catchAll(r) && i > 0 {
			out = append(out, Finding{Kind: LintCatchAllLate, Rule: i, By: -1, Fix: "move-first",
				Message: fmt.Sprintf("rule %d %s is a catch-all after other rules: every rule before it can never decide; put it first", i+1, r)})
		}
		if j := duplicateOf(rs, i); j >= 0 {
			out = append(out, Finding{Kind: LintDuplicate, Rule: i, By: j, Fix: "remove",
				Message: fmt.Sprintf("rule %d %s repeats rule %d; remove it", i+1, r, j+1)})
		} else {
			for j := len(rs) - 1; j > i; j-- {
				o := rs[j]
				if covers(perms[j], o.Permission, r.Permission) && covers(pats[j], o.Pattern, r.Pattern) {
					f := Finding{Kind: LintShadowed, Rule: i, By: j,
						Message: fmt.Sprintf("rule %d %s can never decide: rule %d %s comes later and matches everything it matches", i+1, r, j+1, o)}
					if o.Action == r.Action {
						f.Fix = "remove" // removing it changes no decision
					}
					out = append(out, f)
					break
				}
			}
		}
		if !keyKnown(perms[i], r.Permission, keys) {
			msg := fmt.Sprintf("rule %d: permission %q matches no known tool; ", i+1, r.Permission)
			if near := nearKey(r.Permission, keys); near != "" {
				msg += fmt.Sprintf("did you mean %q?", near)
			} else {
				msg += "if it is a custom or MCP tool, add its name to the known tools"
			}
			out = append(out, Finding{Kind: LintUnknownKey, Rule: i, By: -1, Message: msg})
		}
	}
	if f, ok := bashUngated(rs); ok {
		out = append(out, f)
	}
	if f, ok := fragileBash(rs); ok {
		out = append(out, f)
	}
	out = append(out, proposeGroups(rs)...)
	return out
}

// duplicateOf returns the index of a later rule identical to rule i, or -1.
func duplicateOf(rs Ruleset, i int) int {
	for j := i + 1; j < len(rs); j++ {
		if rs[j].Permission == rs[i].Permission && rs[j].Pattern == rs[i].Pattern && rs[j].Action == rs[i].Action {
			return j
		}
	}
	return -1
}

func catchAll(r Rule) bool {
	return wildcard.CollapseStars(r.Permission) == "*" && wildcard.CollapseStars(r.Pattern) == "*"
}

// covers reports whether every value matching pattern b also matches the compiled pattern a
// (source as). It is exact when a has no `?`: then each wildcard of b, read as a literal
// character, can only be consumed by a star of a, which would consume any expansion too.
func covers(a *Pattern, as, b string) bool {
	if as == b || wildcard.CollapseStars(as) == "*" {
		return true
	}
	if strings.Contains(as, "?") {
		return false
	}
	bs := wildcard.CollapseStars(b)
	if !a.Match(bs) {
		return false
	}
	// b's optional " *" tail also matches the value without it.
	if t, ok := strings.CutSuffix(bs, " *"); ok {
		return a.Match(t)
	}
	return true
}

func knownKeys(extra []string) []string {
	var keys []string
	for _, f := range mapping.Families() {
		keys = append(keys, f.Key)
	}
	keys = append(keys, mapping.OtherKeys()...)
	for _, t := range mapping.KnownTools(extra...) {
		keys = append(keys, mapping.KeyForTool(t))
	}
	return keys
}

func keyKnown(p *Pattern, perm string, keys []string) bool {
	for _, k := range keys {
		if k == perm || p.Match(k) {
			return true
		}
	}
	return false
}

// bashUngated finds a top-level `* allow` that decides shell commands with no later rule to ask
// or deny any of them.
func bashUngated(rs Ruleset) (Finding, bool) {
	last := -1
	for i, r := range rs {
		if catchAll(r) {
			last = i
		}
	}
	if last < 0 || rs[last].Action != Allow {
		return Finding{}, false
	}
	for _, r := range rs[last+1:] {
		if r.Action != Allow && CompilePattern(r.Permission, PatternOptions{}).Match("bash") {
			return Finding{}, false
		}
	}
	return Finding{Kind: LintBashUngated, Rule: last, By: -1,
		Message: fmt.Sprintf("rule %d %s lets every shell command run; add bash rules after it that ask for destructive commands (rm *, sudo *)", last+1, rs[last])}, true
}

// nearKey returns a known key that differs from key by case or one edit, or "".
func nearKey(key string, keys []string) string {
	for _, k := range keys {
		if strings.EqualFold(k, key) || editDistanceOne(k, key) {
			return k
		}
	}
	return ""
}

func editDistanceOne(a, b string) bool {
	if a == b {
		return false
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 || len(a) < 3 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}
