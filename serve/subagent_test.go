package serve

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

// childLine is a decide request from the child session of subagent sub, whose parent
// session is "parent-1".
func childLine(id int, sub, tool, input string) string {
	return `{"id":` + itoa(id) + `,"type":"decide","session":"child-1","subagent":"` + sub + `","parent":"parent-1","tool":"` + tool + `","input":` + input + `}`
}

func TestAChildDecidesWithItsPersonaAndTheCallersTheStricterWinning(t *testing.T) {
	f := newFixture(t)
	// cleaner's own persona allows git and rm, but denies ls, which guarded (active) allows.
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "cleaner.md"), "---\ndescription: Cleans\ntype: subagent\npermissions:\n  \"*\": allow\n  bash:\n    \"ls *\": deny\n---\n")
	tests := []struct {
		name, sub, command, action, agent string
		reason                            []string
	}{
		{"the caller's deny holds though the subagent allows", "cleaner", "rm -rf VICTIM", "deny", "guarded", []string{`"rm *" deny`, `subagent "cleaner"`, `caller's persona "guarded"`}},
		{"the subagent's deny holds though the caller allows", "cleaner", "ls -l", "deny", "cleaner", []string{`"ls *" deny`, "cleaner.md"}},
		{"the caller's ask holds though the subagent allows", "cleaner", "git push", "ask", "guarded", []string{`"git *" ask`}},
		{"a subagent without a persona is decided by the caller's", "stranger", "ls -l", "allow", "guarded", []string{"has no persona of its own"}},
		{"a subagent without a persona: the caller's deny", "stranger", "rm -rf VICTIM", "deny", "guarded", []string{`"rm *" deny`}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := f.one(t, childLine(i, tt.sub, "bash", `{"command":"`+tt.command+`"}`))
			if r["action"] != tt.action || r["agent"] != tt.agent {
				t.Fatalf("action %v by %v, want %s by %s (reason %v)", r["action"], r["agent"], tt.action, tt.agent, r["reason"])
			}
			for _, want := range tt.reason {
				if !strings.Contains(str(r["reason"]), want) {
					t.Errorf("reason = %q, want it to contain %q", r["reason"], want)
				}
			}
			if r["subagent"] != tt.sub || r["parent"] != "parent-1" {
				t.Errorf("subagent, parent = %v, %v; want %s, parent-1", r["subagent"], r["parent"], tt.sub)
			}
		})
	}
	es, err := reviewlog.Read(f.dirs.ReviewLog(), reviewlog.Filter{})
	if err != nil || len(es) == 0 {
		t.Fatalf("review log: %v, %v", es, err)
	}
	first := es[0]
	if first.Subagent != "cleaner" || first.Parent != "parent-1" || first.Session != "child-1" || first.Action != "deny" {
		t.Errorf("first log entry = %+v; want the deny naming subagent cleaner, session child-1 and parent parent-1", first)
	}
	for _, e := range es {
		if e.Event == reviewlog.EventDecision && e.Values[0] == "git push" {
			t.Errorf("the ask was logged before anyone answered it: %+v", e)
		}
	}
}

func TestAlwaysForAChildIsStoredForTheSubagentOrTheWholeParentSession(t *testing.T) {
	for _, tt := range []struct{ scope, session string }{
		{"subagent", "parent-1.sub.cleaner"},
		{"session", "parent-1"},
		{"", "parent-1"},
	} {
		t.Run("scope "+tt.scope, func(t *testing.T) {
			f := newFixture(t)
			ask := f.one(t, childLine(1, "cleaner", "bash", `{"command":"git push"}`))
			if ask["action"] != "ask" {
				t.Fatalf("git push from a child: %v", ask)
			}
			r := f.one(t, `{"id":2,"type":"reply","request":"`+str(ask["request"])+`","reply":"always","scope":"`+tt.scope+`"}`)
			if r["action"] != "allow" {
				t.Fatalf("always: %v", r)
			}
			st, err := sessions.Open(f.dirs).Get(tt.session)
			if err != nil || len(st.Rules) != 1 || st.Rules[0].Pattern != "git push *" {
				t.Fatalf("session %s holds %v (%v); want the git push * rule", tt.session, st.Rules, err)
			}
			// The next git call of the same subagent is allowed by the stored rule.
			if r := f.one(t, childLine(3, "cleaner", "bash", `{"command":"git push origin"}`)); r["action"] != "allow" {
				t.Errorf("after always, git push origin from cleaner: %v", r)
			}
			// Another subagent gets it only when the whole session was allowed.
			other := f.one(t, childLine(4, "helper2", "bash", `{"command":"git push origin"}`))
			if want := map[string]string{"subagent": "ask"}[tt.scope]; want == "" && other["action"] != "allow" || want != "" && other["action"] != want {
				t.Errorf("after always (%q), git push origin from another subagent: %v", tt.scope, other["action"])
			}
		})
	}
}

