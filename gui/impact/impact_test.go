package impact

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/reviewlog"
)

func rules(triples ...string) engine.Ruleset {
	var rs engine.Ruleset
	for i := 0; i+2 < len(triples); i += 3 {
		rs = append(rs, engine.Rule{Permission: triples[i], Pattern: triples[i+1], Action: engine.Action(triples[i+2])})
	}
	return rs
}

var saved = rules("*", "*", "ask", "bash", "git *", "allow", "bash", "git push *", "deny")

// writeLog logs each bash command as decided by saved, for agent dev.
func writeLog(t *testing.T, path string, commands ...string) {
	t.Helper()
	pol := engine.NewPolicy(saved)
	l := reviewlog.New(path, reviewlog.Options{})
	for i, cmd := range commands {
		d := pol.DecideToolValues("bash", []string{cmd})
		at := time.Date(2026, 5, 1, 10, i, 0, 0, time.UTC)
		if err := l.Append(reviewlog.DecisionEntry(at, approvals.Call{Agent: "dev", Session: "s", Tool: "bash", Values: []string{cmd}}, d, nil)); err != nil {
			t.Fatal(err)
		}
	}
}

// collector gathers delivered results; block, when set, holds the first delivery until it is
// closed.
type collector struct {
	mu    sync.Mutex
	got   []Result
	block chan struct{}
}

func (c *collector) deliver(r Result) {
	c.mu.Lock()
	first := len(c.got) == 0
	c.got = append(c.got, r)
	c.mu.Unlock()
	if first && c.block != nil {
		<-c.block
	}
}

func (c *collector) results() []Result {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.got)
}

func TestCheckReplaysTheLastCallsOffTheCallersGoroutine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	writeLog(t, path, "git status", "git push origin main", "ls", "git push --force")
	synctest.Test(t, func(t *testing.T) {
		var c collector
		ch := New("dev", 2, path, c.deliver)
		moved := rules("*", "*", "ask", "bash", "git push *", "deny", "bash", "git *", "allow")
		seq := ch.Check(moved, nil)
		synctest.Wait()
		got := c.results()
		if len(got) != 1 || got[0].Seq != seq {
			t.Fatalf("results %+v, want one for request %d", got, seq)
		}
		r := got[0]
		if r.Calls != 2 || len(r.Changed) != 1 || r.Changed[0].Values[0] != "git push --force" {
			t.Errorf("replay of the last 2 calls: %d calls, changed %+v", r.Calls, r.Changed)
		}
		if s := r.Summary(); s != "1 of the last 2 calls would change." {
			t.Errorf("Summary() = %q", s)
		}
		// The saved rules change nothing.
		ch.Check(saved, nil)
		synctest.Wait()
		if r := c.results()[1]; len(r.Changed) != 0 || r.Summary() != "None of the last 2 calls would change." {
			t.Errorf("the saved rules: %+v, %q", r.Changed, r.Summary())
		}
		// Guards are part of the decision: a guard that denies every push keeps the pushes denied.
		ch.Check(moved, []engine.Ruleset{rules("bash", "git push *", "deny")})
		synctest.Wait()
		if r := c.results()[2]; len(r.Changed) != 0 {
			t.Errorf("with a guard: changed %+v", r.Changed)
		}
	})
}

func TestOnlyTheNewestWaitingRequestIsComputed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	writeLog(t, path, "git push", "ls")
	synctest.Test(t, func(t *testing.T) {
		c := collector{block: make(chan struct{})}
		ch := New("dev", 0, path, c.deliver)
		first := ch.Check(saved, nil)
		synctest.Wait() // the worker is delivering the first result, held by the test
		var last uint64
		for _, rs := range []engine.Ruleset{
			rules("*", "*", "deny"),
			rules("*", "*", "allow"),
			rules("*", "*", "ask", "bash", "git push *", "deny", "bash", "ls *", "allow"),
		} {
			last = ch.Check(rs, nil)
		}
		close(c.block)
		synctest.Wait()
		got := c.results()
		var seqs []uint64
		for _, r := range got {
			seqs = append(seqs, r.Seq)
		}
		if !slices.Equal(seqs, []uint64{first, last}) {
			t.Fatalf("delivered requests %v, want %d then only the newest, %d", seqs, first, last)
		}
		if r := got[1]; len(r.Changed) != 1 || r.Changed[0].Values[0] != "ls" {
			t.Errorf("the newest request's result: %+v", r.Changed)
		}
	})
}

func TestTheLogIsReadAgainWhenItGrows(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	synctest.Test(t, func(t *testing.T) {
		var c collector
		ch := New("dev", 0, path, c.deliver)
		ch.Check(saved, nil)
		synctest.Wait()
		if r := c.results()[0]; r.Calls != 0 || r.Err != nil || !strings.Contains(r.Summary(), "no calls of dev") {
			t.Errorf("without a log: %+v %q", r, r.Summary())
		}
		writeLog(t, path, "ls", "git status")
		ch.Check(saved, nil)
		synctest.Wait()
		if r := c.results()[1]; r.Calls != 2 {
			t.Errorf("after the log grew: %d calls, want 2", r.Calls)
		}
	})
}

// The rules' `~` is the home the app found, not the environment's: a deny of ~/.ssh/* changes
// a logged read of a key under that home.
func TestCheckReadsTheRulesWithTheAppsHome(t *testing.T) {
	t.Setenv("HOME", "/elsewhere")
	path := filepath.Join(t.TempDir(), "review.jsonl")
	l := reviewlog.New(path, reviewlog.Options{})
	d := engine.NewPolicy(rules("*", "*", "allow")).DecideToolValues("read", []string{"/h/.ssh/id"})
	if err := l.Append(reviewlog.DecisionEntry(time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC), approvals.Call{Agent: "dev", Session: "s", Tool: "read", Values: []string{"/h/.ssh/id"}}, d, nil)); err != nil {
		t.Fatal(err)
	}
	synctest.Test(t, func(t *testing.T) {
		var c collector
		ch := New("dev", 0, path, c.deliver)
		ch.Home = "/h"
		ch.Check(rules("*", "*", "allow", "read", "~/.ssh/*", "deny"), nil)
		synctest.Wait()
		if got := c.results(); len(got) != 1 || len(got[0].Changed) != 1 || got[0].Changed[0].Now.Action != engine.Deny {
			t.Errorf("results %+v, want the read under the app's home denied now", got)
		}
	})
}
