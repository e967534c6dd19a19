// Package impact tells, while a persona is edited, how many of its recent logged calls the
// edited rules would decide differently. The work runs on a goroutine of its own: a request
// returns at once, only the newest request waiting is computed, and a result is never delivered
// after a newer request came in. It is plain Go, tested without a display.
package impact

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/replay"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// DefaultLast is how many of the persona's latest logged calls the editor replays.
const DefaultLast = 500

// Result is the replay of the calls for one request.
type Result struct {
	Seq     uint64 // the request it answers, as Check returned it
	Agent   string
	Calls   int             // calls replayed: at most Last
	Changed []replay.Change // the calls whose decision would change, oldest first
	Err     error           // the log could not be read
}

// Summary says the result in one line, as the editor shows it.
func (r Result) Summary() string {
	switch {
	case r.Err != nil:
		return "Cannot read the review log: " + r.Err.Error()
	case r.Calls == 0:
		return fmt.Sprintf("The review log has no calls of %s to replay.", r.Agent)
	case len(r.Changed) == 0:
		return fmt.Sprintf("None of the last %d %s would change.", r.Calls, plural(r.Calls))
	}
	return fmt.Sprintf("%d of the last %d %s would change.", len(r.Changed), r.Calls, plural(r.Calls))
}

func plural(n int) string {
	if n == 1 {
		return "call"
	}
	return "calls"
}

// Checker replays one persona's latest logged calls against rules as they are edited.
type Checker struct {
	// Home is the directory `~` and `$HOME` stand for in the rules replayed, as the app found
	// it (locations.Dirs.Home); set it before the first Check.
	Home string

	agent   string
	last    int
	logPath string
	deliver func(Result)
	spawn   func(func()) // starts the worker goroutine; see SetSpawn

	mu      sync.Mutex
	seq     uint64
	want    *request // the newest request not started yet
	busy    bool     // the worker goroutine is running
	log     *replay.Log
	logStat fileStamp // the log file the cached log was read from
}

type request struct {
	seq    uint64
	rules  engine.Ruleset
	guards []engine.Ruleset
}

// fileStamp tells one state of the log file from another.
type fileStamp struct {
	size int64
	mod  time.Time
	ok   bool
}

// New makes a checker of agent's last calls (DefaultLast when last is 0) in the review log at
// logPath. deliver is called on the checker's goroutine with each result; an app wraps it to
// apply the result on its UI goroutine.
func New(agent string, last int, logPath string, deliver func(Result)) *Checker {
	if last <= 0 {
		last = DefaultLast
	}
	return &Checker{agent: agent, last: last, logPath: logPath, deliver: deliver, spawn: func(f func()) { go f() }}
}

// SetSpawn makes the checker start its worker goroutine with spawn instead of a bare go
// statement: the app counts its goroutines, so that closing a window (or ending a test) waits
// for them instead of leaving one running.
func (c *Checker) SetSpawn(spawn func(func())) { c.spawn = spawn }

// Check asks for rules (with the guards files' rules) to be replayed, and returns at once with
// the request's number. A request still waiting is replaced: only the newest one counts.
func (c *Checker) Check(rules engine.Ruleset, guards []engine.Ruleset) uint64 {
	c.mu.Lock()
	c.seq++
	seq := c.seq
	c.want = &request{seq: seq, rules: rules, guards: guards}
	start := !c.busy
	c.busy = true
	c.mu.Unlock()
	if start {
		c.spawn(c.work)
	}
	return seq
}

// work computes requests until none is waiting.
func (c *Checker) work() {
	for {
		c.mu.Lock()
		r := c.want
		c.want = nil
		if r == nil {
			c.busy = false
			c.mu.Unlock()
			return
		}
		c.mu.Unlock()
		res := c.compute(r)
		c.mu.Lock()
		stale := c.want != nil
		c.mu.Unlock()
		if !stale {
			c.deliver(res)
		}
	}
}

func (c *Checker) compute(r *request) Result {
	res := Result{Seq: r.seq, Agent: c.agent}
	l, err := c.readLog()
	if err != nil {
		res.Err = err
		return res
	}
	// Composed as the gate composes a persona's policy, without session rules (replay adds
	// each call's own) and yolo.
	pol := policy.Compose(policy.Parts{Persona: r.rules, Guards: policy.CompileGuardRules(r.guards, c.Home), Home: c.Home})
	out := replay.Replay(l, pol, replay.Options{Agent: c.agent, Last: c.last})
	res.Calls, res.Changed = out.Calls, out.Changed
	return res
}

// readLog returns the log, read again only when the current file changed since (an append or a
// rotation changes its size or time).
func (c *Checker) readLog() (*replay.Log, error) {
	st := stamp(c.logPath)
	c.mu.Lock()
	cached, same := c.log, c.log != nil && st == c.logStat
	c.mu.Unlock()
	if same {
		return cached, nil
	}
	entries, err := reviewlog.Read(c.logPath, reviewlog.Filter{Agent: c.agent})
	if len(entries) == 0 && err != nil {
		return nil, err
	}
	// Lines that are not entries are skipped: the rest of the log still counts.
	l := replay.FromEntries(entries)
	c.mu.Lock()
	c.log, c.logStat = l, st
	c.mu.Unlock()
	return l, nil
}

func stamp(path string) fileStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{size: fi.Size(), mod: fi.ModTime(), ok: true}
}
