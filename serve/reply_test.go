package serve

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/sessions"
)

func replyLine(id int, request any, reply string, patterns ...string) string {
	line, _ := json.Marshal(map[string]any{"id": id, "type": "reply", "request": request, "reply": reply, "patterns": patterns, "message": "no"})
	return string(line)
}

// A reply in pi settles the session's other asks as the app's replies do: a reject denies
// them all, an always allows those its rules now let through, and each is then answered as
// it was settled.
func TestAReplySettlesTheSessionsOtherAsks(t *testing.T) {
	f := newFixture(t)
	rs := f.run(t, decideLine(1, "bash", `{"command":"git push a"}`), decideLine(2, "bash", `{"command":"git push b"}`),
		decideLine(3, "bash", `{"command":"git fetch"}`))
	for _, r := range rs {
		if r["action"] != "ask" {
			t.Fatalf("decide = %v, want ask", r)
		}
	}
	got := f.run(t, replyLine(4, rs[0]["request"], "always", "git push *"), replyLine(5, rs[1]["request"], "once"))
	if got[0]["action"] != "allow" || got[1]["action"] != "allow" || got[1]["decided_by"] != "session rule" ||
		!strings.Contains(str(got[1]["reason"]), "session rule the person added while this call waited") {
		t.Fatalf("replies = %v, want the always, and the other push allowed by its rule", abbreviate(got))
	}
	more := f.one(t, decideLine(6, "bash", `{"command":"git tag x"}`))
	rej := f.run(t, replyLine(7, rs[2]["request"], "reject"), replyLine(8, more["request"], "once"))
	if rej[0]["action"] != "deny" || rej[1]["action"] != "deny" || !strings.Contains(str(rej[1]["reason"]), "rejected another call of this session") {
		t.Errorf("after a reject = %v, want the session's other ask denied too", abbreviate(rej))
	}
	entries := logEntries(t, f)
	if len(entries) != 8 {
		t.Errorf("review log holds %d entries, want an ask and its answer for each of the 4 calls: %+v", len(entries), entries)
	}
}

// Who decides is resolved as every adapter resolves it, and the problems met on the way are
// told: a broken state file falls back to the default persona, and says so.
func TestDecideTellsTheStateFilesProblem(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, f.dirs.StateFile(), `{"active": `)
	r := f.one(t, decideLine(1, "read", `{"path":"a"}`))
	if r["agent"] != "planner" || !strings.Contains(strings.Join(strs(r["problems"]), "\n"), f.dirs.StateFile()) {
		t.Errorf("decide with a broken state file = %v %v, want planner and the file's problem", r["agent"], r["problems"])
	}
}

// A child session's call tells the same problems as its parent's.
func TestAChildsDecisionTellsTheStateFilesProblem(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, f.dirs.StateFile(), `{"active": `)
	r := f.one(t, childLine(1, "helper", "read", `{"path":"a"}`))
	if !strings.Contains(strings.Join(strs(r["problems"]), "\n"), f.dirs.StateFile()) {
		t.Errorf("a child's decide with a broken state file = %v, want the file's problem", r)
	}
}

// childAsk is a child's decide request from session sess of subagent sub under parent-1.
func childAsk(id int, sess, sub, command string) string {
	return `{"id":` + itoa(id) + `,"type":"decide","session":"` + sess + `","subagent":"` + sub + `","parent":"parent-1","tool":"bash","input":{"command":"` + command + `"}}`
}

