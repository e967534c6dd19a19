//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// hostileFolders puts a FIFO nobody writes to and a link to /dev/zero, each named like a
// persona, in the global agents folder and in a project's .pi/agents, next to a good persona
// (asker); it returns the project.
func hostileFolders(t *testing.T) string {
	t.Helper()
	writeAgent(t, "asker.md", asker)
	proj := filepath.Join(os.Getenv("HOME"), "proj")
	global := filepath.Join(os.Getenv("PI_CODING_AGENT_DIR"), "agents")
	local := filepath.Join(proj, ".pi", "agents")
	for _, d := range []string{filepath.Join(proj, ".git"), local} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{global, local} {
		if err := syscall.Mkfifo(filepath.Join(d, "fifo.md"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("/dev/zero", filepath.Join(d, "zero.md")); err != nil {
			t.Fatal(err)
		}
	}
	// Trusted, so that the project's files are read (and these skipped); trusting reads
	// neither either.
	trustCmd(t, proj)
	return proj
}

// A FIFO or a /dev/zero link among the personas is reported and skipped: check, gate claude
// and serve answer at once with the personas that load (a built-in active, or a file next to
// them), instead of blocking on the FIFO or reading /dev/zero until memory runs out.
func TestHostileFilesAreSkippedNotRead(t *testing.T) {
	shortGrace(t)
	e, out, errb := testEnv(t, "")
	proj := hostileFolders(t)
	e.cwd = proj

	if code := run([]string{"check", "read", "main.go"}, e); code != 0 || !strings.HasPrefix(out.String(), "allow") {
		t.Fatalf("check read under the built-in planner: exit %d, %q, stderr %q; want allow", code, out, errb)
	}
	if !strings.Contains(errb.String(), "4 other persona files failed to load") {
		t.Errorf("check's note %q does not count the 4 files", errb)
	}
	out.Reset()
	run([]string{"lint"}, e)
	for _, says := range []string{"fifo.md", "a named pipe (FIFO)", "zero.md", "a character device", "skipped"} {
		if !strings.Contains(out.String(), says) {
			t.Errorf("lint's problems %q do not say %q", out, says)
		}
	}
	out.Reset()
	if run([]string{"check", "--agent", "asker", "bash", "make"}, e); !strings.HasPrefix(out.String(), "ask") {
		t.Errorf("check with the persona next to the FIFO: %q, want ask", out)
	}

	answer := runGateCmd(claudeEvent(proj, "Read", `{"file_path":`+quoteJSON(proj+"/main.go")+`}`), "claude")
	if action, reason := gateAnswer(t, "claude", answer); action != "allow" {
		t.Errorf("gate claude with a FIFO in .pi/agents: %s (%s), want allow by the built-in planner", action, reason)
	}

	e2, out2, errb2 := testEnv(t, `{"id":1,"type":"decide","session":"s1","tool":"read","cwd":`+quoteJSON(proj)+`,"input":{"path":"main.go"}}`+"\n")
	hostileFolders(t)
	e2.cwd = proj
	if code := run([]string{"serve", "--stdio"}, e2); code != 0 || !strings.Contains(out2.String(), `"action":"allow"`) {
		t.Errorf("serve with a FIFO among the personas: exit %d, %q, stderr %q; want allow", code, out2, errb2)
	}
}

// A backups folder that is a symbolic link (a repository or the agent can plant one) is not
// written through: set refuses, says why, and leaves the persona and the link's target alone.
func TestSetRefusesALinkedBackupsFolder(t *testing.T) {
	e, _, errb := testEnv(t, "")
	path := writeAgent(t, "asker.md", asker)
	outside := t.TempDir()
	manager := filepath.Join(os.Getenv("PI_CODING_AGENT_DIR"), "agent-manager")
	os.MkdirAll(manager, 0o755)
	if err := os.Symlink(outside, filepath.Join(manager, "backups")); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"set", "asker", "description", "changed"}, e); code == 0 || !strings.Contains(errb.String(), "is a symbolic link") {
		t.Errorf("set through a linked backups folder: exit %d, stderr %q; want a refusal naming the link", code, errb)
	}
	if data, _ := os.ReadFile(path); string(data) != asker {
		t.Errorf("the persona changed although its backup was refused:\n%s", data)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("a backup was written through the link: %v", ents)
	}
}
