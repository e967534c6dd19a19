package serve

import (
	"encoding/json"
	"strings"
	"testing"
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
	mustWrite(t, f.dirs.StateFile(), `{"active": `)
	r := f.one(t, decideLine(1, "read", `{"path":"a"}`))
	if r["agent"] != "planner" || !strings.Contains(strings.Join(strs(r["problems"]), "\n"), f.dirs.StateFile()) {
		t.Errorf("decide with a broken state file = %v %v, want planner and the file's problem", r["agent"], r["problems"])
	}
}

// A child session's call tells the same problems as its parent's.
func TestAChildsDecisionTellsTheStateFilesProblem(t *testing.T) {
	f := newFixture(t)
	mustWrite(t, f.dirs.StateFile(), `{"active": `)
	r := f.one(t, childLine(1, "helper", "read", `{"path":"a"}`))
	if !strings.Contains(strings.Join(strs(r["problems"]), "\n"), f.dirs.StateFile()) {
		t.Errorf("a child's decide with a broken state file = %v, want the file's problem", r)
	}
}
