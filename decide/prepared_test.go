package decide

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/sessions"
	"github.com/agentmgr/agentmgr/trust"
)

// settledFixture is fixture's agent dir with persona active, every file dated an hour back so
// that no stamp is too fresh to be trusted.
func settledFixture(t *testing.T, files map[string]string, active string) locations.Dirs {
	t.Helper()
	d, _ := fixture(t, files)
	if err := personas.SaveState(d, personas.State{Active: active}); err != nil {
		t.Fatal(err)
	}
	testfiles.Settle(t, d.Agent)
	return d
}

// A prepared answer is used again, with no catalog read, until one of the files it came from
// changes; then the catalog is read and the new answer decides.
func TestPreparedAnswersUntilItsFilesChange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		change func(t *testing.T, d locations.Dirs)
		want   engine.Action // what `git push` gets afterwards
		reload bool
	}{
		{"nothing changed", func(*testing.T, locations.Dirs) {}, engine.Ask, false},
		{"the active persona's file is edited in place", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, filepath.Join(d.GlobalAgents(), "strict.md"), looseMD)
		}, engine.Allow, true},
		{"another persona becomes active", func(t *testing.T, d locations.Dirs) {
			if err := personas.SaveState(d, personas.State{Active: "loose"}); err != nil {
				t.Fatal(err)
			}
		}, engine.Allow, true},
		{"a guards file appears", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, d.GlobalGuards(), "bash:\n  \"git *\": deny\n")
		}, engine.Deny, true},
		{"the session gets a rule", func(t *testing.T, d locations.Dirs) {
			if _, err := sessions.Open(d).Put("s1", engine.Ruleset{{Permission: "bash", Pattern: "git push", Action: engine.Allow}}, 0, approvals.OperatorAuthority); err != nil {
				t.Fatal(err)
			}
		}, engine.Allow, true},
		{"a persona file is added to the folder", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, filepath.Join(d.GlobalAgents(), "other.md"), looseMD)
		}, engine.Ask, true},
		{"an unrelated file outside the inputs changes", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, filepath.Join(d.Agent, "notes.txt"), "x")
		}, engine.Ask, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := settledFixture(t, map[string]string{"strict": strictMD, "loose": looseMD}, "strict")
			loads := 0
			load := func() *personas.Catalog { loads++; return personas.Load(d) }
			var pr Prepared
			decideGitPush := func() engine.Action {
				t.Helper()
				_, pol, _, err := pr.For(d, load, Who{}, "s1")
				if err != nil {
					t.Fatal(err)
				}
				return Judge(pol, Call{Key: "bash", Value: "git push"}).Action
			}
			if got := decideGitPush(); got != engine.Ask {
				t.Fatalf("before the change: %s, want ask", got)
			}
			if got := decideGitPush(); got != engine.Ask || loads != 1 {
				t.Fatalf("prepared again: %s with %d catalog loads, want ask from the first load", got, loads)
			}
			tt.change(t, d)
			if got := decideGitPush(); got != tt.want {
				t.Errorf("after the change: %s, want %s", got, tt.want)
			}
			if reloaded := loads == 2; reloaded != tt.reload {
				t.Errorf("catalog loads after the change: %d; want a reload: %v", loads, tt.reload)
			}
		})
	}
}

// An answer whose files changed just before it was prepared is not kept: a second write of
// the same size within the same clock tick would leave the same stamp.
func TestPreparedDoesNotKeepARacyAnswer(t *testing.T) {
	t.Parallel()
	d, _ := fixture(t, map[string]string{"strict": strictMD})
	if err := personas.SaveState(d, personas.State{Active: "strict"}); err != nil {
		t.Fatal(err)
	}
	testfiles.Settle(t, d.Agent)
	// Modified "just now" whatever the machine's load: a time ahead of the clock is within
	// the racy window however long the test takes.
	ahead := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(d.GlobalAgents(), "strict.md"), ahead, ahead); err != nil {
		t.Fatal(err)
	}
	loads := 0
	load := func() *personas.Catalog { loads++; return personas.Load(d) }
	var pr Prepared
	for range 2 {
		if _, _, _, err := pr.For(d, load, Who{}); err != nil {
			t.Fatal(err)
		}
	}
	if loads != 2 {
		t.Errorf("%d catalog loads for files written just now, want 2: a racy answer is not kept", loads)
	}
}

