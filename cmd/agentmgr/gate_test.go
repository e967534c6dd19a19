package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

// asker asks about everything but reads and git diff, and denies rm.
const asker = `---
name: asker
description: Asks before it acts
permissions:
  "*": ask
  read: allow
  bash:
    "git diff *": allow
    "rm *": {action: deny, reason: "no deleting"}
---
Ask.
`

// claudeEvent is a PreToolUse event of session s1 in cwd.
func claudeEvent(cwd, tool, input string) string {
	return `{"session_id":"s1","cwd":` + quoteJSON(cwd) + `,"hook_event_name":"PreToolUse","tool_name":"` + tool +
		`","tool_input":` + input + `,"tool_use_id":"toolu_1"}`
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// runGateCmd runs `agentmgr gate ARGS` with stdin in the environment testEnv set up, as one
// hook process would, and returns its stdout. It may run on any goroutine.
func runGateCmd(stdin string, args ...string) string {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, cwd: os.Getenv("HOME"), getenv: os.Getenv}
	if code := run(append([]string{"gate"}, args...), e); code != 0 {
		return fmt.Sprintf("exit %d: %s", code, errb.String())
	}
	return out.String()
}

func shortGrace(t *testing.T) {
	old := gateGrace
	gateGrace = 50 * time.Millisecond
	t.Cleanup(func() { gateGrace = old })
}

