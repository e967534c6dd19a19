package preview

import (
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/wildcard"
)

// Layer says which of the composed rulesets a rule belongs to: the engine's layers.
type Layer = engine.Layer

// The layers of a policy (docs/rules.md).
const (
	LayerPersona = engine.LayerPersona // the persona's own rules: the rows of its Rules tab
	LayerSession = engine.LayerSession // rules approved during a session
	LayerGuard   = engine.LayerGuard   // a guards file
)

// RuleRef locates a deciding rule: its layer, and its place there, so that the app can jump to
// the row in the Rules tab.
type RuleRef struct {
	Rule  engine.Rule
	Layer Layer
	Set   int // for LayerGuard: which guards file, in the order they were given
	Index int // 0-based position in its ruleset
}

// Source is where the rule was written: "path:line", "builtin:planner line 4", "session", ...
func (r RuleRef) Source() string { return r.Rule.Source.Location() }

// Row is the 1-based rule number a person sees, as lint messages count rules.
func (r RuleRef) Row() int { return r.Index + 1 }

// layer is one ruleset of a policy, with the engine's compiled form of it.
type layer struct {
	kind     Layer
	set      int
	rules    engine.Ruleset
	compiled *engine.Compiled
	// values holds each rule's value globs once made, for plain and for path keys; a pointer,
	// so that evaluators sharing a guards layer share what it learned.
	values *[2][][]wildcard.Automaton
}

// valueGlobs returns the value globs of rule i (see valueGlobs), made once.
func (l *layer) valueGlobs(i int, path bool, home string) []wildcard.Automaton {
	p := 0
	if path {
		p = 1
	}
	if l.values[p] == nil {
		l.values[p] = make([][]wildcard.Automaton, len(l.rules))
	}
	if l.values[p][i] == nil {
		for _, s := range valueGlobs(l.rules[i].Pattern, path, home) {
			l.values[p][i] = append(l.values[p][i], wildcard.NewAutomaton(s))
		}
	}
	return l.values[p][i]
}

func newLayer(kind Layer, set int, compiled *engine.Compiled) layer {
	return layer{kind: kind, set: set, rules: compiled.Rules(), compiled: compiled, values: new([2][][]wildcard.Automaton)}
}

// candidates returns the indexes of the rules whose permission matches key, in order, as the
// engine finds them.
func (l *layer) candidates(key string) []int { return l.compiled.Candidates(key) }

// isCatchAll reports whether a value pattern matches every value.
func isCatchAll(pattern string) bool { return engine.IsCatchAll(pattern) }

// refOf is the RuleRef of a decision's rule, where the engine found it; nil for no rule.
func refOf(rule *engine.Rule, at engine.RuleRef) *RuleRef {
	if rule == nil {
		return nil
	}
	return &RuleRef{Rule: *rule, Layer: at.Layer, Set: at.Set, Index: at.Index}
}

// ShortSource is Source with the path of a persona or guards file written relative to the
// nearest of bases that holds it (agents/reviewer.md:12 under the agent dir, .pi/agents/x.md:3
// under the project), so that it fits a line; a path under none of them stays whole.
func (r RuleRef) ShortSource(bases ...string) string {
	src := r.Rule.Source
	if src.Kind == engine.FromFile || src.Kind == engine.FromGuard || src.Kind == engine.FromManaged {
		src.Name = shortPath(src.Name, bases)
	}
	return src.Location()
}

// shortPath is path relative to the deepest of bases that holds it, or path itself.
func shortPath(path string, bases []string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	best := path
	for _, b := range bases {
		if b == "" {
			continue
		}
		rel, err := filepath.Rel(b, path)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if len(rel) < len(best) {
			best = rel
		}
	}
	return best
}
