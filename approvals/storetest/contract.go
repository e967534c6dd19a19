// Package storetest is the contract every approvals.SessionStore must pass: revisions and
// conflicts, authority, high-water marks across deletes, id validation, listing and concurrent
// writers. The in-memory store and the file store run the same cases.
package storetest

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

// Run runs the contract against stores made by open; each case opens its own empty store.
func Run(t *testing.T, open func(t *testing.T) approvals.SessionStore) {
	cases := []struct {
		name string
		run  func(t *testing.T, s approvals.SessionStore)
	}{
		{"unwritten_id_is_empty_at_revision_0", unwrittenIsEmpty},
		{"first_write_is_revision_1_generation_1", firstWrite},
		{"get_returns_what_put_stored", getAfterPut},
		{"stale_or_future_revision_is_a_conflict", staleRevision},
		{"operator_may_loosen", operatorMayLoosen},
		{"tool_may_tighten", toolMayTighten},
		{"tool_may_not_loosen", toolMayNotLoosen},
		{"delete_keeps_a_high_water_revision", deleteKeepsHighWater},
		{"recreated_session_never_reuses_a_revision", recreateNeverReuses},
		{"delete_without_rules_is_no_session", deleteMissing},
		{"delete_with_stale_revision_is_a_conflict", deleteStale},
		{"tool_may_delete_only_allow_rules", toolDelete},
		{"invalid_ids_are_refused", invalidIDs},
		{"invalid_rules_are_refused", invalidRules},
		{"list_shows_live_sessions_sorted", listSorted},
		{"results_are_copies", resultsAreCopies},
		{"concurrent_appends_lose_nothing", concurrentAppends},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, open(t)) })
	}
}

// R is a rule without a source, for tables.
func R(perm, pattern string, a engine.Action) engine.Rule {
	return engine.Rule{Permission: perm, Pattern: pattern, Action: a}
}

func mustPut(t *testing.T, s approvals.SessionStore, id string, rules engine.Ruleset, read uint64, by approvals.Authority) approvals.SessionRules {
	t.Helper()
	got, err := s.Put(id, rules, read, by)
	if err != nil {
		t.Fatalf("Put(%q, %v, read %d, %s): %v", id, rules, read, by, err)
	}
	return got
}

func mustGet(t *testing.T, s approvals.SessionStore, id string) approvals.SessionRules {
	t.Helper()
	got, err := s.Get(id)
	if err != nil {
		t.Fatalf("Get(%q): %v", id, err)
	}
	return got
}

// sameRules compares what decides, ignoring sources.
func sameRules(a, b engine.Ruleset) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Permission != y.Permission || x.Pattern != y.Pattern || x.Action != y.Action || x.Reason != y.Reason {
			return false
		}
	}
	return true
}

func unwrittenIsEmpty(t *testing.T, s approvals.SessionStore) {
	got := mustGet(t, s, "never-written")
	if got.ID != "never-written" || got.Revision != 0 || got.Generation != 0 || len(got.Rules) != 0 || got.Deleted || got.Exists() {
		t.Errorf("Get of an unwritten id = %+v, want id set, revision 0, generation 0, no rules, not existing", got)
	}
}

func firstWrite(t *testing.T, s approvals.SessionStore) {
	rules := engine.Ruleset{R("bash", "git push *", engine.Allow), {Permission: "read", Pattern: "*.env", Action: engine.Deny, Reason: "secrets"}}
	got := mustPut(t, s, "s1", rules, 0, approvals.OperatorAuthority)
	if got.Revision != 1 || got.Generation != 1 || !got.Exists() {
		t.Errorf("first Put: revision %d generation %d exists %v, want 1, 1, true", got.Revision, got.Generation, got.Exists())
	}
	if !sameRules(got.Rules, rules) {
		t.Errorf("first Put stored %v, want %v", got.Rules, rules)
	}
	for i, r := range got.Rules {
		want := engine.Source{Kind: engine.FromSession, Name: "s1", Line: i + 1}
		if r.Source != want {
			t.Errorf("rule %d source = %+v, want %+v", i+1, r.Source, want)
		}
	}
	if got.Updated.IsZero() {
		t.Errorf("first Put left Updated zero")
	}
}

