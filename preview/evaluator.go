package preview

import (
	"slices"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/wildcard"
)

// Options say how previews compile and compose rules.
type Options struct {
	// Home is the directory `~` and `$HOME` stand for, as the caller found it
	// (locations.Dirs.Home); "" leaves them literal.
	Home string
	// Yolo is the state file's switch that turns every ask into allow.
	Yolo bool
}

// Evaluator tells what one persona does with tools: its rules composed with the guards and,
// optionally, a session's rules, exactly as the engine decides calls. Results are cached per
// permission key; an Evaluator is not safe for concurrent use.
type Evaluator struct {
	policy *engine.Policy
	layers []layer // the persona, then the session when given, then each guards file
	home   string
	keys   map[string]*keyResult
}

// keyResult is what the evaluator learned about one permission key.
type keyResult struct {
	cands  [][]int  // per layer, the rules whose permission matches the key
	hidden bool     // the engine hides the key's tools
	hider  *RuleRef // the rule that hides them

	explored    bool
	outcomes    []Outcome
	generic     int  // index of the outcome of the values the fewest patterns name
	complete    bool // every outcome is known (false after an early stop)
	approximate bool // the walk ran out of budget
}

// NewEvaluator composes persona's rules with a session's rules (nil for none) and the rules
// of each guards file.
func NewEvaluator(persona, session engine.Ruleset, guards []engine.Ruleset, opts Options) *Evaluator {
	return newEvaluator(persona, session, compileGuards(guards, opts), opts)
}

// compiledGuards are guards files compiled once for every evaluator that shares them.
type compiledGuards struct {
	compiled []*engine.Compiled
	layers   []layer
}

func compileGuards(guards []engine.Ruleset, opts Options) *compiledGuards {
	home := opts.Home
	g := &compiledGuards{compiled: policy.CompileGuardRules(guards, home)}
	for i, rs := range guards {
		l := newLayer(LayerGuard, i, g.compiled[i])
		// Make every value glob now: evaluators on several goroutines read the layer.
		for r := range rs {
			l.valueGlobs(r, false, home)
			l.valueGlobs(r, true, home)
		}
		g.layers = append(g.layers, l)
	}
	return g
}

func newEvaluator(persona, session engine.Ruleset, guards *compiledGuards, opts Options) *Evaluator {
	home := opts.Home
	e := &Evaluator{home: home, keys: map[string]*keyResult{}}
	// The one composition the CLI and the gate use, so that the app decides as they do.
	e.policy = policy.Compose(policy.Parts{Persona: persona, Session: session, Guards: guards.compiled, Yolo: opts.Yolo, Home: home})
	e.layers = append(e.layers, newLayer(LayerPersona, 0, e.policy.Persona))
	if e.policy.Session != nil {
		e.layers = append(e.layers, newLayer(LayerSession, 0, e.policy.Session))
	}
	e.layers = append(e.layers, guards.layers...)
	return e
}

// Policy is the engine policy the evaluator decides with.
func (e *Evaluator) Policy() *engine.Policy { return e.policy }

// Status tells what the persona does with tool, with every outcome.
func (e *Evaluator) Status(tool string) Status {
	key := mapping.KeyForTool(tool)
	st := Status{Tool: tool, Key: key}
	r := e.result(tool, key, true)
	if r.hidden {
		st.Kind, st.Rule = KindHidden, r.hider
		return st
	}
	st.Outcomes, st.Approximate = r.outcomes, r.approximate
	st.Kind = uniformKind(r.outcomes)
	st.Rule = r.outcomes[r.generic].Rule
	return st
}

// Cell tells the status of tool and the rule behind it, without listing every outcome: it stops
// at the second action it finds, which is all the matrix needs.
func (e *Evaluator) Cell(tool string) Cell {
	r := e.result(tool, mapping.KeyForTool(tool), false)
	if r.hidden {
		return Cell{Kind: KindHidden, Rule: r.hider}
	}
	c := Cell{Kind: uniformKind(r.outcomes)}
	if c.Kind != KindDepends {
		c.Rule = r.outcomes[r.generic].Rule
	}
	return c
}

