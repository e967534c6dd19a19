package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/policy"
)

// allowAll is a persona that allows everything: what an agent would write for itself.
const allowAll = `---
name: open
description: Allows every call
permissions:
  "*": allow
---
Anything goes.
`

// selfCall is one tool call of the built-in guard's end-to-end tests, in pi's tool names (check,
// serve) and Claude Code's (gate claude). A path that starts with "@" is under the project; one
// that starts with "%" under the agent dir.
type selfCall struct {
	tool, value string
}

// surfaceAnswer is what one front end answered.
type surfaceAnswer struct {
	action, reason string
	suggestions    []string
}

// selfguardWorld is a home with an agent dir, the allow-all persona, and a repository proj.
type selfguardWorld struct {
	t          *testing.T
	home, proj string
	agentDir   string
}

func newSelfguardWorld(t *testing.T) (*selfguardWorld, *env) {
	t.Helper()
	e, _, _ := testEnv(t, "")
	w := &selfguardWorld{t: t, home: os.Getenv("HOME"), agentDir: os.Getenv("PI_CODING_AGENT_DIR")}
	w.proj = filepath.Join(w.home, "proj")
	for _, d := range []string{filepath.Join(w.proj, ".git", "hooks"), filepath.Join(w.proj, ".pi", "agents")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeAgent(t, "open.md", allowAll)
	e.cwd = w.proj
	return w, e
}

// path expands the call's "@" (project) and "%" (agent dir) prefixes.
func (w *selfguardWorld) path(v string) string {
	v = strings.ReplaceAll(v, "@", w.proj+"/")
	return strings.ReplaceAll(v, "%", w.agentDir+"/")
}

// cli runs agentmgr with args as the person would, in the project, and fails on a non-zero exit.
func (w *selfguardWorld) cli(args ...string) string {
	w.t.Helper()
	e, out, errb := testEnvKeepHome(w.proj)
	if code := run(args, e); code != 0 {
		w.t.Fatalf("agentmgr %q: exit %d: %s", args, code, errb)
	}
	return out.String()
}

func testEnvKeepHome(cwd string) (*env, *strings.Builder, *strings.Builder) {
	var out, errb strings.Builder
	return &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: cwd, getenv: os.Getenv}, &out, &errb
}

// check decides c with `agentmgr check --json`.
func (w *selfguardWorld) check(agent, session string, c selfCall) surfaceAnswer {
	w.t.Helper()
	args := []string{"check", "--json", "--agent", agent}
	if session != "" {
		args = append(args, "--session", session)
	}
	out := w.cli(append(args, c.tool, w.path(c.value))...)
	var d struct{ Action, Reason, Source string }
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		w.t.Fatalf("check printed %q: %v", out, err)
	}
	return surfaceAnswer{action: d.Action, reason: d.Source + ": " + d.Reason}
}

// claudeTools are Claude Code's names and inputs for the calls' pi tools.
func claudeInput(c selfCall, value string) (string, string) {
	switch c.tool {
	case "write":
		return "Write", `{"file_path":` + quoteJSON(value) + `,"content":"x"}`
	case "edit":
		return "Edit", `{"file_path":` + quoteJSON(value) + `,"old_string":"a","new_string":"b"}`
	}
	return "Bash", `{"command":` + quoteJSON(value) + `}`
}

// gate decides c with `agentmgr gate claude` (session s1), with nobody serving.
func (w *selfguardWorld) gate(agent string, c selfCall) surfaceAnswer {
	w.t.Helper()
	tool, input := claudeInput(c, w.path(c.value))
	e, out, errb := testEnvKeepHome(w.home)
	e.stdin = strings.NewReader(claudeEvent(w.proj, tool, input))
	if code := run([]string{"gate", "claude", "--agent", agent, "--timeout", "1s"}, e); code != 0 {
		w.t.Fatalf("gate claude: exit %d: %s", code, errb)
	}
	action, reason := gateAnswer(w.t, "claude", out.String())
	return surfaceAnswer{action: action, reason: reason}
}

