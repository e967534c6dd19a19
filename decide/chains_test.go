package decide

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

func TestChainsLinkANestedAgentToItsParent(t *testing.T) {
	t.Parallel()
	c := Chains{Dir: t.TempDir()}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	// The main thread starts cleaner; cleaner starts a general-purpose agent.
	must(c.Spawned("s1", "", nil, "cleaner"))
	chain, err := c.Started("s1", "a1", "cleaner")
	must(err)
	if !slices.Equal(chain, []string{"cleaner"}) {
		t.Fatalf("cleaner's chain = %v", chain)
	}
	must(c.Spawned("s1", "a1", chain, "general-purpose"))
	got, err := c.Chain("s1", "a2", "general-purpose") // no SubagentStart hooked: inferred at the first call
	must(err)
	if !slices.Equal(got, []string{"cleaner", "general-purpose"}) {
		t.Errorf("nested chain = %v, want [cleaner general-purpose]", got)
	}
	if again, _ := c.Chain("s1", "a2", "general-purpose"); !slices.Equal(again, got) {
		t.Errorf("the chain changed between calls: %v then %v", got, again)
	}
	// The main thread's calls have no chain; another session knows nothing of this one.
	if main, _ := c.Chain("s1", "", ""); main != nil {
		t.Errorf("main thread chain = %v", main)
	}
	if other, _ := c.Chain("s2", "a9", "general-purpose"); !slices.Equal(other, []string{"general-purpose"}) {
		t.Errorf("an unknown session's agent = %v", other)
	}
}

// When two agents with different chains wait for an agent of the same type, which one started
// it cannot be known: it takes both chains, so it is never looser than its real parent, and
// the next one of that type does too.
func TestChainsAmbiguousParentTakesEveryChain(t *testing.T) {
	t.Parallel()
	c := Chains{Dir: t.TempDir()}
	_ = c.Spawned("s1", "", nil, "cleaner")
	_, _ = c.Started("s1", "a1", "cleaner")
	_ = c.Spawned("s1", "", nil, "general-purpose")
	_ = c.Spawned("s1", "a1", []string{"cleaner"}, "general-purpose")
	for _, id := range []string{"b1", "b2"} {
		got, err := c.Started("s1", id, "general-purpose")
		if err != nil || !slices.Equal(got, []string{"cleaner", "general-purpose"}) {
			t.Errorf("%s's chain = %v, %v; want both parents' chains", id, got, err)
		}
	}
}

// With no spawn known at all, a new agent takes the chains of every agent of the session.
func TestChainsUnknownParentIsTheStrictest(t *testing.T) {
	t.Parallel()
	c := Chains{Dir: t.TempDir()}
	_, _ = c.Started("s1", "a1", "cleaner")
	got, _ := c.Started("s1", "a2", "helper")
	if !slices.Equal(got, []string{"cleaner", "helper"}) {
		t.Errorf("chain = %v, want [cleaner helper]", got)
	}
}

func TestChainsParallelHooksLoseNothing(t *testing.T) {
	t.Parallel()
	c := Chains{Dir: t.TempDir()}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Started("s1", "a"+string(rune('a'+i)), "x"); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	f, err := c.read("s1")
	if err != nil || len(f.Agents) != 20 {
		t.Errorf("%d agents recorded (%v), want 20", len(f.Agents), err)
	}
}

func TestChainsRefuseBadSessionsAndBrokenFiles(t *testing.T) {
	t.Parallel()
	c := Chains{Dir: t.TempDir()}
	if _, err := c.Started("../x", "a", "b"); err == nil {
		t.Error("a session id with a slash was accepted")
	}
	if err := os.WriteFile(filepath.Join(c.Dir, "s1.json"), []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Chain("s1", "a1", "x"); err == nil {
		t.Error("a broken record was read as no record: a nested agent would be decided looser than its chain")
	}
}
