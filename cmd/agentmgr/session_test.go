package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals/storetest"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

// sessionAsker asks for everything except what it denies, so that session rules show.
const sessionAsker = `---
name: sasker
description: Asks first
permissions:
  "*": ask
  edit:
    "*.env": deny
---
Ask.
`

// step is one CLI run of a scenario that shares its agent dir with the steps before it.
// step is one agentmgr command of a session and what it must do: its exit code, substrings of
// its output, and (noStderr) an empty error stream.
type step struct {
	args     []string
	stdin    string
	code     int
	stdout   []string // substrings that must appear
	stderr   []string
	noStderr bool
	fileName string // when set, the agent file of this name must hold fileWant afterwards
	fileWant string
}

func runSteps(t *testing.T, steps []step) {
	t.Helper()
	e, out, errb := testEnv(t, "")
	writeAgent(t, "sasker.md", sessionAsker)
	for i, s := range steps {
		runStep(t, e, out, errb, i, s)
	}
}

// runStep runs step s (the i-th) in e, whose output goes to out and errb, and checks what it
// did. It reports whether the command exited as it must; what follows a wrong exit rarely
// means anything.
func runStep(t *testing.T, e *env, out, errb *bytes.Buffer, i int, s step) bool {
	t.Helper()
	out.Reset()
	errb.Reset()
	e.stdin = bufio.NewReader(strings.NewReader(s.stdin))
	code := run(s.args, e)
	if code != s.code {
		t.Errorf("step %d: agentmgr %q exited %d, want %d\nstdout: %s\nstderr: %s", i+1, s.args, code, s.code, out, errb)
	}
	for _, want := range s.stdout {
		if !strings.Contains(out.String(), want) {
			t.Errorf("step %d: agentmgr %q stdout lacks %q:\n%s", i+1, s.args, want, out)
		}
	}
	for _, want := range s.stderr {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("step %d: agentmgr %q stderr lacks %q:\n%s", i+1, s.args, want, errb)
		}
	}
	if s.noStderr && errb.Len() > 0 {
		t.Errorf("step %d: agentmgr %q printed on stderr:\n%s\nwant nothing", i+1, s.args, errb)
	}
	if s.fileName != "" {
		b, _ := os.ReadFile(filepath.Join(os.Getenv("PI_CODING_AGENT_DIR"), "agents", s.fileName))
		if string(b) != s.fileWant {
			t.Errorf("step %d: after agentmgr %q, %s holds\n%s\nwant\n%s", i+1, s.args, s.fileName, b, s.fileWant)
		}
	}
	return code == s.code
}

func TestSessionCommands(t *testing.T) {
	runSteps(t, []step{
		{args: []string{"session", "list"}, stdout: []string{"no session holds rules"}},
		{args: []string{"session", "allow", "s1", "bash", "git push *"}, stdout: []string{`session s1: rule 1 "bash" "git push *" allow  (revision 1)`}},
		{args: []string{"session", "deny", "s1", "read", "*.key", "--reason", "keys stay"}, stdout: []string{`rule 2 "read" "*.key" deny  (revision 2)`}},
		{args: []string{"session", "allow", "s1", "write", "src/*"}, stdout: []string{`rule 3 "edit" "src/*" allow`}, stderr: []string{`write is a tool of the "edit" permission key`}},
		{args: []string{"session", "show", "s1"}, stdout: []string{"session s1  revision 3  generation 1", `1  allow  bash  "git push *"`, `2  deny   read  "*.key"  keys stay`, `3  allow  edit  "src/*"`}},
		{args: []string{"session", "list"}, stdout: []string{"SESSION", "s1       3      3"}},
		// The session's rules apply on top of the persona, never over its deny.
		{args: []string{"check", "--agent", "sasker", "--session", "s1", "bash", "git push origin"}, stdout: []string{"allow", "(session)"}},
		{args: []string{"check", "--agent", "sasker", "bash", "git push origin"}, stdout: []string{"ask"}},
		{args: []string{"check", "--agent", "sasker", "--session", "s1", "edit", "src/.env"}, stdout: []string{"deny", "sasker.md"}},
		{args: []string{"check", "--agent", "planner", "--session", "s1", "bash", "git push origin"}, stdout: []string{"deny", "builtin:planner"}},
		{args: []string{"eval"}, stdin: `{"agent":"sasker","session":"s1","tool":"write","value":"src/a.go"}` + "\n",
			stdout: []string{`{"action":"allow","rule":{"permission":"edit","pattern":"src/*","action":"allow"},"source":"session"}`}},
		{args: []string{"session", "revoke", "s1", "9"}, code: 1, stderr: []string{`session "s1" has 3 rule(s); there is no rule 9`}},
		{args: []string{"session", "revoke", "s1", "two"}, code: 2, stderr: []string{"INDEX must be a rule number"}},
		{args: []string{"session", "revoke", "--revision", "2", "s1", "1"}, code: 1, stderr: []string{"changed since it was read (read revision 2, the store holds 3)"}},
		{args: []string{"session", "revoke", "s1", "2"}, stdout: []string{`revoked rule 2 "read" "*.key" deny  (revision 4, 2 rule(s) left)`}},
		{args: []string{"session", "show", "s1"}, stdout: []string{`2  allow  edit  "src/*"`}},
		{args: []string{"session", "clear", "s1"}, stdout: []string{"cleared 2 rule(s)  (revision 5 is kept"}},
		{args: []string{"session", "show", "s1"}, code: 1, stderr: []string{"no such session"}},
		{args: []string{"session", "clear", "s1"}, code: 1, stderr: []string{"no such session"}},
		{args: []string{"session", "allow", "s1", "bash", "ls *"}, stdout: []string{"rule 1", "(revision 6)"}},
		{args: []string{"session", "show", "s1"}, stdout: []string{"revision 6  generation 2"}},
		{args: []string{"session", "list", "--json"}, stdout: []string{`"id": "s1"`, `"index": 1`, `"generation": 2`}},
	})
}

