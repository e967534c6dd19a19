package e2etest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMissing runs itself as a child with and without CI=true: a missing program must fail
// the one and skip the other.
func TestMissing(t *testing.T) {
	if os.Getenv("E2ETEST_CHILD") == "1" {
		Missing(t, "the tool is not there")
		return
	}
	for _, tc := range []struct {
		name, ci string
		fails    bool
		output   string
	}{
		{"on CI it fails", "true", true, "--- FAIL: TestMissing"},
		{"elsewhere it skips", "", false, "--- SKIP: TestMissing"},
		{"any other CI value skips", "1", false, "--- SKIP: TestMissing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestMissing$", "-test.v")
			cmd.Env = append(os.Environ(), "E2ETEST_CHILD=1", "CI="+tc.ci)
			out, err := cmd.CombinedOutput()
			if (err != nil) != tc.fails || !strings.Contains(string(out), tc.output) || !strings.Contains(string(out), "the tool is not there") {
				t.Errorf("child: %v\n%s", err, out)
			}
		})
	}
}

func TestAgentmgrBuildsOnceAndCleanupRemovesIt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the agentmgr binary")
	}
	first := Agentmgr(t, filepath.Join("..", ".."))
	if st, err := os.Stat(first); err != nil || st.Mode()&0o111 == 0 {
		t.Fatalf("the built binary %s: %v", first, err)
	}
	if again := Agentmgr(t, "a folder that does not exist"); again != first {
		t.Errorf("a second call built again: %s, then %s", first, again)
	}
	Cleanup()
	if _, err := os.Stat(filepath.Dir(first)); !os.IsNotExist(err) {
		t.Errorf("after Cleanup the binary's folder is still there: %v", err)
	}
}
