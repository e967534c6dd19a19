package main

import (
	"os"
	"testing"

	"github.com/agentmgr/agentmgr/personas"
)

// TestEditingSession runs the editing commands one after another on one agent dir, the way a
// person would, checking each command's output and the file it leaves.
func TestEditingSession(t *testing.T) {
	e, out, errb := testEnv(t, "")
	steps := []step{
		{args: []string{"new", "rev", "--preset", "plan", "--description", "Reviews code", "--dry-run"},
			stdout: []string{"--- /dev/null", "+permissions: plan"}, fileName: "rev.md", fileWant: ""},
		{args: []string{"new", "rev", "--preset", "plan", "--description", "Reviews code"}, stdout: []string{"saved "},
			fileName: "rev.md", fileWant: "---\nname: rev\ndescription: Reviews code\npermissions: plan\n---\n" + personas.NewPersonaPrompt("rev", "Reviews code")},
		{args: []string{"new", "rev"}, code: 1, stderr: []string{"already exists"}},
		{args: []string{"new", "other", "--preset", "admin"}, code: 2, stderr: []string{`unknown preset "admin"; expected read, plan, build`, "usage: agentmgr new"}},
		{args: []string{"rule", "swap", "nobody"}, code: 2, stderr: []string{`unknown rule subcommand "swap"`, "usage: agentmgr rule"}},
		{args: []string{"rule", "add", "rev", "bash", "git *", "allow"}, code: 1, stderr: []string{"rule expand rev"}},
		{args: []string{"rule", "expand", "rev"}, stdout: []string{"saved "}},
		{args: []string{"rule", "add", "rev", "bash", "git diff *", "allow", "--at", "2", "--dry-run"},
			stdout: []string{"+  bash:\n+    \"git diff *\": allow\n"}},
		{args: []string{"rule", "add", "rev", "bash", "git diff *", "allow", "--at", "2"}, stdout: []string{"saved "}},
		{args: []string{"rule", "add", "rev", "bash", "rm *", "deny", "--at", "3", "--reason", "use the trash"}, code: 1,
			stderr: []string{"pi-agent-manager 0.18.1 skips this whole file after this change", "Nothing was changed", "--agentmgr-only"}},
		{args: []string{"rule", "add", "rev", "bash", "rm *", "deny", "--at", "3", "--reason", "use the trash", "--agentmgr-only"}, stdout: []string{"saved "},
			stderr: []string{"warning: ", "the file is agentmgr-only"}},
		{args: []string{"rule", "mv", "rev", "3", "2"}, stdout: []string{"saved "}},
		{args: []string{"rule", "rm", "rev", "1"}, stdout: []string{"saved "}},
		{args: []string{"rule", "rm", "rev", "99"}, code: 2, stderr: []string{"numbered 1 to"}},
		{args: []string{"rule", "add", "rev", "bash", "block"}, code: 2, stderr: []string{`unknown action "block"`}},
		{args: []string{"set", "rev", "color", "magenta"}, stdout: []string{"saved "}, stderr: []string{`warning: `, `rev.md:4:8: color: unknown theme token "magenta"`}},
		{args: []string{"set", "rev", "description", "Reviews code"}, stdout: []string{"is unchanged"}, noStderr: true},
		{args: []string{"set", "rev", "color", "accent"}, stdout: []string{"saved "}, noStderr: true},
		{args: []string{"set", "rev", "type", "helper"}, code: 1, stderr: []string{`rev.md:4:7: type: unknown type "helper"`}},
		{args: []string{"set", "rev", "prompt", "Review the diff."}, stdout: []string{"saved "},
			fileName: "rev.md", fileWant: "---\nname: rev\ndescription: Reviews code\ncolor: accent\npermissions:\n  bash:\n    \"rm *\": {action: deny, reason: \"use the trash\"}\n    \"git diff *\": allow\n  read: allow\n  grep: allow\n  glob: allow\n  list: allow\n  websearch: allow\n  webfetch: allow\n  task: allow\n---\nReview the diff.\n"},
		{args: []string{"set", "rev", "color", "accent"}, stdout: []string{"is unchanged"}},
		{args: []string{"set", "planner", "color", "accent"}, code: 1, stderr: []string{"built-in persona"}},
		{args: []string{"use", "rev"}, stdout: []string{"rev  Reviews code"}},
		{args: []string{"use", "--next"}, stdout: []string{"planner"}},
		{args: []string{"use", "--previous"}, stdout: []string{"rev"}},
		{args: []string{"use", "--next", "--previous"}, code: 2},
		{args: []string{"show", "rev", "--envelope"}, stdout: []string{`<permission-envelope agent="rev" mode="default">`, "<denied-tools>", `<persona name="rev"`, "Review the diff."}},
		{args: []string{"rename", "rev", "critic", "--dry-run"}, stdout: []string{"rename to ", "-name: rev", "+name: critic"}},
		{args: []string{"rename", "rev", "critic"}, stdout: []string{"rename rev to critic"}},
		{args: []string{"use"}, stdout: []string{"critic"}},
		{args: []string{"rm", "critic"}, stdout: []string{"to the trash"}, fileName: "critic.md", fileWant: ""},
		{args: []string{"use"}, stdout: []string{"planner"}, stderr: []string{`"critic" does not exist`}},
		{args: []string{"restore"}, stdout: []string{"critic"}},
		{args: []string{"restore", "critic"}, stdout: []string{"restore critic"}},
		{args: []string{"new", "copy", "--from", "critic"}, code: 1, stderr: []string{"pi-agent-manager 0.18.1 skips this whole file"}},
		{args: []string{"new", "copy", "--from", "critic", "--agentmgr-only"}, stdout: []string{"saved "}},
		{args: []string{"list"}, stdout: []string{"critic", "copy"}},
	}
	for i, s := range steps {
		if !runStep(t, e, out, errb, i, s) {
			t.FailNow()
		}
	}
}

