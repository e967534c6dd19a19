package serve

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

// decideCase is a call and what serve must answer: the action, parts of the reason, and the
// value the call was decided on.
type decideCase struct {
	name, tool, input string
	action            string
	reason            []string // substrings of the reason
	value             string
}

// checkDecides sends each case as the request line makes it and checks the answer; an ask,
// and only an ask, opens a request for the person.
func checkDecides(t *testing.T, f *fixture, line func(id int, tool, input string) string, cases []decideCase) {
	t.Helper()
	for i, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			r := f.one(t, line(i, tt.tool, tt.input))
			if r["action"] != tt.action {
				t.Fatalf("action = %v, want %s (reason %v)", r["action"], tt.action, r["reason"])
			}
			for _, want := range tt.reason {
				if !strings.Contains(str(r["reason"]), want) {
					t.Errorf("reason = %q, want it to contain %q", r["reason"], want)
				}
			}
			if r["value"] != tt.value {
				t.Errorf("value = %q, want %q", r["value"], tt.value)
			}
			if (tt.action == "ask") != (r["request"] != nil) {
				t.Errorf("request = %v; an ask, and only an ask, opens one", r["request"])
			}
		})
	}
}

func TestDecide(t *testing.T) {
	f := newFixture(t)
	persona := filepath.Join(f.dirs.Agent, "agents", "guarded.md")
	checkDecides(t, f, decideLine, []decideCase{
		{"deny names rule and file:line", "bash", `{"command":"rm -rf /"}`, "deny", []string{`"rm *" deny`, persona + ":9"}, "rm -rf /"},
		{"strictest shell command", "bash", `{"command":"ls -l && rm -rf /tmp/x"}`, "deny", []string{"strictest of 2 commands"}, "ls -l && rm -rf /tmp/x"},
		{"allow", "read", `{"path":"src/a.go"}`, "allow", []string{`"read" "*" allow`}, "src/a.go"},
		{"ask", "bash", `{"command":"git push"}`, "ask", []string{`"git *" ask`}, "git push"},
		{"missing argument denies", "read", `{}`, "deny", []string{`argument "path" of read is missing`}, ""},
		{"wrong argument type denies", "bash", `{"command":3}`, "deny", []string{"not a string"}, ""},
		{"optional path is the cwd", "ls", `{}`, "ask", []string{`list "."`}, "."},
		{"custom tool decided on its name", "ctx_stats", `{"x":1}`, "ask", []string{`"*" "*" ask`}, ""},
		// task is decided on the subagent's name; the guarded persona asks for every task.
		{"a subagent call is decided on its agent", "subagent", `{"agent":"reviewer","task":"look"}`, "ask", []string{`task "reviewer"`}, "reviewer"},
		{"a subagent management call names no agent", "subagent", `{"action":"list"}`, "ask", []string{`task ""`}, ""},
		// A tool agentmgr does not know is searched for what it would run, write or fetch.
		{"an MCP exec's argv is decided as bash", "mcp_srv_exec", `{"argv":["rm","-rf","victim"]}`, "deny", []string{`"rm *" deny`}, ""},
		{"an MCP write is decided as edit", "mcp_fs_write_file", `{"path":"/p/a","content":"x"}`, "deny", []string{`"edit" "*" deny`}, ""},
	})
}

func TestDecideWithAValueOrAnotherPersona(t *testing.T) {
	f := newFixture(t)
	tests := []struct{ line, action, agent, reason string }{
		{`{"id":1,"type":"decide","session":"s1","tool":"bash","value":"rm -rf /"}`, "deny", "guarded", `"rm *" deny`},
		{`{"id":2,"type":"decide","session":"s1","tool":"bash","value":"rm -rf /","agent":"builder"}`, "ask", "builder", `"rm *" ask`},
		{`{"id":3,"type":"decide","session":"s1","tool":"bash","value":"ls","input":{"command":"ls"}}`, "deny", "", `not both`},
		{`{"id":4,"type":"decide","session":"s1","tool":"read","value":"a","agent":"ghost"}`, "deny", "", `no persona named "ghost"`},
	}
	for _, tt := range tests {
		r := f.one(t, tt.line)
		if r["action"] != tt.action || str(r["agent"]) != tt.agent && tt.agent != "" || !strings.Contains(str(r["reason"]), tt.reason) {
			t.Errorf("%s = %v by %v: %v; want %s by %s naming %s", tt.line, r["action"], r["agent"], r["reason"], tt.action, tt.agent, tt.reason)
		}
	}
}

func TestDecideRefusesABadSession(t *testing.T) {
	r := newFixture(t).one(t, `{"id":1,"type":"decide","session":"../x","tool":"read","input":{"path":"a"}}`)
	if r["action"] != "deny" || !strings.Contains(str(r["reason"]), "session id cannot be used") {
		t.Fatalf("got %v, want deny naming the session id", r)
	}
}

