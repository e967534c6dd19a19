package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

// BenchmarkGateCommand runs `agentmgr gate claude` in-process for a call the planner allows:
// reading stdin, loading the catalog, guards and session, deciding, logging and printing.
// Process start-up comes on top; docs/readme/gate.md has the measurement of the binary.
func BenchmarkGateCommand(b *testing.B) {
	home := b.TempDir()
	b.Setenv("HOME", home)
	b.Setenv("PI_CODING_AGENT_DIR", home+"/agent")
	event := claudeEvent(home, "Read", `{"file_path":"`+home+`/main.go"}`)
	var out bytes.Buffer
	e := &env{stdout: &out, stderr: io.Discard, cwd: home, getenv: os.Getenv}
	for b.Loop() {
		out.Reset()
		e.stdin = strings.NewReader(event)
		if code := run([]string{"gate", "claude"}, e); code != 0 || !strings.Contains(out.String(), `"allow"`) {
			b.Fatalf("exit %d: %s", code, out.String())
		}
	}
}
