package engine

import (
	"strings"

	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/wildcard"
)

// On a volume that compares names without case (macOS, Windows), ~/.SSH/id_rsa opens
// ~/.ssh/id_rsa and prod.ENV is the file a rule for *.env protects. Such a path is decided a
// second time with every rule's pattern and the value lower-cased (Place's Resolved.Folds);
// the folded patterns are compiled on first use, since most calls never need them.

// evaluateFolded is Evaluate with the rules' patterns and the value compared without case.
func (c *Compiled) evaluateFolded(key, value string) Decision {
	v := value
	if mapping.IsPathKey(key) {
		v = NormalizePath(value, c.home)
	}
	v = strings.ToLower(v)
	cands := c.candidates(key)
	for i := len(cands) - 1; i >= 0; i-- {
		if c.foldedPattern(cands[i]).Match(v) {
			r := &c.rules[cands[i]]
			return Decision{Action: r.Action, Rule: &r.Rule, Ref: RuleRef{Index: int(cands[i])}, Permission: key, Value: value, Reason: r.Reason}
		}
	}
	return Decision{Action: Ask, Permission: key, Value: value}
}

// foldedPattern is rule i's value pattern, home expanded and lower-cased, read as a path.
func (c *Compiled) foldedPattern(i int32) *Pattern {
	if p, ok := c.folded.Load(i); ok {
		return p.(*Pattern)
	}
	src := c.rules[i].Pattern
	if expanded, ok := wildcard.ExpandHome(src, c.home); ok {
		src = expanded
	}
	p := CompilePattern(strings.ToLower(src), PatternOptions{Path: true})
	c.folded.Store(i, p)
	return p
}