func TestGateCommand(t *testing.T) {
	shortGrace(t)
	tests := []struct {
		name     string
		args     []string
		stdin    string
		files    map[string]string
		code     int
		decision string   // Claude Code's permissionDecision, or the neutral action
		reason   []string // substrings of the reason
		stderr   string
	}{
		{name: "no protocol is a usage error", args: nil, code: 2, stderr: "usage: agentmgr gate"},
		{name: "unknown protocol", args: []string{"xml"}, code: 2, stderr: "claude, codex, gemini or json"},
		{name: "zero timeout", args: []string{"claude", "--timeout", "0s"}, code: 2, stderr: "--timeout must be positive"},
		{name: "bad timeout", args: []string{"claude", "--timeout", "soon"}, code: 2},
		{name: "help", args: []string{"--help"}, code: 0},
		{name: "claude read allowed by the planner", args: []string{"claude"}, stdin: claudeEvent("/p", "Read", `{"file_path":"/p/main.go"}`),
			decision: "allow", reason: []string{`persona "planner"`, "builtin:planner"}},
		{name: "claude bash denied by the planner", args: []string{"claude"}, stdin: claudeEvent("/p", "Bash", `{"command":"ls"}`),
			decision: "deny", reason: []string{"builtin:planner"}},
		{name: "claude ask with nobody serving", args: []string{"claude", "--agent", "asker"}, files: map[string]string{"asker.md": asker},
			stdin: claudeEvent("/p", "Bash", `{"command":"git diff HEAD && make"}`), decision: "ask",
			reason: []string{`persona "asker"`, `ask bash "make" (the strictest of 2 commands)`, "asker.md:5", "nobody is serving", "so Claude Code asks"}},
		{name: "claude denies with the rule's reason", args: []string{"claude", "--agent", "reviewer"}, files: map[string]string{"reviewer.md": reviewer},
			stdin: claudeEvent("/p", "Bash", `{"command":"rm -rf /"}`), decision: "deny", reason: []string{"reviewer.md:9", "no deleting"}},
		{name: "claude bad input is denied, exit 0", args: []string{"claude"}, stdin: `{"tool_name":`, decision: "deny",
			reason: []string{"stdin:1:14", "cut short"}},
		{name: "claude empty input is denied", args: []string{"claude"}, stdin: ``, decision: "deny", reason: []string{"input is empty"}},
		{name: "claude unknown persona is denied", args: []string{"claude", "--agent", "ghost"}, stdin: claudeEvent("/p", "Read", `{"file_path":"/x"}`),
			decision: "deny", reason: []string{`no persona named "ghost"`}},
		{name: "json allow", args: []string{"json"}, stdin: `{"session":"s1","tool":"read","value":"/p/a.go"}`, decision: "allow",
			reason: []string{"builtin:planner"}},
		{name: "json names its persona", args: []string{"json"}, files: map[string]string{"reviewer.md": reviewer},
			stdin: `{"session":"s1","agent":"reviewer","tool":"bash","value":"git diff x"}`, decision: "allow", reason: []string{"reviewer.md:8"}},
		{name: "json ask with nobody serving is denied", args: []string{"json"}, files: map[string]string{"asker.md": asker},
			stdin: `{"session":"s1","agent":"asker","tool":"bash","value":"make"}`, decision: "deny", reason: []string{"nobody is serving"}},
		{name: "json misspelt field is no value, denied", args: []string{"json"}, stdin: `{"session":"s1","agent":"builder","tool":"bash","valeu":"rm -rf /"}`,
			decision: "deny", reason: []string{"nobody is serving"}},
		{name: "claude with effort as an object (the default model) is decided", args: []string{"claude"},
			stdin:    `{"session_id":"s1","cwd":"/p","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":"/p/a.go"}}`,
			decision: "allow", reason: []string{"builtin:planner"}},
		{name: "json persona other than the pinned one", args: []string{"json", "--agent", "planner"},
			stdin: `{"session":"s1","agent":"builder","tool":"read","value":"x"}`, decision: "deny", reason: []string{`pinned to "planner"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, out, errb := testEnv(t, tt.stdin)
			for name, content := range tt.files {
				writeAgent(t, name, content)
			}
			code := run(append([]string{"gate"}, tt.args...), e)
			if code != tt.code || !strings.Contains(errb.String(), tt.stderr) {
				t.Fatalf("gate %q: exit %d, stderr %q; want exit %d, stderr with %q", tt.args, code, errb.String(), tt.code, tt.stderr)
			}
			if tt.decision == "" {
				return
			}
			action, reason := gateAnswer(t, tt.args[0], out.String())
			if action != tt.decision {
				t.Errorf("gate %q with %s: %s (%s), want %s", tt.args, tt.stdin, action, reason, tt.decision)
			}
			for _, want := range tt.reason {
				if !strings.Contains(reason, want) {
					t.Errorf("reason %q does not say %q", reason, want)
				}
			}
		})
	}
}

// gateAnswer reads the decision and reason from the gate's stdout, in either protocol, and
// checks that it is one line of JSON.
func gateAnswer(t *testing.T, proto, stdout string) (string, string) {
	t.Helper()
	if strings.Count(stdout, "\n") != 1 || !strings.HasSuffix(stdout, "\n") {
		t.Errorf("gate printed %q, want exactly one line", stdout)
	}
	if proto == "claude" {
		var out gate.ClaudeOutput
		if err := json.Unmarshal([]byte(stdout), &out); err != nil || out.HookSpecificOutput.HookEventName != "PreToolUse" {
			t.Fatalf("gate claude printed %q (%v), want hook output", stdout, err)
		}
		return out.HookSpecificOutput.PermissionDecision, out.HookSpecificOutput.PermissionDecisionReason
	}
	var out gate.NeutralResponse
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("gate json printed %q: %v", stdout, err)
	}
	return string(out.Action), out.Reason
}

// TestGateWithApp runs the gate command against an app model serving the agent dir's inbox in
// this process, as the desktop app does, with the session rules on disk.
func TestGateWithApp(t *testing.T) {
	shortGrace(t)
	e, _, _ := testEnv(t, "")
	writeAgent(t, "asker.md", asker)
	dirs := e.dirs()
	prompts := make(chan *inbox.Prompt, 4)
	srv := inbox.NewServer(inbox.In(dirs), approvals.New(sessions.Open(dirs), nil),
		func(r inbox.Request) (*engine.Policy, error) {
			p, ok := personas.Load(dirs).Lookup(r.Agent)
			if !ok {
				return nil, fmt.Errorf("the app cannot find persona %q", r.Agent)
			}
			pol, _, err := policy.For(dirs, p, "")
			return pol, err
		},
		func(_ context.Context, p *inbox.Prompt) { prompts <- p }, inbox.Poll(2*time.Millisecond))
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx) }()
	t.Cleanup(func() { cancel(); <-served })

	ask := func(command string) <-chan string {
		ch := make(chan string, 1)
		go func() {
			ch <- runGateCmd(claudeEvent(filepath.Join(os.Getenv("HOME"), "p"), "Bash", `{"command":`+quoteJSON(command)+`}`),
				"claude", "--agent", "asker", "--timeout", "10s")
		}()
		return ch
	}
	answer := func(p *inbox.Prompt, r approvals.Reply) {
		if err := p.Reply(r); err != nil {
			t.Fatal(err)
		}
	}
	next := func() *inbox.Prompt {
		select {
		case p := <-prompts:
			return p
		case <-time.After(time.Minute):
			t.Fatal("no prompt reached the app")
			return nil
		}
	}
	result := func(ch <-chan string, want string, reason string) {
		t.Helper()
		action, why := gateAnswer(t, "claude", <-ch)
		if action != want || !strings.Contains(why, reason) {
			t.Errorf("gate answered %s (%s), want %s with %q", action, why, want, reason)
		}
	}

	ch := ask("make test")
	answer(next(), approvals.Reply{Kind: approvals.Once})
	result(ch, "allow", "allowed this call once")

	ch = ask("go test ./...")
	p := next()
	if p.Request.Agent != "asker" || p.Request.Session != "s1" || p.Request.Value != "go test ./..." {
		t.Errorf("the app was asked %+v, want asker's go test in s1", p.Request)
	}
	answer(p, approvals.Reply{Kind: approvals.Always})
	result(ch, "allow", `"go test *"`)
	result(ask("go test ./gate/"), "allow", "session")

	ch = ask("curl example.com")
	answer(next(), approvals.Reply{Kind: approvals.Reject, Message: "no network"})
	result(ch, "deny", "no network")
	select {
	case p := <-prompts:
		t.Errorf("unexpected prompt for %q", p.Request.Value)
	default:
	}
}

func TestGateWritesTheReviewLog(t *testing.T) {
	e, _, _ := testEnv(t, claudeEvent("/p", "Read", `{"file_path":"/p/main.go"}`))
	if code := run([]string{"gate", "claude"}, e); code != 0 {
		t.Fatalf("gate claude exit %d", code)
	}
	entries, err := reviewlog.Read(e.dirs().ReviewLog(), reviewlog.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Fatalf("the review log holds %d entries, want the gate's one decision", len(entries))
	}
	got := entries[0]
	if got.Event != reviewlog.EventDecision || got.Session != "s1" || got.Agent != "planner" || got.Tool != "Read" ||
		got.Action != "allow" || got.Source != "builtin:planner" {
		t.Errorf("logged %+v, want planner's allow of the Read call in s1, from builtin:planner", got)
	}
}
