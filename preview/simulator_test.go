package preview

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func testSnapshot() *Snapshot {
	return &Snapshot{
		Personas: []Persona{
			{Name: "planner", Rules: rules("*", "*", "deny", "read", "*", "allow")},
			{Name: "builder", Rules: rules("*", "*", "allow", "bash", "rm *", "ask", "read", "*", "ask", "webfetch", "*", "ask")},
		},
		Active: "planner",
		Guards: []engine.Ruleset{guardRules("bash", "rm -rf /*", "deny")},
		Session: func(id string) (engine.Ruleset, error) {
			if id == "s1" {
				rs := rules("bash", "rm build/*", "allow")
				for i := range rs {
					rs[i].Source = engine.Source{Kind: engine.FromSession, Name: id}
				}
				return rs, nil
			}
			return nil, errors.New("no such session")
		},
		Options: Options{Home: testHome},
	}
}

// unitText renders units as "action text <- layer+row".
func unitText(us []Unit) []string {
	var out []string
	for _, u := range us {
		out = append(out, fmt.Sprintf("%s %s <- %s", u.Action, u.Text, ruleText(u.Rule)))
	}
	return out
}

func TestSimulate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		q           Query
		action      engine.Action
		rule        string // layer letter and row of the deciding rule, "" for none
		hidden      bool
		units       []string
		guard       string
		suggestions []string
	}{
		{name: "the active persona by default", q: Query{Tool: "bash", Value: "git push"},
			action: engine.Deny, rule: "p1", hidden: true, units: []string{"deny git push <- p1"}},
		{name: "every command of a shell call", q: Query{Persona: "builder", Tool: "bash", Value: "ls && rm -r x | wc -l"},
			action: engine.Ask, rule: "p2", units: []string{"allow ls <- p1", "ask rm -r x <- p2", "allow wc -l <- p1"},
			suggestions: []string{"rm -r x"}}, // a destructive command's always is the command itself, never "rm *"
		{name: "a guard denies what the persona asks", q: Query{Persona: "builder", Tool: "bash", Value: "rm -rf /home"},
			action: engine.Deny, rule: "g1", units: []string{"deny rm -rf /home <- g1"}, guard: "g1"},
		{name: "a guard that decided one command", q: Query{Persona: "builder", Tool: "bash", Value: "echo a; rm -rf /x"},
			action: engine.Deny, rule: "g1", units: []string{"allow echo a <- p1", "deny rm -rf /x <- g1"}, guard: "g1"},
		{name: "session rules allow what the persona asks", q: Query{Persona: "builder", Tool: "bash", Value: "rm build/x", Session: "s1"},
			action: engine.Allow, rule: "s1", units: []string{"allow rm build/x <- s1"}},
		{name: "a path that asks suggests its folder", q: Query{Persona: "builder", Tool: "hash_read", Value: "src/a.go"},
			action: engine.Ask, rule: "p3", suggestions: []string{"src/*"}},
		{name: "other tools suggest everything", q: Query{Persona: "builder", Tool: "fetch_content", Value: "https://go.dev"},
			action: engine.Ask, rule: "p4", suggestions: []string{"*"}},
		{name: "a hidden tool is still decided", q: Query{Tool: "todo", Value: "x"}, action: engine.Deny, rule: "p1", hidden: true},
		// As the gate decides them (decide.Judge), not by the matching rule alone.
		{name: "a tool agentmgr does not know asks while bash is restricted", q: Query{Persona: "builder", Tool: "mcp__db__query", Value: "select 1"},
			action: engine.Ask, rule: "p1", suggestions: []string{"*"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Simulate(testSnapshot(), tt.q)
			if err != nil {
				t.Fatalf("Simulate(%+v): %v", tt.q, err)
			}
			ref := func(x *RuleRef) string {
				if x == nil {
					return ""
				}
				return fmt.Sprintf("%s%d", x.Layer.String()[:1], x.Row())
			}
			if r.Decision.Action != tt.action || ref(r.Rule) != tt.rule || r.Hidden != tt.hidden {
				t.Errorf("Simulate(%+v) = %s by %q hidden %v, want %s by %q hidden %v", tt.q, r.Decision.Action, ref(r.Rule), r.Hidden, tt.action, tt.rule, tt.hidden)
			}
			if got := unitText(r.Units); tt.units != nil && !slices.Equal(got, tt.units) {
				t.Errorf("Simulate(%+v) units = %q, want %q", tt.q, got, tt.units)
			}
			if ref(r.Guard) != tt.guard {
				t.Errorf("Simulate(%+v) guard = %q, want %q", tt.q, ref(r.Guard), tt.guard)
			}
			if !slices.Equal(r.Suggestions, tt.suggestions) {
				t.Errorf("Simulate(%+v) suggestions = %q, want %q", tt.q, r.Suggestions, tt.suggestions)
			}
		})
	}
}

func TestSimulateErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		snap func(*Snapshot)
		q    Query
		want string
	}{
		{"unknown persona", nil, Query{Persona: "ghost", Tool: "bash"}, `no persona named "ghost"`},
		{"no tool", nil, Query{Persona: "builder"}, "choose a tool"},
		{"unknown session", nil, Query{Persona: "builder", Tool: "bash", Session: "s9"}, `session "s9": no such session`},
		{"no session source", func(s *Snapshot) { s.Session = nil }, Query{Persona: "builder", Tool: "bash", Session: "s1"}, "not available"},
	}
	for _, tt := range tests {
		snap := testSnapshot()
		if tt.snap != nil {
			tt.snap(snap)
		}
		if _, err := Simulate(snap, tt.q); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Simulate(%+v) error = %v, want one saying %q", tt.name, tt.q, err, tt.want)
		}
	}
}

func TestSimulatorHistory(t *testing.T) {
	t.Parallel()
	s := &Simulator{Limit: 3}
	snap := testSnapshot()
	for _, v := range []string{"a", "b", "c", "a", "d"} {
		if _, err := s.Check(snap, Query{Persona: "builder", Tool: "bash", Value: v}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Check(snap, Query{Persona: "ghost", Tool: "bash"}); err == nil {
		t.Fatal("a check of an unknown persona should fail")
	}
	var got []string
	for _, r := range s.History() {
		got = append(got, r.Value)
	}
	if want := []string{"d", "a", "c"}; !slices.Equal(got, want) {
		t.Errorf("history values = %q, want %q (newest first, each query once, at most 3, failures left out)", got, want)
	}
}

func TestSimulateDecidesPathsWhereTheCallRuns(t *testing.T) {
	t.Parallel()
	snap := &Snapshot{
		Personas: []Persona{{Name: "b", Rules: rules("*", "*", "allow", "read", "~/.ssh/*", "deny", "external_directory", "*", "ask")}},
		Active:   "b",
		Place:    &engine.Place{Cwd: "/proj", Project: "/proj"},
		Options:  Options{Home: testHome},
	}
	tests := []struct {
		value string
		want  engine.Action
		key   string
	}{
		{"src/a.go", engine.Allow, "read"},
		{"/etc/hosts", engine.Ask, engine.ExternalDirectory},
		{"$HOME/x/../.ssh/id_rsa", engine.Deny, "read"},
	}
	for _, tt := range tests {
		r, err := Simulate(snap, Query{Tool: "read", Value: tt.value})
		if err != nil || r.Decision.Action != tt.want || r.Decision.Permission != tt.key {
			t.Errorf("read %q: %s by %s (%v), want %s by %s", tt.value, r.Decision.Action, r.Decision.Permission, err, tt.want, tt.key)
		}
	}
	snap.Place = nil
	if r, _ := Simulate(snap, Query{Tool: "read", Value: "/etc/hosts"}); r.Decision.Action != engine.Allow {
		t.Errorf("without a place /etc/hosts is matched as spelt: got %s, want allow", r.Decision.Action)
	}
}

func TestSimulateMarksAsksForcedByTheAnalysis(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		value      string
		failClosed bool
		units      []bool // FailClosed of each unit
	}{
		{name: "a non-literal command", value: `$CMD --help`, failClosed: true, units: []bool{true}},
		{name: "code from arguments needs a naming rule", value: `python3 -c 'print(1)'`, failClosed: true, units: []bool{true}},
		{name: "one fail-closed unit among allowed ones", value: `echo a && $CMD`, failClosed: true, units: []bool{false, true}},
		{name: "a rule that allows", value: "echo a", failClosed: false, units: []bool{false}},
		{name: "a rule that asks", value: "rm x", failClosed: false, units: []bool{false}},
		{name: "a guard that denies", value: "rm -rf /x", failClosed: false, units: []bool{false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Simulate(testSnapshot(), Query{Persona: "builder", Tool: "bash", Value: tt.value})
			if err != nil {
				t.Fatal(err)
			}
			if r.FailClosed != tt.failClosed {
				t.Errorf("%q: FailClosed = %v (%s, %s), want %v", tt.value, r.FailClosed, r.Decision.Action, r.Decision.Reason, tt.failClosed)
			}
			if tt.failClosed && r.Decision.Reason == "" {
				t.Errorf("%q: a fail-closed ask carries no reason", tt.value)
			}
			if tt.units == nil {
				return
			}
			var got []bool
			for _, u := range r.Units {
				got = append(got, u.FailClosed)
			}
			if !slices.Equal(got, tt.units) {
				t.Errorf("%q: units FailClosed = %v, want %v (%q)", tt.value, got, tt.units, unitText(r.Units))
			}
		})
	}
}