// rule add without --at puts the rule last, or right after its key's other rules when no rule
// after them can match its key (the same decisions as last); otherwise it is refused.
func TestRuleAddPlacesAfterItsKeyWhenThatDecidesTheSame(t *testing.T) {
	const head = "---\ndescription: d\npermissions:\n"
	tests := []struct {
		name  string
		rules string
		args  []string
		code  int
		want  string // the permissions block after the edit; "" when refused
	}{
		{name: "after its key", rules: "  \"*\": deny\n  read: allow\n  grep: allow\n",
			args: []string{"read", "*.env", "deny"},
			want: "  \"*\": deny\n  read:\n    \"*\": allow\n    \"*.env\": deny\n  grep: allow\n"},
		{name: "last when its key is last", rules: "  read: allow\n  bash:\n    \"*\": ask\n",
			args: []string{"bash", "rm *", "deny"},
			want: "  read: allow\n  bash:\n    \"*\": ask\n    \"rm *\": deny\n"},
		{name: "a new key goes last", rules: "  read: allow\n",
			args: []string{"grep", "allow"},
			want: "  read: allow\n  grep: allow\n"},
		{name: "refused when a later catch-all matches its key", rules: "  read: allow\n  \"*\": ask\n",
			args: []string{"read", "*.env", "deny"}, code: 1},
		{name: "refused when a later wildcard key matches it", rules: "  mcp_x: allow\n  \"mcp_*\": ask\n",
			args: []string{"mcp_x", "deny"}, code: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, out, errb := testEnv(t, "")
			path := writeAgent(t, "p.md", head+tt.rules+"---\nBody.\n")
			code := run(append([]string{"rule", "add", "p"}, tt.args...), e)
			if code != tt.code {
				t.Fatalf("rule add p %q exited %d, want %d\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out, errb)
			}
			got, _ := os.ReadFile(path)
			want := head + tt.rules + "---\nBody.\n"
			if tt.want != "" {
				want = head + tt.want + "---\nBody.\n"
			}
			if string(got) != want {
				t.Errorf("rule add p %q left\n%s\nwant\n%s", tt.args, got, want)
			}
		})
	}
}

// Each rule subcommand counts its own arguments once the persona is found, and a wrong count is
// a usage error with its message and rule's usage line, the file left as it was.
func TestRuleSubcommandsCountTheirArguments(t *testing.T) {
	const persona = "---\ndescription: Counts\npermissions:\n  read: allow\n  bash: ask\n---\n"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"add", "p", "bash"}, "rule add takes a persona, a permission key, an optional pattern and an action"},
		{[]string{"add", "p", "bash", "git *", "allow", "again"}, "rule add takes a persona, a permission key, an optional pattern and an action"},
		{[]string{"rm", "p"}, "rule rm takes a persona and a rule number"},
		{[]string{"rm", "p", "1", "2"}, "rule rm takes a persona and a rule number"},
		{[]string{"mv", "p", "1"}, "rule mv takes a persona and two rule numbers, FROM and TO"},
		{[]string{"expand", "p", "1"}, "rule expand takes a persona only"},
	}
	for _, tt := range tests {
		e, out, errb := testEnv(t, "")
		path := writeAgent(t, "p.md", persona)
		args := append([]string{"rule"}, tt.args...)
		if code := run(args, e); code != 2 {
			t.Errorf("agentmgr %q exited %d, want 2", args, code)
		}
		if want := "agentmgr rule: " + tt.want + "\nusage: agentmgr rule " + ruleUsage + "\n"; errb.String() != want || out.Len() > 0 {
			t.Errorf("agentmgr %q printed\nstdout: %s\nstderr: %s\nwant only on stderr:\n%s", args, out, errb, want)
		}
		if got, _ := os.ReadFile(path); string(got) != persona {
			t.Errorf("agentmgr %q changed the file:\n%s", args, got)
		}
	}
}