func getAfterPut(t *testing.T, s approvals.SessionStore) {
	put := mustPut(t, s, "s1", engine.Ruleset{R("edit", "src/*", engine.Allow)}, 0, approvals.OperatorAuthority)
	put = mustPut(t, s, "s1", append(put.Rules, R("bash", "rm *", engine.Deny)), put.Revision, approvals.OperatorAuthority)
	got := mustGet(t, s, "s1")
	if got.Revision != put.Revision || got.Generation != put.Generation || !sameRules(got.Rules, put.Rules) || got.Deleted {
		t.Errorf("Get after Put = %+v, want what Put returned %+v", got, put)
	}
	if got.Revision != 2 {
		t.Errorf("two writes gave revision %d, want 2", got.Revision)
	}
}

func staleRevision(t *testing.T, s approvals.SessionStore) {
	first := mustPut(t, s, "s1", engine.Ruleset{R("bash", "ls *", engine.Allow)}, 0, approvals.OperatorAuthority)
	for _, read := range []uint64{0, first.Revision + 1, 99} {
		_, err := s.Put("s1", engine.Ruleset{R("bash", "*", engine.Allow)}, read, approvals.OperatorAuthority)
		var c *approvals.ConflictError
		if !errors.As(err, &c) {
			t.Errorf("Put with read revision %d over revision %d: err = %v, want a *ConflictError", read, first.Revision, err)
			continue
		}
		if c.ID != "s1" || c.Read != read || c.Current != first.Revision {
			t.Errorf("conflict = %+v, want id s1, read %d, current %d", *c, read, first.Revision)
		}
	}
	if got := mustGet(t, s, "s1"); got.Revision != first.Revision || !sameRules(got.Rules, first.Rules) {
		t.Errorf("refused writes changed the store: %+v, want %+v", got, first)
	}
}

func operatorMayLoosen(t *testing.T, s approvals.SessionStore) {
	steps := []engine.Ruleset{
		{R("bash", "rm *", engine.Deny)},
		{R("bash", "rm *", engine.Deny), R("bash", "rm -i *", engine.Allow)},
		{R("bash", "*", engine.Allow)},
		nil,
	}
	var rev uint64
	for _, rules := range steps {
		rev = mustPut(t, s, "s1", rules, rev, approvals.OperatorAuthority).Revision
	}
}

