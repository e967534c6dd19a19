package pi

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkExtensionDecision is a decision as the pi extension sees it: its own client class
// (Node 22) sends decide to a running `agentmgr serve --stdio` and waits for the answer. The
// target is a median of at most 1 ms; the figures are reported as median-ns and p90-ns.
func BenchmarkExtensionDecision(b *testing.B) {
	tools := findPi(b)
	bin := agentmgrBinary(b)
	dir := b.TempDir()
	ext := filepath.Join(dir, "index.ts")
	if err := os.WriteFile(ext, Render(bin, "bench"), 0o644); err != nil {
		b.Fatal(err)
	}
	agent := filepath.Join(dir, "agent")
	if err := os.MkdirAll(filepath.Join(agent, "agents"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(agent, "agents", "bench.md"), []byte("---\ndescription: b\npermissions:\n  \"*\": ask\n  bash:\n    \"ls *\": allow\n    \"git *\": allow\n---\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(agent, "agent-manager"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(agent, "agent-manager", "state.json"), []byte(`{"active":"bench"}`), 0o644); err != nil {
		b.Fatal(err)
	}
	script, _ := filepath.Abs(filepath.Join("testdata", "bench.mjs"))
	b.ResetTimer()
	cmd := exec.Command(tools.node, "--experimental-strip-types", "--no-warnings", script, ext, dir, strconv.Itoa(max(b.N, 100)))
	cmd.Env = append(os.Environ(), "PI_CODING_AGENT_DIR="+agent)
	out, err := cmd.Output()
	b.StopTimer()
	if err != nil {
		b.Fatalf("bench.mjs: %v\n%s", err, out)
	}
	var r struct{ Median, P90 float64 }
	if err := json.Unmarshal(out, &r); err != nil {
		b.Fatalf("bench.mjs printed %q: %v", out, err)
	}
	b.ReportMetric(r.Median, "median-ns")
	b.ReportMetric(r.P90, "p90-ns")
}
