package replay

import (
	"strconv"
	"time"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/parallel"
)

// Options select the calls a replay re-decides.
type Options struct {
	// Agent keeps the calls made under this persona; "" keeps every call, each re-decided as if
	// made under the replayed rules.
	Agent string
	Since time.Time // keeps calls made at or after Since; zero keeps all
	Last  int       // keeps only the last Last of the selected calls; 0 keeps all
}

// Change is a call whose decision would change: the call as logged (its Action is what it got
// then) and the decision it would get now.
type Change struct {
	Call
	Now engine.Decision
}

// Result is what a replay found.
type Result struct {
	Calls   int      // calls re-decided
	Changed []Change // the calls whose decision would change, in log order
	// Clipped counts the selected calls that were not re-decided: the log holds only the start
	// of a value too long to store whole.
	Clipped int
}

// Replay re-decides the selected calls of l with pol and returns those whose decision would
// change. pol is the persona's rules as edited, with the guards that apply (no session rules,
// and normally no yolo): every call is re-decided with the session rules its session had
// stored, by "always" replies in the log, before the call was made, so that what a session
// allowed is not reported as a change of the persona's rules.
//
// Every call is decided as the gate decides it, by decide.Judge on the call the log recorded
// (decide.Logged): a shell command unit by unit, a tool agentmgr does not know as the gate
// closes it, and, when pol has a Place, a path under each of its names there. The log does
// not keep a call's working directory, so without a Place a path is matched as logged.
func Replay(l *Log, pol *engine.Policy, opt Options) Result {
	var out Result
	d := newDecider(l, pol)
	var calls []*Call
	var keys []string
	for _, i := range selected(l, opt) {
		c := &l.Calls[i]
		if c.Clipped {
			out.Clipped++
			continue
		}
		calls = append(calls, c)
		keys = append(keys, d.prepare(c))
	}
	d.decideAll()
	for j, c := range calls {
		out.Calls++
		if now := d.memo[keys[j]]; now.Action != c.Action {
			out.Changed = append(out.Changed, Change{Call: *c, Now: now})
		}
	}
	return out
}

// Select returns the calls of l that opt keeps, oldest first.
func Select(l *Log, opt Options) []Call {
	idx := selected(l, opt)
	out := make([]Call, len(idx))
	for j, i := range idx {
		out[j] = l.Calls[i]
	}
	return out
}

// selected returns the positions in l.Calls of the calls opt keeps.
func selected(l *Log, opt Options) []int32 {
	out := make([]int32, 0, len(l.Calls))
	for i := range l.Calls {
		c := &l.Calls[i]
		if (opt.Agent == "" || c.Agent == opt.Agent) && (opt.Since.IsZero() || !c.Time.Before(opt.Since)) {
			out = append(out, int32(i))
		}
	}
	if opt.Last > 0 && len(out) > opt.Last {
		out = out[len(out)-opt.Last:]
	}
	return out
}

// decider decides logged calls with one policy, each distinct call once: logs repeat the same
// calls over and over, and the shell analysis is the costly part of a decision.
type decider struct {
	log      *Log
	pol      *engine.Policy
	sessions map[string]*engine.Policy // by session and the number of replies that stored its rules
	memo     map[string]engine.Decision
	todo     []pending // distinct calls prepared but not yet decided
}

// pending is a distinct call to decide, under the policy its session had at the time.
type pending struct {
	key string
	pol *engine.Policy
	c   *Call
}

func newDecider(l *Log, pol *engine.Policy) *decider {
	return &decider{log: l, pol: pol, sessions: map[string]*engine.Policy{}, memo: map[string]engine.Decision{}}
}

// prepare finds the policy c is decided under (the session rules stored before it) and returns
// the key its decision will have in memo; decideAll then decides it.
func (d *decider) prepare(c *Call) string {
	p, id := d.pol, ""
	if c.Session != "" {
		if rs, n := d.log.sessionRules(c.Session, c.Time); n > 0 {
			id = c.Session + "#" + strconv.Itoa(n)
			sp, ok := d.sessions[id]
			if !ok {
				cp := *d.pol
				// The session's `~` is the persona's: one home for every rule of the call.
				cp.Session = engine.CompileWithHome(rs, d.pol.Home())
				sp = &cp
				d.sessions[id] = sp
			}
			p = sp
		}
	}
	// The number of values keeps ["a\x00b"] and ["a", "b"] apart; a tool agentmgr does not
	// know is decided otherwise than a known one of the same key.
	key := c.Key + "\x00" + id + "\x00" + strconv.FormatBool(decide.Logged(c.Tool, c.Key, nil).Unknown) + "\x00" + strconv.Itoa(len(c.Values))
	for _, v := range c.Values {
		key += "\x00" + v
	}
	if _, ok := d.memo[key]; !ok {
		d.memo[key] = engine.Decision{} // claimed: decided once, by decideAll
		d.todo = append(d.todo, pending{key, p, c})
	}
	return key
}

// decideAll decides the prepared calls on every CPU: they are independent, and a log of
// distinct shell commands is otherwise bound by one core's parsing.
func (d *decider) decideAll() {
	out := make([]engine.Decision, len(d.todo))
	parallel.For(len(d.todo), func(i int) {
		t := d.todo[i]
		out[i] = decide.Judge(t.pol, decide.Logged(t.c.Tool, t.c.Key, t.c.Values))
	})
	for i, t := range d.todo {
		d.memo[t.key] = out[i]
	}
	d.todo = d.todo[:0]
}