// askAndReply decides a git push (an ask) and answers it with reply.
func askAndReply(t *testing.T, f *fixture, reply string) (ask, answer map[string]any) {
	t.Helper()
	a := f.one(t, decideLine(1, "bash", `{"command":"git push origin"}`))
	if a["action"] != "ask" {
		t.Fatalf("decide = %v, want ask", a)
	}
	line, _ := json.Marshal(map[string]any{"id": 2, "type": "reply", "request": a["request"], "reply": reply, "message": "not now"})
	return a, f.one(t, string(line))
}

func TestReplyOnce(t *testing.T) {
	f := newFixture(t)
	_, r := askAndReply(t, f, "once")
	if r["action"] != "allow" || r["decided_by"] != "person" {
		t.Fatalf("reply = %v, want allow by person", r)
	}
	// Once stores nothing: the next push asks again.
	if again := f.one(t, decideLine(3, "bash", `{"command":"git push origin"}`)); again["action"] != "ask" {
		t.Errorf("after once, decide = %v, want ask", again["action"])
	}
	entries := logEntries(t, f)
	if len(entries) != 2 || entries[0].Event != "decision" || entries[0].Action != "ask" || entries[1].Reply != "once" || entries[1].Action != "allow" {
		t.Errorf("review log = %+v, want the ask and the once reply", entries)
	}
}

func TestReplyAlwaysStoresASessionRule(t *testing.T) {
	f := newFixture(t)
	a, r := askAndReply(t, f, "always")
	if !slices.Equal(strs(a["suggestions"]), []string{"git push *"}) {
		t.Fatalf("suggestions = %v, want [git push *]", a["suggestions"])
	}
	if r["action"] != "allow" || !strings.Contains(str(r["reason"]), `bash "git push *"`) {
		t.Fatalf("reply = %v, want allow naming the stored rule", r)
	}
	s, err := sessions.Open(f.dirs).Get("s1")
	if err != nil || len(s.Rules) != 1 || s.Rules[0].Pattern != "git push *" {
		t.Fatalf("session s1 = %+v, %v; want the always rule", s, err)
	}
	if again := f.one(t, decideLine(3, "bash", `{"command":"git push upstream"}`)); again["action"] != "allow" || again["decided_by"] != "session rule" {
		t.Errorf("after always, decide = %v, want allow by the session rule", again)
	}
	// A session rule never beats the persona's deny.
	if rm := f.one(t, decideLine(4, "bash", `{"command":"git push; rm -rf /"}`)); rm["action"] != "deny" {
		t.Errorf("a denied command next to an allowed one = %v, want deny", rm["action"])
	}
}

func TestReplyAlwaysWithEditedPatterns(t *testing.T) {
	f := newFixture(t)
	a := f.one(t, decideLine(1, "bash", `{"command":"git push origin"}`))
	line, _ := json.Marshal(map[string]any{"id": 2, "type": "reply", "request": a["request"], "reply": "always", "patterns": []string{"git *"}})
	f.one(t, string(line))
	if again := f.one(t, decideLine(3, "bash", `{"command":"git fetch"}`)); again["action"] != "allow" {
		t.Errorf("after always git *, git fetch = %v, want allow", again["action"])
	}
}

func TestReplyReject(t *testing.T) {
	f := newFixture(t)
	_, r := askAndReply(t, f, "reject")
	if r["action"] != "deny" || !strings.HasSuffix(str(r["reason"]), "rejected this call in pi: not now") {
		t.Fatalf("reply = %v, want deny with the message", r)
	}
	entries := logEntries(t, f)
	if len(entries) != 2 || entries[1].Reply != "reject" || entries[1].Message != "not now" {
		t.Errorf("review log = %+v, want the reject with its message", entries)
	}
}

func TestReplyTwiceIsRefused(t *testing.T) {
	f := newFixture(t)
	a, _ := askAndReply(t, f, "once")
	line, _ := json.Marshal(map[string]any{"id": 3, "type": "reply", "request": a["request"], "reply": "once"})
	if r := f.one(t, string(line)); !strings.Contains(str(r["error"]), "is not open") {
		t.Errorf("second reply = %v, want an error", r)
	}
}

func TestUnknownReplyKeepsTheAskOpen(t *testing.T) {
	f := newFixture(t)
	a := f.one(t, decideLine(1, "bash", `{"command":"git push"}`))
	bad, _ := json.Marshal(map[string]any{"id": 2, "type": "reply", "request": a["request"], "reply": "sure"})
	good, _ := json.Marshal(map[string]any{"id": 3, "type": "reply", "request": a["request"], "reply": "once"})
	rs := f.run(t, string(bad), string(good))
	if !strings.Contains(str(rs[0]["error"]), `unknown reply "sure"`) || rs[1]["action"] != "allow" {
		t.Errorf("replies = %v, want an error, then the once allowed", abbreviate(rs))
	}
}

