package gate

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/mapping"
)

// geminiPayload is a BeforeTool event as Gemini CLI 0.61.0 sends it, with tool_input input and
// extra fields (mcp_context) after it.
func geminiPayload(tool, input, extra string) []byte {
	return []byte(`{"session_id":"5c1e2a4e-7d2b-4f0e-9d1c-2f0c1f0e9a11","transcript_path":"/tmp/t.json","cwd":"/home/dev/proj",` +
		`"hook_event_name":"BeforeTool","timestamp":"2026-12-02T05:00:00.000Z","tool_name":"` + tool + `","tool_input":` + input + extra + `}`)
}

func TestParseGemini(t *testing.T) {
	checkParse(t, decide.ClientGemini, ParseGemini, []parseCase{
		{"run_shell_command is bash on its command", geminiPayload("run_shell_command", `{"command":"ls","description":"list","is_background":false}`, ""), "bash", "ls", nil, "/home/dev/proj", false, ""},
		{"run_shell_command runs in its dir_path", geminiPayload("run_shell_command", `{"command":"ls","dir_path":"sub"}`, ""), "bash", "ls", nil, "/home/dev/proj/sub", false, ""},
		{"write_file is an edit of its path", geminiPayload("write_file", `{"file_path":"secrets/token.txt","content":"x"}`, ""), "edit", "secrets/token.txt", nil, "/home/dev/proj", false, ""},
		{"replace is an edit of its path", geminiPayload("replace", `{"file_path":"a.go","old_string":"a","new_string":"b","instruction":"i"}`, ""), "edit", "a.go", nil, "/home/dev/proj", false, ""},
		{"read_file reads its path", geminiPayload("read_file", `{"file_path":"a.go"}`, ""), "read", "a.go", nil, "/home/dev/proj", false, ""},
		{"read_file without a path asks", geminiPayload("read_file", `{}`, ""), "read", "", nil, "/home/dev/proj", true, ""},
		{"read_many_files reads every include", geminiPayload("read_many_files", `{"include":["a/*.go","b.md"]}`, ""), "read", "a/*.go", []string{"b.md"}, "/home/dev/proj", false, ""},
		{"list_directory lists its dir_path", geminiPayload("list_directory", `{"dir_path":"src"}`, ""), "list", "src", nil, "/home/dev/proj", false, ""},
		{"web_fetch fetches the URLs of its prompt", geminiPayload("web_fetch", `{"prompt":"Summarise HTTPS://Blocked.Example/a and https://ok.example/b please"}`, ""), "webfetch",
			"HTTPS://Blocked.Example/a", []string{"https://blocked.example/a", "https://ok.example/b"}, "/home/dev/proj", false, ""},
		{"web_fetch without a URL asks", geminiPayload("web_fetch", `{"prompt":"what is new"}`, ""), "webfetch", "", nil, "/home/dev/proj", true, ""},
		{"google_web_search searches its query", geminiPayload("google_web_search", `{"query":"go"}`, ""), "websearch", "go", nil, "/home/dev/proj", false, ""},
		{"invoke_agent is task on the agent", geminiPayload("invoke_agent", `{"agent_name":"codebase_investigator","prompt":"look"}`, ""), "task", "codebase_investigator", nil, "/home/dev/proj", false, ""},
		{"activate_skill is skill on its name", geminiPayload("activate_skill", `{"name":"sweep"}`, ""), "skill", "sweep", nil, "/home/dev/proj", false, ""},
		{"an MCP tool is Claude Code's key for it", geminiPayload("mcp_my_srv_status", `{}`, `,"mcp_context":{"server_name":"my_srv","tool_name":"status","command":"x","args":["a"]}`), "mcp__my_srv__status", "", nil, "/home/dev/proj", false, ""},
		{"an unknown field never fails the call", geminiPayload("run_shell_command", `{"command":"ls","new":{"deep":[1,2]}}`, `,"original_request_name":"x","later":[true]`), "bash", "ls", nil, "/home/dev/proj", false, ""},
	})
}

// TestGeminiToolsAreKnown keeps the table's tools out of the unknown-tool rule: only a tool in
// no table is searched for side doors.
func TestGeminiToolsAreKnown(t *testing.T) {
	for _, tool := range mapping.GeminiTools() {
		c, err := ParseGemini(geminiPayload(tool.Name, `{}`, ""))
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		if c.Unknown || c.Key != tool.Key {
			t.Errorf("%s: key %s unknown %v, want key %s, known", tool.Name, c.Key, c.Unknown, tool.Key)
		}
	}
}

func TestGeminiAnswers(t *testing.T) {
	rules := append(append(engine.Ruleset{}, codexRules...), engine.Ruleset{
		{Permission: "webfetch", Pattern: "https://blocked.example/*", Action: engine.Deny},
		{Permission: "mcp__srv__exec", Pattern: "*", Action: engine.Allow},
	}.WithSource(engine.Source{Kind: engine.FromRequest})...)
	g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(rules), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
	tests := []struct {
		name    string
		payload []byte
		want    string // the exact answer; a deny's reason is checked for reason
		reason  string
	}{
		{"allow is an empty object", geminiPayload("run_shell_command", `{"command":"ls"}`, ""), `{}`, ""},
		{"deny names the rule", geminiPayload("run_shell_command", `{"command":"rm -r build"}`, ""), "deny", `"rm *"`},
		{"an ask nobody answers is denied, never asked", geminiPayload("run_shell_command", `{"command":"git push"}`, ""), "deny", "nobody is serving"},
		{"write_file to a protected path is denied", geminiPayload("write_file", `{"file_path":"secrets/token.txt","content":"x"}`, ""), "deny", `"secrets/*"`},
		{"a URL in the prompt is decided however it is cased", geminiPayload("web_fetch", `{"prompt":"get HTTPS://BLOCKED.EXAMPLE/x"}`, ""), "deny", "blocked.example"},
		{"an MCP tool's command is decided as bash", geminiPayload("mcp_srv_exec", `{"command":"rm -r x"}`, `,"mcp_context":{"server_name":"srv","tool_name":"exec"}`), "deny", `"rm *"`},
		{"a bad field type is denied", geminiPayload("write_file", `{"file_path":7}`, ""), "deny", "not a string"},
		{"another event is denied", []byte(`{"session_id":"s","hook_event_name":"AfterModel","tool_name":"x"}`), "deny", "BeforeTool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := g.Gemini(context.Background(), tt.payload)
			b, _ := json.Marshal(out)
			if tt.want != "deny" {
				if string(b) != tt.want {
					t.Errorf("answer %s, want %s", b, tt.want)
				}
				return
			}
			if out.Decision != "deny" || !strings.Contains(out.Reason, tt.reason) {
				t.Errorf("answer %s, want a deny whose reason holds %q", b, tt.reason)
			}
		})
	}
}
