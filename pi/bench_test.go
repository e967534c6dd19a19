package pi

import (
	"os"
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
	script := tools.script("bench.mjs", ext, dir, strconv.Itoa(max(b.N, 100)))
	script.Env = append(os.Environ(), "PI_CODING_AGENT_DIR="+agent)
	var r struct{ Median, P90 float64 }
	b.ResetTimer()
	script.JSON(b, nil, &r)
	b.StopTimer()
	b.ReportMetric(r.Median, "median-ns")
	b.ReportMetric(r.P90, "p90-ns")
}