func TestForwardWithNobodyServingDenies(t *testing.T) {
	f := newFixture(t)
	a := f.one(t, decideLine(1, "bash", `{"command":"git push"}`))
	line, _ := json.Marshal(map[string]any{"id": 2, "type": "forward", "request": a["request"]})
	r := f.oneKeepingInputOpen(t, string(line))
	if r["action"] != "deny" || !strings.Contains(str(r["reason"]), "nobody is serving") {
		t.Fatalf("forward = %v, want deny because the app is not running", r)
	}
	entries := logEntries(t, f)
	if len(entries) != 1 || entries[0].Action != "deny" || !strings.Contains(entries[0].Reason, "so the call is denied") {
		t.Errorf("review log = %+v, want the gate's unanswered deny", entries)
	}
}

func TestDecisionsByRuleAreLogged(t *testing.T) {
	f := newFixture(t)
	f.run(t, decideLine(1, "bash", `{"command":"rm -rf /"}`), decideLine(2, "read", `{"path":"a"}`))
	entries := logEntries(t, f)
	if len(entries) != 2 || entries[0].Action != "deny" || entries[0].Rule == nil || entries[0].Rule.Pattern != "rm *" || entries[1].Action != "allow" {
		t.Errorf("review log = %+v, want the deny with its rule and the allow", entries)
	}
}

func TestAsksAreBounded(t *testing.T) {
	f := newFixture(t)
	var lines []string
	for i := range maxAsks + 10 {
		lines = append(lines, decideLine(i, "bash", `{"command":"git push"}`))
	}
	f.run(t, lines...)
	if n := f.srv.asks.count(); n != maxAsks {
		t.Errorf("open asks = %d, want %d", n, maxAsks)
	}
}

func logEntries(t *testing.T, f *fixture) []reviewlog.Entry {
	t.Helper()
	es, err := reviewlog.Read(f.dirs.ReviewLog(), reviewlog.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	return es
}

func strs(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestAPersonaEditIsSeenByTheNextCall(t *testing.T) {
	f := newFixture(t)
	line := decideLine(1, "bash", `{"command":"git push"}`)
	if r := f.one(t, line); r["action"] != "ask" {
		t.Fatalf("before the edit, git push = %v, want ask", r["action"])
	}
	path := filepath.Join(f.dirs.Agent, "agents", "guarded.md")
	testfiles.Write(t, path, strings.Replace(guarded, `"git *": ask`, `"git *": deny`, 1))
	if r := f.one(t, line); r["action"] != "deny" {
		t.Fatalf("after the edit, git push = %v, want deny", r["action"])
	}
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "newer.md"), "---\ndescription: new\npermissions: build\n---\n")
	f.use(t, "newer")
	if r := f.one(t, line); r["action"] != "allow" || r["agent"] != "newer" {
		t.Fatalf("after adding a persona and switching to it, git push = %v by %v, want allow by newer", r["action"], r["agent"])
	}
}

// Every agent a pi subagent call runs is decided (parallel tasks, chain steps), and one whose
// agents are named only when it runs is at least ask.
func TestDecideEveryAgentOfASubagentCall(t *testing.T) {
	f := newFixture(t)
	tasker := "---\ndescription: delegates\npermissions:\n  \"*\": allow\n  task:\n    \"*\": allow\n    \"rm-bot\": deny\n---\n"
	if err := os.WriteFile(filepath.Join(f.dirs.Agent, "agents", "tasker.md"), []byte(tasker), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ input, action, reason string }{
		{`{"agent":"reviewer","task":"x"}`, "allow", `task "reviewer"`},
		{`{"tasks":[{"agent":"reviewer"},{"agent":"rm-bot"}]}`, "deny", `task "rm-bot"`},
		{`{"chain":[{"agent":"reviewer"},{"parallel":[{"agent":"rm-bot"}]}]}`, "deny", `task "rm-bot"`},
		{`{"workflowScript":"return run('x')"}`, "ask", "only when it runs"},
	}
	for i, tt := range tests {
		r := f.one(t, `{"id":`+itoa(i)+`,"type":"decide","session":"s1","agent":"tasker","tool":"subagent","input":`+tt.input+`}`)
		if r["action"] != tt.action || !strings.Contains(str(r["reason"]), tt.reason) {
			t.Errorf("subagent %s = %v (%v), want %s with %q", tt.input, r["action"], r["reason"], tt.action, tt.reason)
		}
	}
}
