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
)

// codexRules allow everything but rm, edits of secrets/ and git (asked).
var codexRules = engine.Ruleset{
	{Permission: "*", Pattern: "*", Action: engine.Allow},
	{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
	{Permission: "bash", Pattern: "git *", Action: engine.Ask},
	{Permission: "edit", Pattern: "secrets/*", Action: engine.Deny},
	{Permission: "task", Pattern: "reviewer", Action: engine.Deny},
}.WithSource(engine.Source{Kind: engine.FromRequest})

// codexPayload is a PreToolUse payload as Codex 0.171.0 sends it, with tool_input input.
func codexPayload(tool, input string) []byte {
	return []byte(`{"session_id":"0199a213-81c0-7800-8aa1-bbab2a035a53","turn_id":"t1","transcript_path":null,` +
		`"cwd":"/home/dev/proj","hook_event_name":"PreToolUse","model":"gpt-5.5","permission_mode":"default",` +
		`"tool_name":"` + tool + `","tool_input":` + input + `,"tool_use_id":"call_1"}`)
}

func TestParseCodex(t *testing.T) {
	checkParse(t, decide.ClientCodex, ParseCodex, []parseCase{
		{"bash is decided on its command", codexPayload("Bash", `{"command":"ls -la"}`), "bash", "ls -la", nil, "", false, ""},
		{"apply_patch is an edit of every file it names",
			codexPayload("apply_patch", `{"command":"*** Begin Patch\n*** Add File: a.txt\n+x\n*** Update File: b.txt\n*** Move to: secrets/c.txt\n@@\n-a\n+b\n*** Delete File: d.txt\n*** End Patch\n"}`),
			"edit", "a.txt", []string{"b.txt", "secrets/c.txt", "d.txt"}, "", false, ""},
		{"apply_patch naming no file asks", codexPayload("apply_patch", `{"command":"*** Begin Patch\n*** End Patch\n"}`), "edit", "", nil, "", true, ""},
		{"apply_patch with an unknown header asks", codexPayload("apply_patch", `{"command":"*** Begin Patch\n*** Copy File: x\n*** End Patch"}`), "edit", "", nil, "", true, "no header"},
		{"spawn_agent is task on its agent type", codexPayload("spawn_agent", `{"agent_type":"reviewer","message":"go"}`), "task", "reviewer", nil, "", false, ""},
		{"spawn_agent without a type starts the default agent", codexPayload("spawn_agent", `{"message":"go"}`), "task", "default", nil, "", false, ""},
		{"a bare shell reads its terminal", codexPayload("Bash", `{"command":"bash"}`), "bash", "bash", nil, "", false, "reads commands from a terminal"},
		{"an interpreter without a script reads its terminal", codexPayload("Bash", `{"command":"cd src && python3 -q"}`), "bash", "cd src && python3 -q", nil, "", false, "python3 -q"},
		{"a script is no terminal", codexPayload("Bash", `{"command":"python3 build.py"}`), "bash", "python3 build.py", nil, "", false, ""},
		{"an unknown field never fails the call", codexPayload("Bash", `{"command":"ls","tty":true,"workdir":{"x":[1]}}`), "bash", "ls", nil, "", false, ""},
	})
}

func TestCodexAnswers(t *testing.T) {
	g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(codexRules), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
	tests := []struct {
		name    string
		payload []byte
		allow   bool
		reason  string
	}{
		{"allow prints nothing", codexPayload("Bash", `{"command":"ls"}`), true, ""},
		{"deny names the rule", codexPayload("Bash", `{"command":"ls && rm -r build"}`), false, `"rm *"`},
		{"an ask nobody answers is denied", codexPayload("Bash", `{"command":"git push"}`), false, "nobody is serving"},
		{"a patch writing a protected file is denied", codexPayload("apply_patch", `{"command":"*** Begin Patch\n*** Update File: ok.txt\n@@\n-a\n+b\n*** Add File: secrets/t.txt\n+x\n*** End Patch"}`), false, `"secrets/*"`},
		{"a patch wrapped in a shell command is decided as one", codexPayload("Bash", `{"command":"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: secrets/t.txt\n+x\n*** End Patch\nEOF"}`), false, `"secrets/*"`},
		{"an interactive shell is never allowed by a catch-all", codexPayload("Bash", `{"command":"irb"}`), false, "terminal"},
		{"a denied subagent type is not started", codexPayload("spawn_agent", `{"agent_type":"reviewer"}`), false, `"reviewer"`},
		{"unreadable input is denied", []byte(`{"session_id":"s","tool_name":"Bash","tool_input":{"command":1}}`), false, "not a string"},
		{"an empty payload is denied", []byte(``), false, "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := g.Codex(context.Background(), tt.payload)
			if tt.allow {
				if out != nil {
					t.Fatalf("output %+v, want none (allow)", out)
				}
				return
			}
			if out == nil {
				t.Fatal("no output (allow), want a deny")
			}
			d := out.HookSpecificOutput
			if d.HookEventName != "PreToolUse" || d.PermissionDecision != "deny" || !strings.Contains(d.PermissionDecisionReason, tt.reason) {
				t.Errorf("output %+v, want a PreToolUse deny whose reason holds %q", d, tt.reason)
			}
			if b, _ := json.Marshal(out); !strings.HasPrefix(string(b), `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"`) {
				t.Errorf("encoded %s, not Codex's deny form", b)
			}
		})
	}
}

func TestInteractiveStart(t *testing.T) {
	tests := []struct {
		cmd, want string
	}{
		{"bash", "bash"},
		{"/bin/zsh -l", "/bin/zsh -l"},
		{"sudo -u bob sh", "sh"},
		{"python3", "python3"},
		{"python3.12 -i app.py", "python3.12 -i app.py"},
		{"node", "node"},
		{"psql -h db", "psql -h db"},
		{"docker exec -it web sh", "docker exec -it web sh"},
		{"tmux new -s x", "tmux new -s x"},
		{"ssh host", "ssh host"},
		{"bash -c 'ls'", ""},
		{"bash build.sh", ""},
		{"python3 -m pytest", ""},
		{"node -e 'console.log(1)'", ""},
		{"ls -la", ""},
		{"git status && make", ""},
		{"docker ps", ""},
	}
	for _, tt := range tests {
		if got := InteractiveStart(tt.cmd); got != tt.want {
			t.Errorf("InteractiveStart(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
