package e2etest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Run runs the program bin with args in dir, in exactly the environment env, and returns its
// stdout. A failure fails the test with what the program printed on both streams.
func Run(t testing.TB, bin, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.Output()
	if err != nil {
		stderr := ""
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			stderr = string(ee.Stderr)
		}
		t.Fatalf("%s %s: %v\n%s%s", filepath.Base(bin), strings.Join(args, " "), err, out, stderr)
	}
	return string(out)
}

// BrokenServe writes into dir a stand-in for `agentmgr serve --stdio` that breaks both ways
// a runtime's extension or plugin must survive closed, and returns its path. It answers hello
// like serve (and whatever more cases says, in sh's case syntax, with $id the request's id),
// never answers a request that names late.txt, and answers any other with a line that is not
// JSON.
func BrokenServe(t testing.TB, dir string, cases ...string) string {
	t.Helper()
	script := `#!/bin/sh
while IFS= read -r line; do
	id=$(echo "$line" | sed 's/^{"id":\([0-9]*\),.*/\1/')
	case "$line" in
	*'"type":"hello"'*) echo "{\"id\":$id,\"version\":\"0.0.1\"}" ;;
` + strings.Join(prefixed("\t", cases), "") + `	*late.txt*) ;;
	*) echo "this is not json" ;;
	esac
done
`
	path := filepath.Join(dir, "fake-agentmgr")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// prefixed is each line with prefix before it and a newline after it.
func prefixed(prefix string, lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = prefix + l + "\n"
	}
	return out
}

// The pinned runtimes the Codex and Gemini CLI tests run; the Makefile's deps-codex and
// deps-gemini install them from npm.
const (
	CodexVersion  = "0.171.0"
	GeminiVersion = "0.61.0"
)

// Codex finds the pinned Codex: $AGENTMGR_TEST_CODEX, else where `make test` installs it.
// Without it the test is skipped, except under CI=true, where it fails.
func Codex(t testing.TB) string {
	t.Helper()
	return cached(t, "AGENTMGR_TEST_CODEX", "Codex "+CodexVersion, "deps-codex", "codex", "node_modules", ".bin", "codex")
}

// Gemini finds the pinned Gemini CLI: $AGENTMGR_TEST_GEMINI_BIN, else where `make test`
// installs it. Without it the test is skipped, except under CI=true, where it fails.
func Gemini(t testing.TB) string {
	t.Helper()
	return cached(t, "AGENTMGR_TEST_GEMINI_BIN", "Gemini CLI "+GeminiVersion, "deps-gemini", "gemini", "node_modules", ".bin", "gemini")
}

// cached is the program $env names, else the one under the test cache ~/.cache/agentmgr-test.
func cached(t testing.TB, env, what, target string, under ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("a real-tool end-to-end test: the quick tier (go test -short, make check) leaves it out")
	}
	bin := os.Getenv(env)
	if bin == "" {
		if home, err := os.UserHomeDir(); err == nil {
			bin = filepath.Join(append([]string{home, ".cache", "agentmgr-test"}, under...)...)
		}
	}
	if _, err := os.Stat(bin); err != nil {
		Missing(t, what+" is not installed ("+bin+"); `make "+target+"` installs it from npm")
	}
	return bin
}
