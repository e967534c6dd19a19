package preview

import (
	"slices"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// Cache keeps one Evaluator per persona until the persona's rules, the guards or the options
// change, so that the matrix and the preview can follow every keystroke of an edit: an edit
// recomputes the edited persona's row and nothing else. It is not safe for concurrent use; the
// app uses it from the UI goroutine.
type Cache struct {
	opts     Options
	guards   []engine.Ruleset
	guardsFP string
	compiled *compiledGuards
	byName   map[string]cacheEntry
}

type cacheEntry struct {
	rules engine.Ruleset // a copy of the rules the evaluator was made from
	eval  *Evaluator
}

// NewCache makes an empty cache that compiles with opts and no guards.
func NewCache(opts Options) *Cache {
	return &Cache{opts: opts, byName: map[string]cacheEntry{}}
}

// SetGuards sets the rules of each guards file; when they differ from the current ones, every
// evaluator is dropped.
func (c *Cache) SetGuards(guards []engine.Ruleset) {
	var b strings.Builder
	for _, g := range guards {
		writeRules(&b, g)
		b.WriteByte(0xff)
	}
	if fp := b.String(); fp != c.guardsFP {
		c.guards, c.guardsFP, c.compiled = guards, fp, nil
		clear(c.byName)
	}
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
	if e, ok := c.byName[p.Name]; ok && slices.Equal(e.rules, p.Rules) {
		return e.eval
	}
	if c.compiled == nil {
		c.compiled = compileGuards(c.guards, c.opts)
	}
	e := newEvaluator(p.Rules, nil, c.compiled, c.opts)
	c.byName[p.Name] = cacheEntry{rules: slices.Clone(p.Rules), eval: e}
	return e
}

// keepOnly forgets the personas not in live (deleted or renamed).
func (c *Cache) keepOnly(live map[string]bool) {
	for name := range c.byName {
		if !live[name] {
			delete(c.byName, name)
		}
	}
}

// writeRules writes everything about rs that can change a decision or a rule's reference,
// separated by bytes no rule text holds in a way that could run two rules together.
func writeRules(b *strings.Builder, rs engine.Ruleset) {
	for _, r := range rs {
		for _, s := range []string{r.Permission, r.Pattern, string(r.Action), r.Reason, string(r.Source.Kind), r.Source.Name} {
			b.WriteString(strconv.Itoa(len(s)))
			b.WriteByte(':')
			b.WriteString(s)
		}
		b.WriteString(strconv.Itoa(r.Source.Line))
		b.WriteByte(';')
	}
}
