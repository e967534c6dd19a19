package shell

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// benchCommands are representative calls: plain, compound, wrapped and
// nested.
var benchCommands = []string{
	"ls -la",
	"git status && git diff --stat",
	`cd src && go test ./... 2>&1 | tail -n 20`,
	`FOO=1 npm run build -- --watch`,
	`sudo -u root env LANG=C timeout 5 rm -rf ./build`,
	`bash -lc 'for f in *.go; do gofmt -l "$f"; done'`,
	`find . -name '*.tmp' -exec rm -f {} \; && echo "$(date) cleaned"`,
	"if [ -f go.mod ]; then go build ./...; else make; fi",
}

func BenchmarkAnalyze(b *testing.B) {
	for _, cmd := range benchCommands {
		b.Run(cmd, func(b *testing.B) {
			for b.Loop() {
				Analyze(cmd)
			}
		})
	}
}

// BenchmarkAnalyzeWorkload analyses the shared workload's shell commands,
// one command per step, so ns/op is the time per command.
func BenchmarkAnalyzeWorkload(b *testing.B) {
	commands := workloadCommands(b)
	i := 0
	for b.Loop() {
		Analyze(commands[i])
		i++
		if i == len(commands) {
			i = 0
		}
	}
}

// workloadCommands reads the shell commands of testdata/bench/workload.json at the repository
// root; the file is a fixture of the repository, so a missing one fails.
func workloadCommands(tb testing.TB) []string {
	tb.Helper()
	root, err := repoRoot()
	if err != nil {
		tb.Fatalf("repository root not found: %v", err)
	}
	data, err := os.ReadFile(filepath.Join(root, "testdata", "bench", "workload.json"))
	if err != nil {
		tb.Fatalf("workload: %v", err)
	}
	var w struct {
		Bash struct {
			Commands []string `json:"commands"`
		} `json:"bash"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		tb.Fatalf("workload.json: %v", err)
	}
	if len(w.Bash.Commands) == 0 {
		tb.Fatal("workload.json has no bash commands")
	}
	return w.Bash.Commands
}

// repoRoot finds the directory holding go.mod, from the test's directory up.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