// Writes a tool may make, and writes only the operator may make (see approvals.CheckAuthority).
var (
	tightening = []struct {
		name      string
		old, next engine.Ruleset
	}{
		{"append deny to nothing", nil, engine.Ruleset{R("bash", "rm *", engine.Deny)}},
		{"append ask to nothing", nil, engine.Ruleset{R("bash", "curl *", engine.Ask)}},
		{"append deny after allow", engine.Ruleset{R("bash", "git *", engine.Allow)}, engine.Ruleset{R("bash", "git *", engine.Allow), R("bash", "git push *", engine.Deny)}},
		{"drop an allow", engine.Ruleset{R("bash", "git *", engine.Allow), R("read", "*", engine.Allow)}, engine.Ruleset{R("read", "*", engine.Allow)}},
		{"drop an allow and append a deny", engine.Ruleset{R("edit", "src/*", engine.Allow)}, engine.Ruleset{R("edit", "src/*", engine.Deny)}},
		{"append ask beside an unrelated deny", engine.Ruleset{R("bash", "rm *", engine.Deny)}, engine.Ruleset{R("bash", "rm *", engine.Deny), R("bash", "git *", engine.Ask)}},
		{"append ask for another key", engine.Ruleset{R("read", "*.env", engine.Deny)}, engine.Ruleset{R("read", "*.env", engine.Deny), R("bash", "*", engine.Ask)}},
		{"write nothing new", engine.Ruleset{R("bash", "rm *", engine.Deny)}, engine.Ruleset{R("bash", "rm *", engine.Deny)}},
	}
	loosening = []struct {
		name      string
		old, next engine.Ruleset
		index     int // the rule the error names
		why       string
	}{
		{"append allow", nil, engine.Ruleset{R("bash", "git push *", engine.Allow)}, 1, "adds an allow rule"},
		{"remove deny", engine.Ruleset{R("bash", "rm *", engine.Deny)}, nil, 1, "removes or changes a deny rule"},
		{"remove ask", engine.Ruleset{R("bash", "x", engine.Allow), R("bash", "curl *", engine.Ask)}, engine.Ruleset{R("bash", "x", engine.Allow)}, 2, "removes or changes an ask rule"},
		{"widen an allow", engine.Ruleset{R("bash", "git status *", engine.Allow)}, engine.Ruleset{R("bash", "git *", engine.Allow)}, 1, "adds an allow rule"},
		{"narrow a deny", engine.Ruleset{R("read", "*.env", engine.Deny)}, engine.Ruleset{R("read", "prod.env", engine.Deny)}, 1, "removes or changes a deny rule"},
		{"change a rule in place", engine.Ruleset{R("bash", "rm -rf *", engine.Deny)}, engine.Ruleset{R("bash", "rm *", engine.Deny)}, 1, "removes or changes a deny rule"},
		{"edit a deny's reason", engine.Ruleset{{Permission: "bash", Pattern: "rm *", Action: engine.Deny, Reason: "no"}}, engine.Ruleset{R("bash", "rm *", engine.Deny)}, 1, "removes or changes a deny rule"},
		{"reorder", engine.Ruleset{R("bash", "*", engine.Ask), R("bash", "rm *", engine.Deny)}, engine.Ruleset{R("bash", "rm *", engine.Deny), R("bash", "*", engine.Ask)}, 1, "removes or changes an ask rule"},
		{"ask over deny", engine.Ruleset{R("bash", "rm *", engine.Deny)}, engine.Ruleset{R("bash", "rm *", engine.Deny), R("bash", "rm -i *", engine.Ask)}, 2, "can override the deny rule"},
		{"ask over deny by wildcard key", engine.Ruleset{R("*", "*.env", engine.Deny)}, engine.Ruleset{R("*", "*.env", engine.Deny), R("read", "*", engine.Ask)}, 2, "can override the deny rule"},
		{"ask over deny by optional tail", engine.Ruleset{R("bash", "git", engine.Deny)}, engine.Ruleset{R("bash", "git", engine.Deny), R("bash", "git *", engine.Ask)}, 2, "can override the deny rule"},
		{"ask over deny by backslash path", engine.Ruleset{R("edit", "src/secret/*", engine.Deny)}, engine.Ruleset{R("edit", "src/secret/*", engine.Deny), R("edit", `src\secret\key`, engine.Ask)}, 2, "can override the deny rule"},
	}
)

// seed writes old as id's rules with the operator's authority, when it holds any, and returns
// the revision a write over them names (0 over nothing).
func seed(t *testing.T, s approvals.SessionStore, id string, old engine.Ruleset) uint64 {
	t.Helper()
	if old == nil {
		return 0
	}
	return mustPut(t, s, id, old, 0, approvals.OperatorAuthority).Revision
}

func toolMayTighten(t *testing.T, s approvals.SessionStore) {
	for i, tt := range tightening {
		id := fmt.Sprintf("tight-%d", i)
		rev := seed(t, s, id, tt.old)
		got, err := s.Put(id, tt.next, rev, approvals.ToolAuthority)
		if err != nil {
			t.Errorf("%s: tool Put %v over %v: %v, want accepted", tt.name, tt.next, tt.old, err)
			continue
		}
		if !sameRules(got.Rules, tt.next) {
			t.Errorf("%s: stored %v, want %v", tt.name, got.Rules, tt.next)
		}
	}
}

