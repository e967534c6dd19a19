package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchPersona is a persona file with a dozen rules and 20 examples, all passing.
func benchPersona(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nname: p%03d\ndescription: persona %d\npermissions:\n  \"*\": ask\n  read: allow\n  grep: allow\n  edit:\n    \"*\": allow\n    \"*.env\": deny\n    \"~/.ssh/*\": deny\n  bash:\n    \"git *\": allow\n    \"git push *\": ask\n    \"go *\": allow\n    \"rm *\": deny\n    \"sudo *\": deny\n  webfetch: deny\nexamples:\n", i, i)
	b.WriteString(`  allow: ["read: src/main.go", "grep: TODO", "edit: pkg/a.go", "bash: git status", "bash: git diff HEAD", "bash: go test ./...", "bash: go build ./... && go vet ./...", "bash: git log --oneline"]` + "\n")
	b.WriteString(`  ask: ["bash: git push origin main", "bash: make", "bash: npm install", "todo", "task: explore", "bash: python3 -c 'print(1)'"]` + "\n")
	b.WriteString(`  deny: ["bash: rm -rf /", "bash: sudo rm -rf build", "edit: .env", "edit: ~/.ssh/config", "webfetch: https://x.test", "bash: git status && rm x"]` + "\n")
	b.WriteString("---\nBench.\n")
	return b.String()
}

// BenchmarkTestCommand runs `agentmgr test` in-process over 100 personas of 20 examples each:
// reading and parsing the files, then deciding every example. The target is under 50 ms.
func BenchmarkTestCommand(b *testing.B) {
	home := b.TempDir()
	b.Setenv("HOME", home)
	b.Setenv("PI_CODING_AGENT_DIR", filepath.Join(home, "agent"))
	dir := filepath.Join(home, "agent", "agents")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	for i := range 100 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%03d.md", i)), []byte(benchPersona(i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var out strings.Builder
	e := &env{stdout: &out, stderr: io.Discard, cwd: home, getenv: os.Getenv}
	for b.Loop() {
		out.Reset()
		if code := run([]string{"test"}, e); code != 0 {
			b.Fatalf("exit %d: %s", code, out.String())
		}
	}
	if !strings.HasPrefix(out.String(), "0 of 2018 examples failed in 102 personas") {
		b.Fatalf("test printed %q", out.String())
	}
}