func TestAChildsAgentIsItsOwnPersonaHidingWhatEitherPersonaHides(t *testing.T) {
	f := newFixture(t)
	// guarded (active) hides write and edit; cleaner hides read.
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "cleaner.md"), "---\ndescription: Cleans\ntype: subagent\npermissions:\n  \"*\": allow\n  read: deny\n---\nSweep the floor.\n")
	r := f.one(t, `{"id":1,"type":"agent","subagent":"cleaner","parent":"p","tools":["read","bash","edit","write"]}`)
	hidden := strings.Join(strs(r["hidden"]), ",")
	if r["name"] != "cleaner" || hidden != "read,edit,write" || !strings.Contains(str(r["prompt"]), "Sweep the floor.") || strings.Contains(str(r["prompt"]), "Be careful.") {
		t.Fatalf("child agent = %v; want cleaner hiding read, edit and write, with cleaner's prompt only", r)
	}
	r = f.one(t, `{"id":2,"type":"agent","subagent":"stranger","parent":"p","tools":["read","bash","edit","write"]}`)
	if r["name"] != "guarded" || !strings.Contains(str(r["prompt"]), "Be careful.") {
		t.Fatalf("child agent without a persona = %v; want the caller's guarded", r)
	}
}

func TestAChildsForwardWithNobodyServingDeniesAndLogsTheSubagent(t *testing.T) {
	f := newFixture(t)
	a := f.one(t, childLine(1, "cleaner", "bash", `{"command":"git push"}`))
	if a["action"] != "ask" {
		t.Fatalf("git push from a child: %v", a)
	}
	r := f.oneKeepingInputOpen(t, `{"id":2,"type":"forward","request":"`+str(a["request"])+`"}`)
	if r["action"] != "deny" || !strings.Contains(str(r["reason"]), "nobody is serving") || r["subagent"] != "cleaner" {
		t.Fatalf("forward = %v; want deny because the app is not running, naming the subagent", r)
	}
	es, _ := reviewlog.Read(f.dirs.ReviewLog(), reviewlog.Filter{})
	if len(es) != 1 || es[0].Action != "deny" || es[0].Subagent != "cleaner" || es[0].Parent != "parent-1" {
		t.Errorf("review log = %+v; want the unanswered deny naming subagent cleaner and parent-1", es)
	}
}

func TestANestedChildIsDecidedByEveryPersonaOnItsChain(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "boss.md"), "---\ndescription: Delegates, never lists\ntype: subagent\npermissions:\n  \"*\": allow\n  bash:\n    \"ls *\": deny\n---\n")
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "cleaner.md"), "---\ndescription: Cleans\ntype: subagent\npermissions:\n  \"*\": allow\n---\n")
	line := func(id int, chain string) string {
		return `{"id":` + itoa(id) + `,"type":"decide","session":"grandchild","subagent":"cleaner","parent":"root","subagents":` + chain + `,"tool":"bash","input":{"command":"ls -l"}}`
	}
	if r := f.one(t, line(1, `["cleaner"]`)); r["action"] != "allow" {
		t.Fatalf("cleaner alone under guarded: %v; want allow", r)
	}
	r := f.one(t, line(2, `["boss","cleaner"]`))
	if r["action"] != "deny" || r["agent"] != "boss" || !strings.Contains(str(r["reason"]), `"boss", "cleaner" on its chain`) {
		t.Fatalf("cleaner started by boss: %v; want boss's deny", r)
	}
}