func toolMayNotLoosen(t *testing.T, s approvals.SessionStore) {
	for i, tt := range loosening {
		id := fmt.Sprintf("loose-%d", i)
		rev := seed(t, s, id, tt.old)
		_, err := s.Put(id, tt.next, rev, approvals.ToolAuthority)
		var ae *approvals.AuthorityError
		if !errors.As(err, &ae) {
			t.Errorf("%s: tool Put %v over %v: err = %v, want an *AuthorityError", tt.name, tt.next, tt.old, err)
			continue
		}
		if ae.Index != tt.index || !strings.Contains(ae.Error(), tt.why) || !strings.Contains(ae.Error(), "operator") || ae.ID != id {
			t.Errorf("%s: error %q (rule %d), want rule %d, saying %q and naming the operator and session %q", tt.name, ae.Error(), ae.Index, tt.index, tt.why, id)
		}
		if got := mustGet(t, s, id); got.Revision != rev || !sameRules(got.Rules, tt.old) {
			t.Errorf("%s: refused write changed the store to %+v", tt.name, got)
		}
	}
}

func deleteKeepsHighWater(t *testing.T, s approvals.SessionStore) {
	cur := mustPut(t, s, "s1", engine.Ruleset{R("bash", "ls *", engine.Allow)}, 0, approvals.OperatorAuthority)
	cur = mustPut(t, s, "s1", engine.Ruleset{R("bash", "ls *", engine.Allow), R("bash", "rm *", engine.Deny)}, cur.Revision, approvals.OperatorAuthority)
	del, err := s.Delete("s1", cur.Revision, approvals.OperatorAuthority)
	if err != nil {
		t.Fatalf("Delete(s1, %d): %v", cur.Revision, err)
	}
	got := mustGet(t, s, "s1")
	if !got.Deleted || got.Exists() || len(got.Rules) != 0 || got.Revision <= cur.Revision || got.Generation != cur.Generation {
		t.Errorf("after Delete: %+v, want deleted, no rules, revision above %d, generation %d", got, cur.Revision, cur.Generation)
	}
	if got.Revision != del.Revision {
		t.Errorf("Get after Delete has revision %d, Delete returned %d", got.Revision, del.Revision)
	}
}

func recreateNeverReuses(t *testing.T, s approvals.SessionStore) {
	seen := map[uint64]bool{}
	var last, gen uint64
	cur := mustGet(t, s, "s1")
	for round := 1; round <= 4; round++ {
		for k := 0; k < 3; k++ {
			cur = mustPut(t, s, "s1", append(cur.Rules, R("bash", fmt.Sprintf("cmd%d-%d *", round, k), engine.Allow)), cur.Revision, approvals.OperatorAuthority)
			if seen[cur.Revision] || cur.Revision <= last {
				t.Fatalf("round %d write %d got revision %d after %d (seen before: %v), want strictly increasing, never reused", round, k, cur.Revision, last, seen[cur.Revision])
			}
			seen[cur.Revision], last = true, cur.Revision
			if cur.Generation != uint64(round) {
				t.Errorf("round %d: generation %d, want %d (one per recreation)", round, cur.Generation, round)
			}
			if k == 0 && cur.Generation == gen {
				t.Errorf("round %d: recreated session kept generation %d", round, gen)
			}
			gen = cur.Generation
		}
		if len(cur.Rules) != 3 {
			t.Errorf("round %d: recreated session has %d rules, want only its own 3: %v", round, len(cur.Rules), cur.Rules)
		}
		del, err := s.Delete("s1", cur.Revision, approvals.OperatorAuthority)
		if err != nil {
			t.Fatalf("round %d: Delete: %v", round, err)
		}
		if del.Revision <= last || seen[del.Revision] {
			t.Fatalf("round %d: Delete gave revision %d after %d, want strictly higher", round, del.Revision, last)
		}
		seen[del.Revision], last = true, del.Revision
		cur = mustGet(t, s, "s1")
	}
}