func uniformKind(outs []Outcome) Kind {
	for _, o := range outs[1:] {
		if o.Action != outs[0].Action {
			return KindDepends
		}
	}
	return kindOf(outs[0].Action)
}

// result explores key's values once; full asks for every outcome, otherwise the walk stops as
// soon as two actions are known.
func (e *Evaluator) result(tool, key string, full bool) *keyResult {
	r, ok := e.keys[key]
	if !ok {
		r = &keyResult{cands: make([][]int, len(e.layers))}
		for li := range e.layers {
			r.cands[li] = e.layers[li].candidates(key)
		}
		// The engine says what is hidden; it looks at the tool's key only, so the answer holds
		// for every tool of the key.
		rule, at := e.policy.HiddenBy(tool)
		r.hidden, r.hider = rule != nil, refOf(rule, at)
		e.keys[key] = r
	}
	if !r.hidden && (!r.explored || (full && !r.complete)) {
		e.explore(key, r, full)
	}
	return r
}

func (e *Evaluator) explore(key string, r *keyResult, full bool) {
	r.explored, r.complete, r.outcomes = true, true, nil
	var rules [][]wildcard.Automaton
	constant := true
	path := mapping.IsPathKey(key)
	for li := range e.layers {
		l := &e.layers[li]
		cands := r.cands[li]
		// Within a ruleset the last match wins, so nothing before its last catch-all can decide.
		for i := len(cands) - 1; i > 0; i-- {
			if isCatchAll(l.rules[cands[i]].Pattern) {
				cands = cands[i:]
				break
			}
		}
		if len(cands) > 1 || (len(cands) == 1 && !isCatchAll(l.rules[cands[0]].Pattern)) {
			constant = false
		}
		for _, i := range cands {
			rules = append(rules, l.valueGlobs(i, path, e.home))
		}
	}
	var seen []outcomeKey // parallel to r.outcomes; they are few
	fewest := -1
	visit := func(value string, matched int) bool {
		d := e.policy.Decide(key, value)
		k := outcomeKey{d.Action, d.Rule}
		i := slices.Index(seen, k)
		if i < 0 {
			i = len(r.outcomes)
			seen = append(seen, k)
			r.outcomes = append(r.outcomes, Outcome{Action: d.Action, Rule: refOf(d.Rule, d.Ref), Example: value})
		}
		if fewest < 0 || matched < fewest {
			fewest, r.generic = matched, i
		}
		if !full && uniformKind(r.outcomes) == KindDepends {
			r.complete = false
			return false
		}
		return true
	}
	if constant {
		// Every ruleset decides all values alike: one value tells them all.
		visit("", 0)
	} else if !newValueSpace(rules, path).explore(visit) {
		r.approximate = true
	}
	if r.complete {
		e.sortOutcomes(r)
	}
}

type outcomeKey struct {
	action engine.Action
	rule   *engine.Rule
}

// sortOutcomes puts outcomes in the order a person reads rules: by layer, then by position,
// the default ask last.
func (e *Evaluator) sortOutcomes(r *keyResult) {
	generic := r.outcomes[r.generic]
	pos := func(o Outcome) [3]int {
		if o.Rule == nil {
			return [3]int{len(e.layers) + 1, 0, 0}
		}
		return [3]int{int(o.Rule.Layer), o.Rule.Set, o.Rule.Index}
	}
	slices.SortStableFunc(r.outcomes, func(a, b Outcome) int {
		pa, pb := pos(a), pos(b)
		return slices.Compare(pa[:], pb[:])
	})
	r.generic = slices.IndexFunc(r.outcomes, func(o Outcome) bool { return o == generic })
}
