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
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/mapping"
)

// TestClaudePayloads decides every recorded Claude Code event with testdata/claude/rules.json and
// no app serving, and compares the hook output with the golden file.
func TestClaudePayloads(t *testing.T) {
	events, err := filepath.Glob("testdata/claude/*.event.json")
	if err != nil || len(events) == 0 {
		t.Fatalf("no recorded events: %v", err)
	}
	g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(testRules(t, "testdata/claude/rules.json")),
		WithWait(inbox.Wait{Grace: 10 * time.Millisecond, Poll: time.Millisecond}))
	for _, ev := range events {
		name := strings.TrimSuffix(filepath.Base(ev), ".event.json")
		t.Run(name, func(t *testing.T) {
			input, err := os.ReadFile(ev)
			if err != nil {
				t.Fatal(err)
			}
			out := g.Claude(context.Background(), input)
			d := out.HookSpecificOutput
			if d.HookEventName != "PreToolUse" || d.PermissionDecisionReason == "" {
				t.Errorf("output %+v: want hookEventName PreToolUse and a reason", d)
			}
			if strings.HasPrefix(name, "bad-") && d.PermissionDecision != "deny" {
				t.Errorf("bad input decided %q, want deny (fail closed): %s", d.PermissionDecision, d.PermissionDecisionReason)
			}
			// Good events are named for the decision they must get: read-allow, websearch-deny.
			if want := name[strings.LastIndex(name, "-")+1:]; !strings.HasPrefix(name, "bad-") && d.PermissionDecision != want {
				t.Errorf("%s decided %q, want %q as its name says", name, d.PermissionDecision, want)
			}
			checkGolden(t, filepath.Join("testdata/claude", name+".want.json"), out)
		})
	}
}

// TestClaudePayloadsCoverEveryMappedTool keeps the recorded events in step with the table.
func TestClaudePayloadsCoverEveryMappedTool(t *testing.T) {
	recorded := map[string]bool{}
	events, _ := filepath.Glob("testdata/claude/*.event.json")
	for _, ev := range events {
		data, err := os.ReadFile(ev)
		if err != nil {
			t.Fatal(err)
		}
		var e ClaudeEvent
		if json.Unmarshal(data, &e) == nil && !strings.HasPrefix(filepath.Base(ev), "bad-") {
			recorded[e.ToolName] = true
		}
	}
	for _, tool := range mapping.ClaudeTools() {
		if !recorded[tool.Name] {
			t.Errorf("no recorded event for Claude Code tool %q in testdata/claude", tool.Name)
		}
	}
}