func deleteMissing(t *testing.T, s approvals.SessionStore) {
	if _, err := s.Delete("never", 0, approvals.OperatorAuthority); !errors.Is(err, approvals.ErrNoSession) {
		t.Errorf("Delete of an unwritten id: err = %v, want ErrNoSession", err)
	}
	cur := mustPut(t, s, "s1", nil, 0, approvals.OperatorAuthority)
	del, err := s.Delete("s1", cur.Revision, approvals.OperatorAuthority)
	if err != nil {
		t.Fatalf("Delete of an empty session: %v", err)
	}
	if _, err := s.Delete("s1", del.Revision, approvals.OperatorAuthority); !errors.Is(err, approvals.ErrNoSession) {
		t.Errorf("second Delete: err = %v, want ErrNoSession", err)
	}
}

func deleteStale(t *testing.T, s approvals.SessionStore) {
	cur := mustPut(t, s, "s1", engine.Ruleset{R("bash", "rm *", engine.Deny)}, 0, approvals.OperatorAuthority)
	var c *approvals.ConflictError
	if _, err := s.Delete("s1", cur.Revision-1, approvals.OperatorAuthority); !errors.As(err, &c) {
		t.Errorf("Delete with stale revision: err = %v, want *ConflictError", err)
	}
	if got := mustGet(t, s, "s1"); !got.Exists() || got.Revision != cur.Revision {
		t.Errorf("refused Delete changed the store: %+v", got)
	}
}

func toolDelete(t *testing.T, s approvals.SessionStore) {
	deny := mustPut(t, s, "deny", engine.Ruleset{R("bash", "git *", engine.Allow), R("bash", "rm *", engine.Deny)}, 0, approvals.OperatorAuthority)
	var ae *approvals.AuthorityError
	if _, err := s.Delete("deny", deny.Revision, approvals.ToolAuthority); !errors.As(err, &ae) {
		t.Errorf("tool Delete of a session with a deny: err = %v, want *AuthorityError", err)
	}
	allow := mustPut(t, s, "allow", engine.Ruleset{R("bash", "git *", engine.Allow)}, 0, approvals.OperatorAuthority)
	if _, err := s.Delete("allow", allow.Revision, approvals.ToolAuthority); err != nil {
		t.Errorf("tool Delete of an allow-only session: %v, want accepted", err)
	}
}

func invalidIDs(t *testing.T, s approvals.SessionStore) {
	for _, id := range []string{"", "../x", "a/b", `a\b`, ".lock", "-x", "a b", "ä", "x\x00", strings.Repeat("a", approvals.MaxSessionIDLen+1)} {
		if _, err := s.Get(id); !errors.Is(err, approvals.ErrInvalidSessionID) {
			t.Errorf("Get(%q): err = %v, want ErrInvalidSessionID", id, err)
		}
		if _, err := s.Put(id, nil, 0, approvals.OperatorAuthority); !errors.Is(err, approvals.ErrInvalidSessionID) {
			t.Errorf("Put(%q): err = %v, want ErrInvalidSessionID", id, err)
		}
		if _, err := s.Delete(id, 0, approvals.OperatorAuthority); !errors.Is(err, approvals.ErrInvalidSessionID) {
			t.Errorf("Delete(%q): err = %v, want ErrInvalidSessionID", id, err)
		}
	}
	for _, id := range []string{"a", "0f3e-uuid_like.1", strings.Repeat("a", approvals.MaxSessionIDLen)} {
		if _, err := s.Put(id, nil, 0, approvals.OperatorAuthority); err != nil {
			t.Errorf("Put(%q): %v, want accepted", id, err)
		}
	}
}

func invalidRules(t *testing.T, s approvals.SessionStore) {
	for _, rules := range []engine.Ruleset{
		{R("bash", "x", "block")},
		{R("", "x", engine.Deny)},
	} {
		if _, err := s.Put("s1", rules, 0, approvals.OperatorAuthority); err == nil {
			t.Errorf("Put(%v) accepted, want refused", rules)
		}
	}
	if got := mustGet(t, s, "s1"); got.Revision != 0 {
		t.Errorf("refused writes created the session: %+v", got)
	}
}