// serve decides c with `agentmgr serve --stdio` (session s1), as pi's extension asks.
func (w *selfguardWorld) serve(agent string, c selfCall) surfaceAnswer {
	w.t.Helper()
	input := `{"command":` + quoteJSON(w.path(c.value)) + `}`
	if c.tool != "bash" {
		input = `{"path":` + quoteJSON(w.path(c.value)) + `,"content":"x","oldText":"a","newText":"b"}`
	}
	req := `{"id":1,"type":"decide","session":"s1","cwd":` + quoteJSON(w.proj) + `,"agent":"` + agent + `","tool":"` + c.tool + `","input":` + input + "}\n"
	e, out, errb := testEnvKeepHome(w.home)
	e.stdin = strings.NewReader(req)
	if code := run([]string{"serve", "--stdio"}, e); code != 0 {
		w.t.Fatalf("serve: exit %d: %s", code, errb)
	}
	var r struct {
		Action, Reason, Source, Error string
		Suggestions                   []string
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(out.String())), &r); err != nil || r.Error != "" {
		w.t.Fatalf("serve answered %q (%v)", out, err)
	}
	return surfaceAnswer{action: r.Action, reason: r.Source + ": " + r.Reason, suggestions: r.Suggestions}
}

// TestBuiltinGuardAsksWhateverThePersonaSays: the agent cannot raise its own rights, whether
// its persona is builder, allows everything, runs with yolo on, or under a session whose
// rules allow everything; an "always" is never offered. Read-only agentmgr commands stay free.
func TestBuiltinGuardAsksWhateverThePersonaSays(t *testing.T) {
	asked := []struct {
		name string
		call selfCall
		says string // in the reason
	}{
		{"yolo on", selfCall{"bash", "agentmgr yolo on"}, "builtin guard"},
		{"a session rule allowing every command", selfCall{"bash", `agentmgr session allow S bash "*"`}, "builtin guard"},
		{"switching persona", selfCall{"bash", "agentmgr use x"}, "builtin guard"},
		{"agentmgr named by its path", selfCall{"bash", "/usr/local/bin/agentmgr yolo on"}, "builtin guard"},
		{"agentmgr through go run", selfCall{"bash", "go run ./cmd/agentmgr yolo on"}, "agentmgr yolo"},
		{"agentmgr inside a shell script", selfCall{"bash", `bash -c 'agentmgr rule builder add bash "*" allow'`}, "builtin guard"},
		{"installing the pi extension", selfCall{"bash", "agentmgr pi uninstall"}, "builtin guard"},
		{"trusting a project", selfCall{"bash", "agentmgr trust ."}, "builtin guard"},
		{"writing a project persona", selfCall{"write", "@.pi/agents/builder.md"}, "builtin guard"},
		{"editing the project's guards", selfCall{"edit", "@.pi/agent-manager/guards.yaml"}, "builtin guard"},
		{"writing the state file", selfCall{"write", "%agent-manager/state.json"}, "builtin guard"},
		{"writing a global persona", selfCall{"write", "%agents/open.md"}, "builtin guard"},
		{"a redirection into a project persona", selfCall{"bash", "echo '  \"*\": allow' >> .pi/agents/builder.md"}, "builtin guard"},
		{"tee into the guards file", selfCall{"bash", "echo x | tee .pi/agent-manager/guards.yaml"}, "builtin guard"},
		{"copying a persona in", selfCall{"bash", "cp /tmp/evil.md .pi/agents/builder.md"}, "builtin guard"},
		{"sed -i on a persona", selfCall{"bash", "sed -i s/ask/allow/ %agents/open.md"}, "builtin guard"},
		{"moving the project's .pi away", selfCall{"bash", "mv .pi .pi-old"}, "builtin guard"},
		{"a session file", selfCall{"bash", "echo '{}' > %agent-manager/sessions/s1.json"}, "builtin guard"},
	}
	free := []selfCall{
		{"bash", "agentmgr list"},
		{"bash", "agentmgr check --agent builder bash ls"},
		{"bash", "agentmgr show builder"},
		{"bash", "agentmgr session show s1"},
		{"bash", "agentmgr yolo"},
		{"bash", "agentmgr use"},
		{"bash", "agentmgr pi status"},
		{"bash", "cat .pi/agents/builder.md"},
		{"write", "@src/main.go"},
	}
	conditions := []struct {
		name, agent, session string
		yolo                 bool
	}{
		{name: "builder", agent: "builder"},
		{name: "an allow-all persona", agent: "open"},
		{name: "yolo on", agent: "open", yolo: true},
		{name: "a session allowing everything", agent: "open", session: "s1"},
	}
	for _, cond := range conditions {
		t.Run(cond.name, func(t *testing.T) {
			shortGrace(t)
			w, _ := newSelfguardWorld(t)
			if cond.yolo {
				w.cli("yolo", "on")
			}
			if cond.session != "" {
				for _, key := range []string{"bash", "edit", "write"} {
					w.cli("session", "allow", cond.session, key, "*")
				}
			}
			surfaces := map[string]func(selfCall) surfaceAnswer{
				"check": func(c selfCall) surfaceAnswer { return w.check(cond.agent, cond.session, c) },
				"gate":  func(c selfCall) surfaceAnswer { return w.gate(cond.agent, c) },
				"serve": func(c selfCall) surfaceAnswer { return w.serve(cond.agent, c) },
			}
			for _, name := range []string{"check", "gate", "serve"} {
				decide := surfaces[name]
				for _, tt := range asked {
					got := decide(tt.call)
					if got.action != "ask" || !strings.Contains(got.reason, tt.says) || len(got.suggestions) > 0 {
						t.Errorf("%s: %s (%s %q): %s (%s), suggestions %q; want ask saying %q and no suggestion",
							name, tt.name, tt.call.tool, tt.call.value, got.action, got.reason, got.suggestions, tt.says)
					}
				}
				if cond.agent != "builder" {
					continue // builder's own asks (rm, chmod) are not the point here
				}
				for _, c := range free {
					if got := decide(c); got.action != "allow" {
						t.Errorf("%s: %s %q: %s (%s), want allow: a read-only command or an ordinary file", name, c.tool, c.value, got.action, got.reason)
					}
				}
			}
		})
	}
}