// In a project, the trust stores are inputs of a prepared answer: the project's guards decide
// as soon as the person trusts it, and stop deciding as soon as the trust is revoked.
func TestPreparedFollowsTheProjectsTrust(t *testing.T) {
	t.Parallel()
	trustIt := func(d locations.Dirs) error { _, err := trust.Trust(d, time.Now()); return err }
	revokeIt := func(d locations.Dirs) error { _, err := trust.Revoke(d, time.Now()); return err }
	tests := []struct {
		name         string
		before       func(locations.Dirs) error
		change       func(locations.Dirs) error
		was, becomes engine.Action // what git push gets before and after the change
	}{
		{"the project is trusted", func(locations.Dirs) error { return nil }, trustIt, engine.Allow, engine.Deny},
		{"the trust is revoked", trustIt, revokeIt, engine.Deny, engine.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, _ := fixture(t, map[string]string{"loose": looseMD})
			d.Project = filepath.Join(t.TempDir(), "proj", ".pi")
			testfiles.Write(t, d.ProjectGuards(), "bash:\n  \"git *\": deny\n")
			if err := personas.SaveState(d, personas.State{Active: "loose"}); err != nil {
				t.Fatal(err)
			}
			if err := tt.before(d); err != nil {
				t.Fatal(err)
			}
			testfiles.Settle(t, d.Agent)
			testfiles.Settle(t, filepath.Dir(d.Project))
			loads := 0
			load := func() *personas.Catalog { loads++; return personas.Load(d) }
			var pr Prepared
			decideGitPush := func() engine.Action {
				t.Helper()
				_, pol, _, err := pr.For(d, load, Who{})
				if err != nil {
					t.Fatal(err)
				}
				return Judge(pol, Call{Key: "bash", Value: "git push"}).Action
			}
			for range 2 {
				if got := decideGitPush(); got != tt.was || loads != 1 {
					t.Fatalf("before the change: %s after %d catalog loads, want %s from one", got, loads, tt.was)
				}
			}
			if err := tt.change(d); err != nil {
				t.Fatal(err)
			}
			if got := decideGitPush(); got != tt.becomes || loads != 2 {
				t.Errorf("after the change: %s after %d catalog loads, want %s from a second", got, loads, tt.becomes)
			}
		})
	}
}

// A prepared answer is checked by stamping the same few files however large the catalog, and
// answers with the very policy it compiled: a decide does no catalog-wide I/O and no compile.
func TestPreparedStampsAFewFilesHoweverLargeTheCatalog(t *testing.T) {
	t.Parallel()
	stamped := map[int]int{}
	for _, n := range []int{5, 1000} {
		files := map[string]string{"strict": strictMD}
		for i := range n - 1 {
			files[fmt.Sprintf("p%04d", i)] = looseMD
		}
		d := settledFixture(t, files, "strict")
		loads := 0
		load := func() *personas.Catalog { loads++; return personas.Load(d) }
		var pr Prepared
		_, first, _, err := pr.For(d, load, Who{}, "s1")
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if _, pol, _, err := pr.For(d, load, Who{}, "s1"); err != nil || pol != first {
				t.Fatalf("%d persona files: asked again, err %v, same policy %v; want the prepared one", n, err, pol == first)
			}
		}
		if loads != 1 {
			t.Errorf("%d persona files: %d catalog loads for four decides, want one", n, loads)
		}
		e, _ := pr.kept.Get(preparedKey(d, Who{}, []string{"s1"}))
		if e == nil {
			t.Fatalf("%d persona files: no answer kept", n)
		}
		stamped[n] = len(e.files)
	}
	if stamped[5] != stamped[1000] || stamped[1000] > 8 {
		t.Errorf("a decide stamps %d files with 5 persona files and %d with 1,000; want the same few", stamped[5], stamped[1000])
	}
}
