package engine

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/wildcard"
)

// maxCachedKeys bounds the per-key candidate cache; keys come from tool calls, so a hostile
// agent could otherwise grow it without limit.
const maxCachedKeys = 4096

// Compiled is a ruleset with every wildcard compiled once, indexed by permission key so that an
// evaluation only looks at rules whose key can match. It is safe for concurrent use.
type Compiled struct {
	rules  []compiledRule
	byKey  map[string][]int32 // rules whose permission is a literal key
	wild   []int32            // rules whose permission has a wildcard, in order
	hasAsk bool
	home   string

	cache  sync.Map // key -> []int32: every rule whose permission matches key, in order
	cached atomic.Int32
	worlds sync.Map // shell key -> *closedWorld
	folded sync.Map // rule index (int32) -> *Pattern: its pattern matched without case (fold.go)
}

type compiledRule struct {
	Rule
	perm     *Pattern
	val      *Pattern // value pattern for ordinary keys
	pathVal  *Pattern // value pattern for path-valued keys (`\` as `/`)
	catchAll bool     // pattern is `*`
	members  []member // for a group pattern (`@ssh-keys`): its patterns, matched as paths
}

// Compile compiles rs for evaluation with no home directory: a `~` or `$HOME` in a pattern
// matches only itself. It cannot fail: every pattern is a valid wildcard. Rules that may name
// the home (a persona's, a session's, a guards file's) are compiled with CompileWithHome and
// the home the caller found (locations.Home): the engine never reads the environment.
func Compile(rs Ruleset) *Compiled {
	return CompileWithHome(rs, "")
}

// CompileWithHome compiles rs with home as the directory `~` and `$HOME` stand for.
func CompileWithHome(rs Ruleset, home string) *Compiled {
	c := &Compiled{rules: make([]compiledRule, len(rs)), byKey: map[string][]int32{}, home: home}
	for i, r := range rs {
		cr := compiledRule{
			Rule:     r,
			perm:     compileKeyPattern(r.Permission),
			val:      CompilePattern(r.Pattern, PatternOptions{Home: home}),
			catchAll: IsCatchAll(r.Pattern),
		}
		if strings.Contains(r.Pattern, `\`) {
			cr.pathVal = CompilePattern(r.Pattern, PatternOptions{Path: true, Home: home})
		} else {
			cr.pathVal = cr.val
		}
		if g := groupOf(r.Pattern); g != nil {
			for _, m := range g.Patterns {
				cr.members = append(cr.members, member{src: m, pathVal: CompilePattern(m, PatternOptions{Path: true, Home: home})})
			}
		}
		c.rules[i] = cr
		if strings.ContainsAny(r.Permission, "*?") {
			c.wild = append(c.wild, int32(i))
		} else {
			c.byKey[r.Permission] = append(c.byKey[r.Permission], int32(i))
		}
		if r.Action == Ask {
			c.hasAsk = true
		}
	}
	return c
}

// compileKeyPattern compiles a rule's permission: a wildcard like any pattern (`**`, `?`, the
// optional " *" tail), but with no home expansion, since keys are names, not paths.
func compileKeyPattern(src string) *Pattern {
	return wildcard.Compile(src, wildcard.Options{})
}

// Home is the home directory a leading `~` or `$HOME` stood for when the rules were compiled.
func (c *Compiled) Home() string { return c.home }

// Rules returns the rules as compiled, in order.
func (c *Compiled) Rules() Ruleset {
	out := make(Ruleset, len(c.rules))
	for i := range c.rules {
		out[i] = c.rules[i].Rule
	}
	return out
}

// Len is the number of rules.
func (c *Compiled) Len() int { return len(c.rules) }

// Candidates returns the positions, in order, of the rules whose permission matches key: the
// only rules that can decide a call of key, for tools that reason about them (the app's
// previews).
func (c *Compiled) Candidates(key string) []int {
	cands := c.candidates(key)
	out := make([]int, len(cands))
	for i, x := range cands {
		out[i] = int(x)
	}
	return out
}

// candidates returns, in rule order, every rule whose permission pattern matches key.
func (c *Compiled) candidates(key string) []int32 {
	if v, ok := c.cache.Load(key); ok {
		return v.([]int32)
	}
	lit := c.byKey[key]
	out := make([]int32, 0, len(lit)+len(c.wild))
	// Merge the literal rules with the matching wildcard rules, keeping file order.
	i := 0
	for _, w := range c.wild {
		if !c.rules[w].perm.Match(key) {
			continue
		}
		for i < len(lit) && lit[i] < w {
			out = append(out, lit[i])
			i++
		}
		out = append(out, w)
	}
	out = append(out, lit[i:]...)
	if c.cached.Load() < maxCachedKeys {
		if _, loaded := c.cache.LoadOrStore(key, out); !loaded {
			c.cached.Add(1)
		}
	}
	return out
}

// Evaluate decides one value for permission key: the last rule whose permission pattern matches
// key and whose pattern matches value wins; with none, the answer is ask with no rule. Values of
// path-valued keys are read with `\` as `/` and `~` as the home directory.
func (c *Compiled) Evaluate(key, value string) Decision {
	path := mapping.IsPathKey(key)
	v := value
	if path {
		v = NormalizePath(value, c.home)
	}
	cands := c.candidates(key)
	for i := len(cands) - 1; i >= 0; i-- {
		r := &c.rules[cands[i]]
		var ok bool
		if path {
			ok = r.matchPath(v)
		} else {
			ok = r.val.Match(v)
		}
		if ok {
			return Decision{Action: r.Action, Rule: &r.Rule, Ref: RuleRef{Index: int(cands[i])}, Permission: key, Value: value, Reason: r.Reason}
		}
	}
	return Decision{Action: Ask, Permission: key, Value: value}
}
