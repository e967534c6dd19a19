package gate

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
)

// fuzzGate is the gate the fuzz targets feed: everything allowed but rm, which is denied, and
// an ask that waits a millisecond for nobody.
func fuzzGate(f *testing.F) *Gate {
	rules := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
	}
	return New(inbox.Inbox{Dir: f.TempDir()}, fixedPolicy(rules), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
}

// FuzzParseClaude feeds arbitrary bytes to the Claude Code parser and the whole gate: nothing
// panics, every answer is one of the three decisions with a reason, and input the parser
// refuses is denied.
func FuzzParseClaude(f *testing.F) {
	events, _ := filepath.Glob("testdata/claude/*.event.json")
	recorded, _ := filepath.Glob("testdata/claude/events/*.json")
	for _, ev := range append(events, recorded...) {
		if data, err := os.ReadFile(ev); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"session_id":"s","tool_name":"Bash","tool_input":{"command":"a && b"}}`))
	f.Add([]byte(`{"session_id":"s","tool_name":"Read","tool_input":{"file_path":1}}`))
	g := fuzzGate(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseClaude(data)
		if err == nil {
			if c.Tool == "" || c.Key == "" || c.Client != decide.ClientClaude {
				t.Fatalf("ParseClaude(%q) = %+v without error, want a tool, its key and the claude client", data, c)
			}
			if checkSession(c.Session) != nil {
				t.Fatalf("ParseClaude(%q) accepted session %q", data, c.Session)
			}
		}
		out := g.Claude(context.Background(), data).HookSpecificOutput
		if out.HookEventName == ClaudeSubagentStart {
			// A recorded start has nothing to decide; the parser must have read it as one.
			if _, ok, _ := ParseClaudeStart(data); !ok {
				t.Fatalf("%q was answered as a SubagentStart", data)
			}
			return
		}
		switch {
		case out.HookEventName != "PreToolUse" && out.HookEventName != ClaudeSkillShell || out.PermissionDecisionReason == "":
			t.Fatalf("gate output for %q is %+v, want a PreToolUse decision with a reason", data, out)
		case err != nil && out.PermissionDecision != "deny":
			t.Fatalf("input %q the parser refuses (%v) was decided %q, want deny", data, err, out.PermissionDecision)
		case out.PermissionDecision != "allow" && out.PermissionDecision != "deny" && out.PermissionDecision != "ask":
			t.Fatalf("gate decided %q for %q", out.PermissionDecision, data)
		}
	})
}

// FuzzClaudeUnknownFields adds a field the gate does not use, with any JSON value, to a good
// event: the call must parse and equal the call without it. Claude Code adds fields (effort
// became an object in 2.1.332) and none of them may deny every call.
func FuzzClaudeUnknownFields(f *testing.F) {
	f.Add("effort", `{"level":"medium"}`)
	f.Add("prompt_id", `"3c0f"`)
	f.Add("transcript_path", `null`)
	f.Add("x", `[1,{"a":[true,null]},"\u00e9"]`)
	f.Add("tool_input", `{}`)
	const base = `"session_id":"s1","cwd":"/p","hook_event_name":"PreToolUse","agent_id":"a1","agent_type":"t","tool_name":"Bash","tool_input":{"command":"rm x"}`
	want, err := ParseClaude([]byte("{" + base + "}"))
	if err != nil {
		f.Fatal(err)
	}
	used := map[string]bool{}
	for _, k := range []string{"session_id", "cwd", "permission_mode", "hook_event_name", "tool_name", "tool_input", "tool_use_id", "agent_id", "agent_type"} {
		used[k] = true
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		var v json.RawMessage
		if json.Unmarshal([]byte(value), &v) != nil {
			return
		}
		key, _ := json.Marshal(name)
		// encoding/json matches field names without regard to case: a key that folds to a
		// used one is that field, not an unknown one.
		for k := range used {
			if strings.EqualFold(k, name) {
				return
			}
		}
		for _, event := range []string{"{" + string(key) + ":" + value + "," + base + "}", "{" + base + "," + string(key) + ":" + value + "}"} {
			got, err := ParseClaude([]byte(event))
			if err != nil {
				t.Fatalf("ParseClaude(%s) = %v; an unused field must never fail the event", event, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("ParseClaude(%s) = %+v, want %+v", event, got, want)
			}
		}
	})
}

// FuzzParseNeutral does the same for the neutral protocol, whose answers are allow or deny.
func FuzzParseNeutral(f *testing.F) {
	f.Add([]byte(`{"session":"s1","tool":"bash","value":"git status"}`))
	f.Add([]byte(`{"session":"s1","agent":"x","tool":"read","value":"/a","cwd":"/","id":"7"}`))
	f.Add([]byte(`{"session":"s1","tool":"bash","value":"rm -rf /"} `))
	f.Add([]byte(`{"session":"../x","tool":"bash"}`))
	g := fuzzGate(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ParseNeutral(data)
		if err == nil && (c.Tool == "" || checkSession(c.Session) != nil) {
			t.Fatalf("ParseNeutral(%q) = %+v without error", data, c)
		}
		out := g.Neutral(context.Background(), data)
		switch {
		case out.Reason == "":
			t.Fatalf("answer for %q has no reason: %+v", data, out)
		case err != nil && out.Action != engine.Deny:
			t.Fatalf("input %q the parser refuses (%v) was decided %q, want deny", data, err, out.Action)
		case out.Action != engine.Allow && out.Action != engine.Deny:
			t.Fatalf("neutral answer %q for %q, want allow or deny", out.Action, data)
		}
	})
}
