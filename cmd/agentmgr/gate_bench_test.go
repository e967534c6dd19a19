package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// BenchmarkGateCommand runs `agentmgr gate claude` in-process for a call the planner allows:
// reading stdin, loading the catalog, guards and session, deciding, logging and printing.
// Process start-up comes on top; docs/performance.md has the measurement of the binary.
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

// BenchmarkGateCommand1000 is BenchmarkGateCommand with 1,000 persona files in the agent dir,
// the active one among them: the gate parses the files that can define the active persona,
// not all of them (the name index is warm after the first call).
func BenchmarkGateCommand1000(b *testing.B) {
	g := newGateCatalog(b, 1000)
	g.call(b) // builds the name index, as the agent's first call does
	for b.Loop() {
		g.call(b)
	}
}

// gateCatalog is an agent dir of n persona files, settled an hour back as a catalog that is
// not being edited is, with one of them active, and the gate's environment over it.
type gateCatalog struct {
	e     *env
	out   *bytes.Buffer
	event string
}

func newGateCatalog(tb testing.TB, n int) *gateCatalog {
	tb.Helper()
	home := tb.TempDir()
	agent := home + "/agent"
	tb.Setenv("HOME", home)
	tb.Setenv("PI_CODING_AGENT_DIR", agent)
	if err := os.MkdirAll(agent+"/agents", 0o755); err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		body := fmt.Sprintf("---\ndescription: persona %d\npermissions:\n  \"*\": ask\n  read: allow\n  bash:\n    \"git *\": allow\n    \"rm *\": deny\n---\nYou are persona %d.\n", i, i)
		if err := os.WriteFile(fmt.Sprintf("%s/agents/p%04d.md", agent, i), []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	g := &gateCatalog{out: &bytes.Buffer{}, event: claudeEvent(home, "Read", `{"file_path":"`+home+`/main.go"}`)}
	g.e = &env{stdout: g.out, stderr: io.Discard, cwd: home, getenv: os.Getenv}
	if code := run([]string{"use", fmt.Sprintf("p%04d", n/2)}, g.e); code != 0 {
		tb.Fatalf("use p%04d failed", n/2)
	}
	testfiles.Settle(tb, home)
	return g
}

// call runs `agentmgr gate claude` for a Read the active persona allows.
func (g *gateCatalog) call(tb testing.TB) {
	g.out.Reset()
	g.e.stdin = strings.NewReader(g.event)
	if code := run([]string{"gate", "claude"}, g.e); code != 0 || !strings.Contains(g.out.String(), `"allow"`) {
		tb.Fatalf("exit %d: %s", code, g.out.String())
	}
}

// BenchmarkGateSubagentCall is BenchmarkGateCommand for a subagent's call: its chain is read
// from the session's record and two personas decide (the subagent's and the session's).
func BenchmarkGateSubagentCall(b *testing.B) {
	home := b.TempDir()
	b.Setenv("HOME", home)
	b.Setenv("PI_CODING_AGENT_DIR", home+"/agent")
	if err := os.MkdirAll(home+"/agent/agents", 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(home+"/agent/agents/cleaner.md", []byte(cleanerPersona), 0o644); err != nil {
		b.Fatal(err)
	}
	event := strings.Replace(claudeEvent(home, "Read", `{"file_path":"`+home+`/main.go"}`), `"session_id":"s1"`, `"session_id":"s1","agent_id":"a1","agent_type":"cleaner"`, 1)
	var out bytes.Buffer
	e := &env{stdout: &out, stderr: io.Discard, cwd: home, getenv: os.Getenv}
	for b.Loop() {
		out.Reset()
		e.stdin = strings.NewReader(event)
		if code := run([]string{"gate", "claude"}, e); code != 0 || !strings.Contains(out.String(), `"allow"`) || !strings.Contains(out.String(), "cleaner, with planner") {
			b.Fatalf("exit %d: %s", code, out.String())
		}
	}
}