func TestParseClaude(t *testing.T) {
	const s = `"session_id":"s1","hook_event_name":"PreToolUse","cwd":"/p"`
	tests := []struct {
		name, input string
		want        decide.Call
		wantErr     string
	}{
		{"bash command", `{` + s + `,"tool_name":"Bash","tool_input":{"command":"ls -la"},"tool_use_id":"t1"}`,
			decide.Call{Client: decide.ClientClaude, ID: "t1", Session: "s1", Tool: "Bash", Key: "bash", Value: "ls -la", Cwd: "/p"}, ""},
		{"empty command is a value", `{` + s + `,"tool_name":"Bash","tool_input":{"command":""}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Bash", Key: "bash", Value: "", Cwd: "/p"}, ""},
		{"notebook path falls back to file_path", `{` + s + `,"tool_name":"NotebookEdit","tool_input":{"file_path":"/p/a.ipynb"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "NotebookEdit", Key: "edit", Value: "/p/a.ipynb", Cwd: "/p"}, ""},
		{"mcp tool is its own key with no value", `{` + s + `,"tool_name":"mcp__db__query","tool_input":{"sql":"drop table x"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "mcp__db__query", Key: "mcp__db__query", Cwd: "/p", Unknown: true}, ""},
		{"unknown fields are ignored", `{` + s + `,"tool_name":"Read","tool_input":{"file_path":"/p/a"},"new_field":1}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Read", Key: "read", Value: "/p/a", Cwd: "/p"}, ""},
		{"effort as an object (Claude Code 2.1.332's default model)", `{` + s + `,"effort":{"level":"medium"},"prompt_id":"p1","transcript_path":"/t.jsonl","tool_name":"Read","tool_input":{"file_path":"/p/a"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Read", Key: "read", Value: "/p/a", Cwd: "/p"}, ""},
		{"effort as a string, a number, null or an array", `{` + s + `,"effort":"low","prompt_id":7,"transcript_path":null,"future":[{"a":[1,{}]}],"tool_name":"Read","tool_input":{"file_path":"/p/a"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Read", Key: "read", Value: "/p/a", Cwd: "/p"}, ""},
		{"a subagent's call names the agent", `{` + s + `,"agent_id":"a91c","agent_type":"cleaner","permission_mode":"acceptEdits","tool_name":"Bash","tool_input":{"command":"rm x"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Bash", Key: "bash", Value: "rm x", Cwd: "/p", Mode: "acceptEdits", AgentID: "a91c", AgentType: "cleaner"}, ""},
		{"an --agent session has a type and no id", `{` + s + `,"agent_type":"cleaner","tool_name":"Read","tool_input":{"file_path":"/p/a"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Read", Key: "read", Value: "/p/a", Cwd: "/p", AgentType: "cleaner"}, ""},
		{"a used field of the wrong type is an error", `{` + s + `,"agent_type":["cleaner"],"tool_name":"Read","tool_input":{"file_path":"/p/a"}}`,
			decide.Call{}, "agent_type is a JSON array; expected string"},
		{"the column counts characters, not bytes", `{"cwd":"/pröject/ü","session_id":1}`,
			decide.Call{}, "stdin:1:34: session_id is a JSON number"},
		{"missing event name is accepted", `{"session_id":"s1","tool_name":"LS","tool_input":{"path":"/p"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "LS", Key: "list", Value: "/p"}, ""},
		{"a path tool without its path has no value", `{` + s + `,"tool_name":"Read","tool_input":{"file_path":null}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Read", Key: "read", Cwd: "/p", NoValue: true}, ""},
		{"a shell tool in capitals is bash", `{` + s + `,"tool_name":"BASH","tool_input":{"command":"rm x"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "BASH", Key: "bash", Value: "rm x", Cwd: "/p"}, ""},
		{"a shell tool without a command has no value", `{` + s + `,"tool_name":"Bash","tool_input":{"description":"x"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Bash", Key: "bash", Cwd: "/p", NoValue: true}, ""},
		{"a tool carrying a command is also bash", `{` + s + `,"tool_name":"mcp__x__run","tool_input":{"cmd":"rm x"},"permission_mode":"plan"}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "mcp__x__run", Key: "mcp__x__run", Cwd: "/p", Command: "rm x", HasCommand: true, Mode: "plan", Unknown: true}, ""},
		{"grep's folder is read too", `{` + s + `,"tool_name":"Grep","tool_input":{"pattern":"password","path":"/etc"}}`,
			decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Grep", Key: "grep", Value: "password", Cwd: "/p", Folders: []string{"/etc"}}, ""},
		{"a command that is not a string", `{` + s + `,"tool_name":"Monitor","tool_input":{"command":["rm","x"]}}`, decide.Call{}, "tool_input.command is not a string"},
		{"number value", `{` + s + `,"tool_name":"WebFetch","tool_input":{"url":42}}`, decide.Call{}, "tool_input.url is not a string"},
		{"no tool input", `{` + s + `,"tool_name":"Grep"}`, decide.Call{}, "tool_input is missing"},
		{"other hook", `{"session_id":"s1","hook_event_name":"Stop","tool_name":"Bash"}`, decide.Call{}, `hook_event_name is "Stop"`},
		{"no session", `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, decide.Call{}, "session_id: the session id cannot be used"},
		{"session with slash", `{"session_id":"a/b","tool_name":"Bash","tool_input":{"command":"ls"}}`, decide.Call{}, "session_id"},
		{"tool name not a string", `{"session_id":"s1","tool_name":7}`, decide.Call{}, "stdin:1:32: tool_name is a JSON number; expected string"},
		{"syntax error with position", "{\"session_id\":\"s1\",\n \"tool_name\": Bash}", decide.Call{}, "stdin:2:15: the input is not valid JSON"},
		{"cut short", `{"session_id":"s1"`, decide.Call{}, "the JSON object is cut short"},
		{"two objects", `{"session_id":"s1"} {}`, decide.Call{}, "stdin:1:21: more input after the JSON object"},
		{"empty", ``, decide.Call{}, "the input is empty"},
		{"array", `[1]`, decide.Call{}, "is a JSON array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseClaude([]byte(tt.input))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseClaude(%s) error = %v, want one containing %q", tt.input, err, tt.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseClaude(%s)\n got %+v, %v\nwant %+v", tt.input, got, err, tt.want)
			}
		})
	}
}

// TestRecordedHookEvents decides every hook event shape recorded from Claude Code 2.1.332 with
// the default model: each is read (effort as an object, agent_id, agent_type, prompt_id,
// command_name, ...) and answered for its own event.
func TestRecordedHookEvents(t *testing.T) {
	rules := testRules(t, "testdata/claude/rules.json")
	tests := []struct {
		file, event, decision, reason string
	}{
		{"pretooluse-subagent.json", "PreToolUse", "deny", `"rm *" deny`},
		{"pretooluse-agent.json", "PreToolUse", "ask", `task "cleaner"`},
		{"preskillshellcommand.json", "PreSkillShellCommand", "deny", `skill "sweep"`},
		{"subagentstart.json", "SubagentStart", "", ""},
		{"subagentstop.json", "PreToolUse", "deny", `hook_event_name is "SubagentStop"`},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata/claude/events", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			chains := &memChains{}
			g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(rules), WithChains(chains), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
			out := g.Claude(context.Background(), data).HookSpecificOutput
			if out.HookEventName != tt.event || out.PermissionDecision != tt.decision || !strings.Contains(out.PermissionDecisionReason, tt.reason) {
				t.Errorf("%s answered %+v, want %s %q with %q", tt.file, out, tt.event, tt.decision, tt.reason)
			}
			if tt.event == "SubagentStart" && chains.started != "a3879a592d16269bd/cleaner" {
				t.Errorf("SubagentStart recorded %q", chains.started)
			}
		})
	}
}

// memChains is a ChainStore that remembers the last start.
type memChains struct{ started string }

func (m *memChains) Spawned(session, by string, byChain []string, kind string) error { return nil }
func (m *memChains) Started(session, id, kind string) ([]string, error) {
	m.started = id + "/" + kind
	return []string{kind}, nil
}
func (m *memChains) Chain(session, id, kind string) ([]string, error) { return []string{kind}, nil }
