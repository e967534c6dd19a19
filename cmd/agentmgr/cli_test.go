package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeAgent writes a persona file into the test's global agents folder.
func writeAgent(t *testing.T, name, content string) string {
	t.Helper()
	dir := filepath.Join(os.Getenv("PI_CODING_AGENT_DIR"), "agents")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const reviewer = `---
name: reviewer
description: Reviews code
permissions:
  "*": deny
  read: allow
  bash:
    "git diff *": allow
    "rm *": {action: deny, reason: "no deleting"}
---
Review.
`

func TestCommands(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		files    map[string]string
		code     int
		stdout   []string // substrings that must appear
		stderr   []string
		noStdout []string
	}{
		{name: "help", args: []string{"--help"}, stdout: []string{"usage:", "eval", "check"}},
		// help's own help is the overview: asking it of help, under any spelling, once or
		// twice, had help call itself without end (a stack overflow).
		{name: "help of help", args: []string{"help", "--help"}, stdout: []string{"usage:", "eval", "check"}},
		{name: "help of -h", args: []string{"--help", "-h"}, stdout: []string{"usage:", "eval", "check"}},
		{name: "help help", args: []string{"help", "help"}, stdout: []string{"usage:", "eval", "check"}},
		{name: "unknown command", args: []string{"frobnicate"}, code: 2, stderr: []string{`unknown command "frobnicate"`}},
		{name: "command help", args: []string{"check", "--help"}, stdout: []string{"usage: agentmgr check"}},
		{name: "bad flag is usage", args: []string{"list", "--nope"}, code: 2, stderr: []string{"usage: agentmgr list"}},
		{name: "list shows built-ins and files", args: []string{"list"}, files: map[string]string{"reviewer.md": reviewer},
			stdout: []string{"planner", "builder", "reviewer", "global"}},
		{name: "broken file reported, others listed", args: []string{"list"},
			files:  map[string]string{"reviewer.md": reviewer, "broken.md": "---\ndescription: x\npermissions:\n  bash: block\n---\n"},
			stdout: []string{"reviewer"}, stderr: []string{"broken.md:4:"}},
		{name: "show rules with lines", args: []string{"show", "reviewer"}, files: map[string]string{"reviewer.md": reviewer},
			stdout: []string{`"git diff *"`, "reviewer.md:8", "hidden tools:", "mode"}},
		{name: "show unknown", args: []string{"show", "nobody"}, code: 1, stderr: []string{`no persona named "nobody"`}},
		{name: "show needs a name", args: []string{"show"}, code: 2},
		{name: "check explains the rule", args: []string{"check", "--agent", "reviewer", "bash", "git diff HEAD && rm x"},
			files:  map[string]string{"reviewer.md": reviewer},
			stdout: []string{"deny", `"rm *"`, "reviewer.md:9", "no deleting", `"git diff HEAD"`}},
		{name: "check default agent is planner", args: []string{"check", "bash", "ls"}, stdout: []string{"deny", "builtin:planner"}},
		{name: "check default ask", args: []string{"check", "--agent", "reviewer", "custom"}, files: map[string]string{"reviewer.md": reviewer},
			stdout: []string{"deny"}},
		{name: "check notes a Claude Code tool name", args: []string{"check", "--agent", "builder", "WebFetch", "https://x"},
			stderr: []string{"note: WebFetch is Claude Code's name for a tool decided under the \"webfetch\" key; `agentmgr check webfetch VALUE`"}},
		{name: "check decides Bash in any case as bash", args: []string{"check", "--agent", "builder", "BASH", "rm -rf x"},
			stdout: []string{`ask   bash "rm -rf x"`}},
		{name: "check too many args", args: []string{"check", "a", "b", "c"}, code: 2},
		{name: "tools", args: []string{"tools", "--agent", "reviewer", "--tool", "mytool"}, files: map[string]string{"reviewer.md": reviewer},
			stdout: []string{"active  read", "mytool"}},
		{name: "lint clean built-ins", args: []string{"lint", "planner", "builder"}, stdout: []string{"no findings"}},
		{name: "lint finds shadowed", args: []string{"lint", "late"},
			files:  map[string]string{"late.md": "---\ndescription: x\npermissions:\n  read: allow\n  \"*\": deny\n---\n"},
			stdout: []string{"late.md:4: shadowed", "catch-all-late"}},
		{name: "lint exits 1 on a broken file", args: []string{"lint"}, files: map[string]string{"broken.md": "---\npermissions: read\n---\n"}, code: 1,
			stdout: []string{"broken.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, out, errb := testEnv(t, "")
			for name, content := range tt.files {
				writeAgent(t, name, content)
			}
			code := run(tt.args, e)
			if code != tt.code {
				t.Errorf("agentmgr %v exited %d, want %d\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out, errb)
			}
			for _, s := range tt.stdout {
				if !strings.Contains(out.String(), s) {
					t.Errorf("agentmgr %v stdout lacks %q:\n%s", tt.args, s, out)
				}
			}
			for _, s := range tt.stderr {
				if !strings.Contains(errb.String(), s) {
					t.Errorf("agentmgr %v stderr lacks %q:\n%s", tt.args, s, errb)
				}
			}
		})
	}
}

func TestJSONOutputs(t *testing.T) {
	for _, args := range [][]string{
		{"list", "--json"}, {"show", "planner", "--json"}, {"tools", "--json"},
		{"check", "--json", "bash", "ls; rm x"}, {"lint", "--json"},
	} {
		e, out, _ := testEnv(t, "")
		if code := run(args, e); code != 0 {
			t.Errorf("agentmgr %v exited %d", args, code)
		}
		var v any
		if err := json.Unmarshal(out.Bytes(), &v); err != nil {
			t.Errorf("agentmgr %v printed invalid JSON: %v\n%s", args, err, out)
		}
	}
}

func TestEvalStreamKeepsGoing(t *testing.T) {
	in := `{"rules":[],"permission":"bash","value":"x"}` + "\n\nnot json\n" +
		`{"rules":[{"permission":"*","pattern":"*","action":"deny"}],"tools":["read"]}` + "\n" +
		`{"rules":[{"permission":"bash","pattern":"*","action":"allow"}],"tool":"bash","value":"ls"}`
	e, out, _ := testEnv(t, in)
	if code := run([]string{"eval"}, e); code != 0 {
		t.Fatalf("eval exited %d", code)
	}
	want := []string{
		`{"action":"ask","rule":null,"source":"default"}`,
		`{"error":"malformed request: invalid character 'o' in literal null (expecting 'u')"}`,
		`{"hidden":["read"],"active":[]}`,
		`{"action":"allow","rule":{"permission":"bash","pattern":"*","action":"allow"},"source":"rules","units":[{"text":"ls","action":"allow","rule":{"permission":"bash","pattern":"*","action":"allow"}}]}`,
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("eval answers:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestYolo(t *testing.T) {
	e, out, _ := testEnv(t, "")
	writeAgent(t, "asker.md", "---\ndescription: asks\npermissions:\n  \"*\": ask\n  bash:\n    \"rm *\": deny\n---\n")
	steps := []struct {
		args []string
		want string
	}{
		{[]string{"check", "--agent", "asker", "bash", "ls"}, "ask "},
		{[]string{"yolo", "on"}, "YOLO IS ON"},
		{[]string{"list"}, "YOLO IS ON"},
		{[]string{"check", "--agent", "asker", "bash", "ls"}, "allow"},
		{[]string{"check", "--agent", "asker", "bash", "rm x"}, "deny"},
		{[]string{"check", "--agent", "asker", "bash", "$X y"}, "ask "},
		{[]string{"yolo", "off"}, "yolo is off"},
		{[]string{"check", "--agent", "asker", "bash", "ls"}, "ask "},
	}
	for _, s := range steps {
		out.Reset()
		if code := run(s.args, e); code != 0 {
			t.Fatalf("agentmgr %v exited %d", s.args, code)
		}
		if !strings.Contains(out.String(), s.want) {
			t.Errorf("agentmgr %v printed %q, want it to contain %q", s.args, out, s.want)
		}
	}
	run([]string{"yolo", "on"}, e)
	e.stdin = strings.NewReader(`{"agent":"asker","tool":"bash","value":"ls"}` + "\n")
	out.Reset()
	if run([]string{"eval"}, e); !strings.HasPrefix(out.String(), `{"action":"ask"`) {
		t.Errorf("eval must not apply yolo: %s", out)
	}
	if code := run([]string{"yolo", "maybe"}, e); code != 2 {
		t.Errorf("yolo maybe exited %d, want 2", code)
	}
}
