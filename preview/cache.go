package preview

import (
	"slices"

	"github.com/agentmgr/agentmgr/engine"
)

// Cache keeps one Evaluator per persona until the persona's rules, the guards or the options
// change, so that the matrix and the preview can follow every keystroke of an edit: an edit
// recomputes the edited persona's row and nothing else. It is not safe for concurrent use; the
// app uses it from the UI goroutine.
type Cache struct {
	opts     Options
	guards   []engine.Ruleset
	compiled *compiledGuards
	byName   map[string]cacheEntry
}

type cacheEntry struct {
	rules engine.Ruleset // a copy of the rules the evaluator was made from
	eval  *Evaluator
	// posture is how the rules govern shell commands (engine.PostureOf), kept with the row so
	// that a matrix recomputed after another persona's edit compiles nothing of this one.
	posture engine.ShellPosture
}

// NewCache makes an empty cache that compiles with opts and no guards.
func NewCache(opts Options) *Cache {
	return &Cache{opts: opts, byName: map[string]cacheEntry{}}
}

// SetGuards sets the rules of each guards file; when they differ from the current ones, every
// evaluator is dropped.
func (c *Cache) SetGuards(guards []engine.Ruleset) {
	if slices.EqualFunc(guards, c.guards, func(a, b engine.Ruleset) bool { return slices.Equal(a, b) }) {
		return
	}
	c.guards = make([]engine.Ruleset, len(guards))
	for i, g := range guards {
		c.guards[i] = slices.Clone(g)
	}
	c.compiled = nil
	clear(c.byName)
}

// Guards returns the guards set by SetGuards.
func (c *Cache) Guards() []engine.Ruleset { return c.guards }

// SetOptions changes the options; when they differ, every evaluator is dropped.
func (c *Cache) SetOptions(opts Options) {
	if opts != c.opts {
		c.opts, c.compiled = opts, nil
		clear(c.byName)
	}
}

// Options returns the options evaluators compile with.
func (c *Cache) Options() Options { return c.opts }

// Evaluator returns the evaluator of p with the guards, made anew only when p's rules changed.
func (c *Cache) Evaluator(p Persona) *Evaluator {
	if e, _ := c.cached(p); e != nil {
		return e
	}
	e := newEvaluator(p.Rules, nil, c.compiledGuards(), c.opts)
	c.store(p, e, engine.PostureOf(p.Rules))
	return e
}

// cached returns p's evaluator and shell posture if its rules are unchanged, else nil.
func (c *Cache) cached(p Persona) (*Evaluator, engine.ShellPosture) {
	if e, ok := c.byName[p.Name]; ok && slices.Equal(e.rules, p.Rules) {
		return e.eval, e.posture
	}
	return nil, engine.ShellPosture{}
}

// store keeps e and posture as p's, unless e is the evaluator already kept.
func (c *Cache) store(p Persona, e *Evaluator, posture engine.ShellPosture) {
	if old, ok := c.byName[p.Name]; ok && old.eval == e {
		return
	}
	c.byName[p.Name] = cacheEntry{rules: slices.Clone(p.Rules), eval: e, posture: posture}
}

// compiledGuards compiles the guards once for every evaluator.
func (c *Cache) compiledGuards() *compiledGuards {
	if c.compiled == nil {
		c.compiled = compileGuards(c.guards, c.opts)
	}
	return c.compiled
}

// keepOnly forgets the personas not in live (deleted or renamed).
func (c *Cache) keepOnly(live map[string]bool) {
	for name := range c.byName {
		if !live[name] {
			delete(c.byName, name)
		}
	}
}