// A child's reply is the one reply of the approvals: an always settles the other asks its
// rules now allow (the child's own and its siblings' under the parent session's rules, only
// the same subagent's under the subagent's rules), a reject denies the child session's other
// asks, and every settled ask is logged naming its subagent.
func TestAChildsReplySettlesTheOtherAsksItsRulesDecide(t *testing.T) {
	for _, tt := range []struct {
		scope   string
		sibling string // how the other subagent's ask ends up
	}{{"session", "allow"}, {"subagent", "ask"}} {
		t.Run(tt.scope, func(t *testing.T) {
			f := newFixture(t)
			rs := f.run(t, childAsk(1, "child-1", "cleaner", "git push a"), childAsk(2, "child-1", "cleaner", "git push b"),
				childAsk(3, "child-2", "sweeper", "git push c"), childAsk(4, "child-1", "cleaner", "git tag x"))
			for _, r := range rs {
				if r["action"] != "ask" {
					t.Fatalf("decide = %v, want ask", r)
				}
			}
			always := `{"id":5,"type":"reply","request":"` + str(rs[0]["request"]) + `","reply":"always","patterns":["git push *"],"scope":"` + tt.scope + `"}`
			got := f.run(t, always, replyLine(6, rs[1]["request"], "once"), replyLine(7, rs[2]["request"], "once"))
			if got[0]["action"] != "allow" || got[0]["subagent"] != "cleaner" {
				t.Fatalf("always = %v", got[0])
			}
			if got[1]["action"] != "allow" || got[1]["decided_by"] != "session rule" {
				t.Errorf("the same child's other push after always = %v, want allowed by the new session rule", abbreviate(got[1:2]))
			}
			if tt.sibling == "allow" && got[2]["decided_by"] != "session rule" || tt.sibling == "ask" && got[2]["decided_by"] != "person" {
				t.Errorf("the other subagent's push after always (%s) = %v, want it settled %s", tt.scope, abbreviate(got[2:]), map[string]string{"allow": "by the rule", "ask": "by its own reply"}[tt.sibling])
			}
			more := f.one(t, childAsk(8, "child-1", "cleaner", "git tag y"))
			rej := f.run(t, replyLine(9, rs[3]["request"], "reject"), replyLine(10, more["request"], "once"))
			if rej[0]["action"] != "deny" || rej[1]["action"] != "deny" || !strings.Contains(str(rej[1]["reason"]), "rejected another call of this session") {
				t.Errorf("after a child's reject = %v, want the child session's other ask denied too", abbreviate(rej))
			}
			for _, e := range logEntries(t, f) {
				if e.Subagent == "" || e.Parent != "parent-1" {
					t.Errorf("log entry %+v does not name the subagent and its parent", e)
				}
			}
		})
	}
}

// A session rule never overrides a configured deny: an always "*" for a child, stored for the
// whole parent session, leaves the persona's rm deny standing for the parent and the child.
func TestAChildsAlwaysNeverOverridesADeny(t *testing.T) {
	f := newFixture(t)
	ask := f.one(t, childAsk(1, "child-1", "cleaner", "git push"))
	r := f.one(t, `{"id":2,"type":"reply","request":"`+str(ask["request"])+`","reply":"always","patterns":["*"]}`)
	if r["action"] != "allow" {
		t.Fatalf("always: %v", r)
	}
	for _, line := range []string{childAsk(3, "child-1", "cleaner", "rm -rf x"), `{"id":4,"type":"decide","session":"parent-1","tool":"bash","input":{"command":"rm -rf x"}}`} {
		if d := f.one(t, line); d["action"] != "deny" {
			t.Errorf("%s after always \"*\" = %v, want the persona's deny", line, d)
		}
	}
}

// The authority of a reply is the one the server gives its client's dialog, not a constant:
// a server whose dialog has the tool's authority refuses an always (it would loosen), and the
// ask stays open for another answer, for the main agent and a child alike.
func TestAReplyHasTheDialogsAuthority(t *testing.T) {
	for _, line := range []string{decideLine(1, "bash", `{"command":"git push"}`), childAsk(1, "child-1", "cleaner", "git push")} {
		f := newFixture(t, WithDialogAuthority(approvals.ToolAuthority))
		ask := f.one(t, line)
		r := f.one(t, `{"id":2,"type":"reply","request":"`+str(ask["request"])+`","reply":"always"}`)
		if !strings.Contains(str(r["error"]), "only the operator") {
			t.Fatalf("always with the tool's authority = %v, want refused", r)
		}
		if st, _ := sessions.Open(f.dirs).List(); len(st) != 0 {
			t.Errorf("the refused always stored %+v", st)
		}
		if r := f.one(t, replyLine(3, ask["request"], "once")); r["action"] != "allow" {
			t.Errorf("once after the refused always = %v, want the ask still open and allowed", r)
		}
	}
}