func TestSessionUsageErrors(t *testing.T) {
	runSteps(t, []step{
		{args: []string{"session"}, code: 2, stderr: []string{"give a session command"}},
		{args: []string{"session", "forget", "s1"}, code: 2, stderr: []string{`unknown session command "forget"`}},
		{args: []string{"session", "allow", "s1", "bash"}, code: 2, stderr: []string{"session allow takes 3 argument(s), got 2"}},
		{args: []string{"session", "allow", "s1", "bash", "x", "--reason", "r"}, code: 2, stderr: []string{"--reason goes with deny"}},
		{args: []string{"session", "allow", "../evil", "bash", "x"}, code: 1, stderr: []string{"invalid session id"}},
		{args: []string{"session", "show", "nobody"}, code: 1, stderr: []string{"no such session"}},
		{args: []string{"session", "--help"}, stdout: []string{"usage: agentmgr session", "agent-manager/sessions/<ID>.json"}},
		{args: []string{"check", "--session", "a/b", "bash", "ls"}, code: 1, stderr: []string{"invalid session id"}},
	})
}

func TestSessionShowJSON(t *testing.T) {
	e, out, _ := testEnv(t, "")
	for _, args := range [][]string{
		{"session", "deny", "s1", "bash", "rm *", "--reason", "no"},
		{"session", "show", "--json", "s1"},
	} {
		out.Reset()
		if code := run(args, e); code != 0 {
			t.Fatalf("agentmgr %q exited %d", args, code)
		}
	}
	var got sessionJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("show --json printed invalid JSON: %v\n%s", err, out)
	}
	want := sessionRuleJSON{Index: 1, Permission: "bash", Pattern: "rm *", Action: "deny", Reason: "no"}
	if got.ID != "s1" || got.Revision != 1 || len(got.Rules) != 1 || got.Rules[0] != want {
		t.Errorf("show --json = %+v, want s1 at revision 1 with %+v", got, want)
	}
}

// The tests below run the CLI in other OS processes: this test binary, re-run with
// cliHelperEnv set, runs the CLI instead of the tests.
const cliHelperEnv = "AGENTMGR_CLI_TEST_HELPER"

func TestCLIHelperProcess(t *testing.T) {
	mode := os.Getenv(cliHelperEnv)
	if mode == "" {
		t.Skip("runs the CLI for the multi-process tests")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	switch mode {
	case "run":
		os.Exit(run(args, newEnv()))
	case "allow-many":
		// args: ID WRITER COUNT; one CLI run per rule, as a script calling agentmgr would.
		writer, count := args[1], atoi(args[2])
		for k := 0; k < count; k++ {
			if code := run([]string{"session", "allow", args[0], "bash", fmt.Sprintf("w%s-%d", writer, k)}, newEnv()); code != 0 {
				os.Exit(code)
			}
		}
		os.Exit(0)
	case "rule-add-many":
		// args: PERSONA WRITER COUNT; one CLI run per rule. Each run's outcome is one line:
		// "saved K" or "failed K: message".
		writer, count := args[1], atoi(args[2])
		for k := 0; k < count; k++ {
			var out, errb bytes.Buffer
			e := newEnv()
			e.stdout, e.stderr = &out, &errb
			pattern := fmt.Sprintf("w%s-%d *", writer, k)
			if code := run([]string{"rule", "add", args[0], "bash", pattern, "allow"}, e); code == 0 && strings.HasPrefix(out.String(), "saved ") {
				fmt.Printf("saved %s\n", pattern)
			} else {
				fmt.Printf("failed %s: %s\n", pattern, strings.TrimSpace(errb.String()))
			}
		}
		os.Exit(0)
	}
	os.Exit(3)
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func cliHelper(t *testing.T, mode, agentDir string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestCLIHelperProcess$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), cliHelperEnv+"="+mode, locations.AgentDirEnv+"="+agentDir)
	return cmd
}

