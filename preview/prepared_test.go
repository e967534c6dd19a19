package preview

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/engine"
)

// preparedFixture is a snapshot whose session rules are counted as they are read, kept in a
// file dated an hour back so that its stamp is trusted.
type preparedFixture struct {
	snap    *Snapshot
	session engine.Ruleset
	file    string
	reads   int
}

func newPreparedFixture(t *testing.T) *preparedFixture {
	f := &preparedFixture{file: filepath.Join(t.TempDir(), "s1.json")}
	f.snap = &Snapshot{
		Personas: []Persona{
			{Name: "strict", Rules: rules("*", "*", "allow", "bash", "*", "allow", "bash", "git *", "ask")},
			{Name: "loose", Rules: rules("*", "*", "allow")},
		},
		Active:      "strict",
		Guards:      []engine.Ruleset{guardRules("bash", "rm -rf /*", "deny")},
		Options:     Options{Home: testHome},
		Session:     func(string) (engine.Ruleset, error) { f.reads++; return f.session, nil },
		SessionFile: func(string) string { return f.file },
	}
	f.writeSession(t, nil)
	return f
}

// writeSession sets the session's rules and writes its file anew.
func (f *preparedFixture) writeSession(t *testing.T, rs engine.Ruleset) {
	t.Helper()
	f.session = rs
	if err := os.WriteFile(f.file, []byte(fmt.Sprintf("%v\n", rs)), 0o644); err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Hour)
	if err := os.Chtimes(f.file, past, past); err != nil {
		t.Fatal(err)
	}
}

// A what-if question asked again is answered by the very policy prepared for it, with no
// compile and no read of the session's rules; a change to what it was composed from (the
// persona asked about, a subagent that becomes a persona, the guards, the options, the
// session's rules) prepares it anew, and a change to anything else does not.
func TestSimulatorPreparesEachQuestionOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		change    func(t *testing.T, f *preparedFixture)
		recompose bool
		reread    bool // the session's rules are read again
		want      engine.Action
	}{
		{"nothing changes", func(*testing.T, *preparedFixture) {}, false, false, engine.Ask},
		{"another persona is edited", func(_ *testing.T, f *preparedFixture) {
			f.snap.Personas[1].Rules = rules("*", "*", "deny")
		}, false, false, engine.Ask},
		{"the persona asked about is edited", func(_ *testing.T, f *preparedFixture) {
			f.snap.Personas[0].Rules = rules("*", "*", "allow")
		}, true, false, engine.Allow},
		{"the subagent becomes a persona", func(_ *testing.T, f *preparedFixture) {
			f.snap.Personas = append(f.snap.Personas, Persona{Name: "helper", Rules: rules("bash", "*", "deny")})
		}, true, false, engine.Deny},
		{"a guard is added", func(_ *testing.T, f *preparedFixture) {
			f.snap.Guards = []engine.Ruleset{guardRules("bash", "git push", "deny")}
		}, true, false, engine.Deny},
		{"yolo is switched on", func(_ *testing.T, f *preparedFixture) {
			f.snap.Options.Yolo = true
		}, true, false, engine.Allow},
		{"the session approves the call", func(t *testing.T, f *preparedFixture) {
			f.writeSession(t, engine.Ruleset{{Permission: "bash", Pattern: "git push", Action: engine.Allow, Source: engine.Source{Kind: engine.FromSession}}})
		}, true, true, engine.Allow},
		{"the session's file is written again unchanged", func(t *testing.T, f *preparedFixture) {
			f.writeSession(t, f.session)
		}, false, true, engine.Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newPreparedFixture(t)
			var pr Prepared
			q := question{agent: "strict", subagent: "helper", session: "s1"}
			ask := func() (*engine.Policy, engine.Action) {
				t.Helper()
				pol, _, err := pr.policy(f.snap, q)
				if err != nil {
					t.Fatal(err)
				}
				return pol, pol.Decide("bash", "git push").Action
			}
			first, got := ask()
			if got != engine.Ask || f.reads != 1 {
				t.Fatalf("first check: %s after %d reads of the session, want ask after one", got, f.reads)
			}
			if again, _ := ask(); again != first || f.reads != 1 {
				t.Fatalf("asked again: same policy %v after %d reads of the session, want the prepared one and no read", again == first, f.reads)
			}
			tt.change(t, f)
			after, got := ask()
			if got != tt.want {
				t.Errorf("after the change: %s, want %s", got, tt.want)
			}
			if recomposed := after != first; recomposed != tt.recompose {
				t.Errorf("after the change, composed anew: %v, want %v", recomposed, tt.recompose)
			}
			if reread := f.reads == 2; reread != tt.reread {
				t.Errorf("after the change, %d reads of the session; want it read again: %v", f.reads, tt.reread)
			}
		})
	}
}