// TestEveryCommandIsClassifiedForTheBuiltinGuard: a command added to the table must say whether
// it changes rules, state or trust (policy.GuardedCommands) or only reads
// (policy.ReadOnlyCommands), so that the built-in guard never misses a new one.
func TestEveryCommandIsClassifiedForTheBuiltinGuard(t *testing.T) {
	for _, c := range commands {
		guarded := slices.ContainsFunc(policy.GuardedCommands, func(g policy.GuardedCommand) bool { return g.Name == c.name })
		free := slices.Contains(policy.ReadOnlyCommands, c.name)
		if guarded == free {
			t.Errorf("command %q: guarded %v, read-only %v; it must be in exactly one of policy.GuardedCommands and policy.ReadOnlyCommands", c.name, guarded, free)
		}
	}
}

// TestReadOnlyCommandsAreCommands: the names the built-in guard lets the agent run are all
// commands of this binary (or help and version, which cli.go answers), so the list grants
// nothing a later command of that name could do unasked.
func TestReadOnlyCommandsAreCommands(t *testing.T) {
	for _, name := range policy.ReadOnlyCommands {
		if _, ok := lookup(name); !ok && name != "help" && name != "version" {
			t.Errorf("policy.ReadOnlyCommands lists %q, which is no command of agentmgr", name)
		}
	}
}