func listSorted(t *testing.T, s approvals.SessionStore) {
	for _, id := range []string{"b", "a", "c"} {
		mustPut(t, s, id, engine.Ruleset{R("bash", id, engine.Allow)}, 0, approvals.OperatorAuthority)
	}
	if _, err := s.Delete("c", 1, approvals.OperatorAuthority); err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	var ids []string
	for _, l := range list {
		ids = append(ids, l.ID)
		if len(l.Rules) != 1 || l.Rules[0].Pattern != l.ID {
			t.Errorf("List entry %q has rules %v, want its own one rule", l.ID, l.Rules)
		}
	}
	if got := strings.Join(ids, ","); got != "a,b" {
		t.Errorf("List ids = %s, want a,b (sorted, deleted left out)", got)
	}
}

func resultsAreCopies(t *testing.T, s approvals.SessionStore) {
	put := mustPut(t, s, "s1", engine.Ruleset{R("bash", "rm *", engine.Deny)}, 0, approvals.OperatorAuthority)
	put.Rules[0].Action = engine.Allow
	got := mustGet(t, s, "s1")
	got.Rules[0].Pattern = "*"
	if again := mustGet(t, s, "s1"); again.Rules[0].Action != engine.Deny || again.Rules[0].Pattern != "rm *" {
		t.Errorf("changing returned rules changed the store: %v", again.Rules)
	}
}

// concurrentAppends has several writers append through approvals.AppendSessionRules at once.
func concurrentAppends(t *testing.T, s approvals.SessionStore) {
	const writers, each = 6, 25
	var wg sync.WaitGroup
	revs := make([][]uint64, writers)
	errs := make(chan error, writers)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < each; k++ {
				got, err := approvals.AppendSessionRules(s, "shared", approvals.OperatorAuthority, R("bash", fmt.Sprintf("w%d-%d", w, k), engine.Allow))
				if err != nil {
					errs <- err
					return
				}
				revs[w] = append(revs[w], got.Revision)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("concurrent append: %v", err)
	}
	if err := CheckAppends(mustGet(t, s, "shared"), writers, each, revs); err != nil {
		t.Error(err)
	}
}

// CheckAppends checks the outcome of writers that each appended `each` rules with patterns
// "w<writer>-<k>" to an empty session, one write per rule: every rule is there once, each
// writer's rules in the order it wrote them, the revisions each writer got strictly increase,
// no two writes share a revision, and the session's revision counts every write.
func CheckAppends(got approvals.SessionRules, writers, each int, revs [][]uint64) error {
	if len(got.Rules) != writers*each {
		return fmt.Errorf("session has %d rules, want %d (lost updates)", len(got.Rules), writers*each)
	}
	next := make([]int, writers)
	for i, r := range got.Rules {
		var w, k int
		if _, err := fmt.Sscanf(r.Pattern, "w%d-%d", &w, &k); err != nil || w < 0 || w >= writers {
			return fmt.Errorf("rule %d has pattern %q, not one a writer added", i+1, r.Pattern)
		}
		if k != next[w] {
			return fmt.Errorf("rule %d is writer %d's rule %d, want its rule %d (out of order or duplicated)", i+1, w, k, next[w])
		}
		next[w]++
	}
	seen := map[uint64]int{}
	for w, rs := range revs {
		if len(rs) != each {
			return fmt.Errorf("writer %d saw %d revisions, want %d", w, len(rs), each)
		}
		for k, r := range rs {
			if k > 0 && r <= rs[k-1] {
				return fmt.Errorf("writer %d: revision %d after %d, want strictly increasing", w, r, rs[k-1])
			}
			if other, dup := seen[r]; dup {
				return fmt.Errorf("writers %d and %d both got revision %d", other, w, r)
			}
			seen[r] = w
		}
	}
	if got.Revision != uint64(writers*each) {
		return fmt.Errorf("final revision %d, want %d (one per write)", got.Revision, writers*each)
	}
	return nil
}
