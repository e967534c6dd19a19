package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkGateProcess starts the agentmgr binary once per step for one `gate claude` call
// the planner allows, as Claude Code does for every tool call: process start, reading stdin,
// deciding, logging and printing. It builds ./cmd/agentmgr twice, as `make build` builds it
// (cgo on, no tags) and as the headless build (CGO_ENABLED=0 -tags ci), so that the two
// start-up costs are compared on the same machine in the same run: the hook path must not pay
// for the desktop app's libraries. AGENTMGR_BENCH_GATE_BIN adds a sub-benchmark for a given
// binary (an older build, to compare with).
func BenchmarkGateProcess(b *testing.B) {
	builds := []struct {
		name string
		env  []string
		args []string
	}{
		{"build=make", []string{"CGO_ENABLED=1"}, nil},
		{"build=headless", []string{"CGO_ENABLED=0"}, []string{"-tags", "ci"}},
	}
	for _, v := range builds {
		b.Run(v.name, func(b *testing.B) {
			benchGateProcess(b, buildAgentmgr(b, v.env, v.args))
		})
	}
	if bin := os.Getenv("AGENTMGR_BENCH_GATE_BIN"); bin != "" {
		b.Run("build=given", func(b *testing.B) { benchGateProcess(b, bin) })
	}
}

// buildAgentmgr builds this command into a temporary folder with the given environment and
// build flags, and returns the binary's path.
func buildAgentmgr(b *testing.B, env, args []string) string {
	b.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Fatalf("the go tool is needed to build the binary: %v", err)
	}
	bin := filepath.Join(b.TempDir(), "agentmgr")
	cmd := exec.Command(goTool, append(append([]string{"build", "-o", bin}, args...), ".")...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build %v: %v\n%s", args, err, out)
	}
	return bin
}

// benchGateProcess runs bin as the hook for one allowed Read per step.
func benchGateProcess(b *testing.B, bin string) {
	home := b.TempDir()
	env := append(os.Environ(), "HOME="+home, "PI_CODING_AGENT_DIR="+filepath.Join(home, "agent"), "LANG=C.UTF-8")
	event := claudeEvent(home, "Read", `{"file_path":"`+home+`/main.go"}`)
	var out bytes.Buffer
	for b.Loop() {
		out.Reset()
		cmd := exec.Command(bin, "gate", "claude")
		cmd.Dir, cmd.Env, cmd.Stdin, cmd.Stdout = home, env, strings.NewReader(event), &out
		if err := cmd.Run(); err != nil || !strings.Contains(out.String(), `"allow"`) {
			b.Fatalf("%s gate claude: %v: %s", bin, err, out.String())
		}
	}
}