// TestExecutableConfigurationAsks: writing git's, npm's or pip's configuration by any means
// asks under builder, as `git config core.fsmonitor` does; and with `git diff` allowed, a
// repository whose .git/config names a program for it asks, naming the key and its file:line.
func TestExecutableConfigurationAsks(t *testing.T) {
	tests := []struct {
		name   string
		config string // the repository's .git/config, "" for the default
		call   selfCall
		want   string
		says   []string
	}{
		{name: "appending to .git/config", call: selfCall{"bash", "echo '[core] fsmonitor = ./x' >> .git/config"}, want: "ask", says: []string{"executable configuration", ".git/config"}},
		{name: "tee into a hook", call: selfCall{"bash", "echo evil | tee .git/hooks/pre-commit"}, want: "ask", says: []string{".git/hooks"}},
		{name: "copying a hook in", call: selfCall{"bash", "cp scripts/hook .git/hooks/post-checkout"}, want: "ask", says: []string{".git/hooks"}},
		{name: "sed -i on .git/config", call: selfCall{"bash", "sed -i s/a/b/ .git/config"}, want: "ask", says: []string{".git/config"}},
		{name: "writing .gitattributes", call: selfCall{"write", "@.gitattributes"}, want: "ask", says: []string{".gitattributes"}},
		{name: "writing .npmrc", call: selfCall{"write", "@.npmrc"}, want: "ask", says: []string{".npmrc"}},
		{name: "npm's script shell", call: selfCall{"bash", "npm config set script-shell /tmp/x"}, want: "ask", says: []string{"config"}},
		{name: "git config of a program key", call: selfCall{"bash", "git config core.fsmonitor /tmp/x"}, want: "ask", says: []string{"config"}},
		{name: "git diff under a diff.external", config: "[core]\n\tbare = false\n[diff]\n\texternal = /tmp/evil.sh\n",
			call: selfCall{"bash", "git diff"}, want: "ask", says: []string{"diff.external", ".git/config:4"}},
		{name: "git log through an included textconv", config: "[include]\n\tpath = more.cfg\n",
			call: selfCall{"bash", "git -C . log -p"}, want: "ask", says: []string{"diff.pdf.textconv", "more.cfg:2"}},
		{name: "git status under a fsmonitor", config: "[core]\n\tfsmonitor = .git/x\n", call: selfCall{"bash", "git status"}, want: "ask", says: []string{"core.fsmonitor"}},
		{name: "git diff in a plain repository", call: selfCall{"bash", "git diff"}, want: "allow"},
		{name: "git config of an identity key", call: selfCall{"bash", "git config user.email a@b.example"}, want: "allow"},
		{name: "an ordinary file", call: selfCall{"write", "@notes.txt"}, want: "allow"},
	}
	shortGrace(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := newSelfguardWorld(t)
			if tt.config != "" {
				if err := os.WriteFile(filepath.Join(w.proj, ".git", "config"), []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(w.proj, ".git", "more.cfg"), []byte("[diff \"pdf\"]\n\ttextconv = /tmp/evil.sh\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for name, decide := range map[string]func(selfCall) surfaceAnswer{
				"check": func(c selfCall) surfaceAnswer { return w.check("builder", "", c) },
				"gate":  func(c selfCall) surfaceAnswer { return w.gate("builder", c) },
				"serve": func(c selfCall) surfaceAnswer { return w.serve("builder", c) },
			} {
				got := decide(tt.call)
				if got.action != tt.want {
					t.Errorf("%s: %s %q = %s (%s), want %s", name, tt.call.tool, tt.call.value, got.action, got.reason, tt.want)
				}
				for _, s := range tt.says {
					if !strings.Contains(got.reason, s) {
						t.Errorf("%s: %s %q: reason %q does not say %q", name, tt.call.tool, tt.call.value, got.reason, s)
					}
				}
			}
		})
	}
}