// twoCLIHelpers runs two CLI helper processes in mode at once, the w-th with the arguments
// name, w and each, and returns the lines each printed. A process that fails fails the test.
func twoCLIHelpers(t *testing.T, mode, agentDir, name string, each int) [][]string {
	t.Helper()
	var cmds []*exec.Cmd
	var outs, errs []*bytes.Buffer
	for w := 0; w < 2; w++ {
		cmd := cliHelper(t, mode, agentDir, name, strconv.Itoa(w), strconv.Itoa(each))
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		cmds, outs, errs = append(cmds, cmd), append(outs, &out), append(errs, &errb)
	}
	for _, cmd := range cmds {
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
	}
	lines := make([][]string, len(cmds))
	for w, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("CLI process %d: %v\n%s", w, err, errs[w])
		}
		lines[w] = strings.Split(strings.TrimSpace(outs[w].String()), "\n")
	}
	return lines
}

func TestSessionAllowFromTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns CLI processes")
	}
	const each = 200
	agentDir := filepath.Join(t.TempDir(), "agent")
	outs := twoCLIHelpers(t, "allow-many", agentDir, "shared", each)
	revs := make([][]uint64, len(outs))
	for w, lines := range outs {
		for _, line := range lines {
			i := strings.LastIndex(line, "(revision ")
			if i < 0 {
				t.Fatalf("CLI process %d printed %q", w, line)
			}
			r, err := strconv.ParseUint(strings.TrimSuffix(line[i+len("(revision "):], ")"), 10, 64)
			if err != nil {
				t.Fatalf("CLI process %d printed %q", w, line)
			}
			revs[w] = append(revs[w], r)
		}
	}
	got, err := sessions.Open(locations.Dirs{Agent: agentDir}).Get("shared")
	if err != nil {
		t.Fatal(err)
	}
	if err := storetest.CheckAppends(got, 2, each, revs); err != nil {
		t.Error(err)
	}
}

func TestLogFollowUntilInterrupted(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("spawns a CLI process and interrupts it")
	}
	agentDir := filepath.Join(t.TempDir(), "agent")
	l := reviewlog.Open(locations.Dirs{Agent: agentDir})
	if err := l.Append(reviewlog.Entry{Event: reviewlog.EventDecision, Session: "s1", Tool: "bash", Values: []string{"old"}, Action: "allow"}); err != nil {
		t.Fatal(err)
	}
	cmd := cliHelper(t, "run", agentDir, "log", "--follow", "--json")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	next := func() reviewlog.Entry {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("log --follow ended early: %v", lines.Err())
		}
		en, err := reviewlog.ParseLine(lines.Bytes())
		if err != nil {
			t.Fatalf("log --follow --json printed %q: %v", lines.Text(), err)
		}
		return en
	}
	if en := next(); en.Values[0] != "old" {
		t.Errorf("first followed entry = %v, want the backlog's", en.Values)
	}
	if err := l.Append(reviewlog.Entry{Event: reviewlog.EventReply, Session: "s1", Tool: "bash", Values: []string{"new"}, Action: "deny", By: "person", Reply: "reject"}); err != nil {
		t.Fatal(err)
	}
	if en := next(); en.Values[0] != "new" || en.By != "person" {
		t.Errorf("followed entry = %+v, want the new reply", en)
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("log --follow after Ctrl-C: %v, want exit 0", err)
		}
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		t.Fatal("log --follow did not stop on Ctrl-C")
	}
}

// The review log names a subagent's calls by its parent's session id; its rules are kept under
// the subagent's own key. show ID finds them.
func TestSessionShowFindsTheSubagentsOfALoggedSession(t *testing.T) {
	runSteps(t, []step{
		{args: []string{"session", "allow", "s7.agent-a1", "bash", "ls *"}, stdout: []string{"rule 1"}},
		{args: []string{"session", "show", "s7"}, stdout: []string{"session s7.agent-a1  revision 1", `1  allow  bash  "ls *"`}},
		{args: []string{"session", "allow", "s7", "read", "*"}, stdout: []string{"rule 1"}},
		{args: []string{"session", "show", "s7"}, stdout: []string{"session s7  revision 1", `1  allow  read  "*"`, "session s7.agent-a1  revision 1"}},
		{args: []string{"session", "show", "--json", "s7"}, stdout: []string{`"id": "s7"`, `"id": "s7.agent-a1"`}},
		{args: []string{"session", "show", "s8"}, code: 1, stderr: []string{"no such session", "or its subagents (s8.agent-*)", "agentmgr session list"}},
	})
}
