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

// The broken serve answers hello and the extra cases, nothing about late.txt, and a line that
// is not JSON to anything else, in order.
func TestBrokenServe(t *testing.T) {
	bin := BrokenServe(t, filepath.Join(t.TempDir(), "bin"), `*'"type":"agent"'*) echo "{\"id\":$id,\"name\":\"fake\"}" ;;`)
	cmd := exec.Command(bin)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	cmd.Stdin = strings.NewReader(`{"id":1,"type":"hello"}` + "\n" + `{"id":2,"type":"decide","path":"late.txt"}` + "\n" +
		`{"id":3,"type":"agent"}` + "\n" + `{"id":4,"type":"decide","path":"a.txt"}` + "\n")
	out, err := cmd.Output()
	want := `{"id":1,"version":"0.0.1"}` + "\n" + `{"id":3,"name":"fake"}` + "\n" + "this is not json\n"
	if err != nil || string(out) != want {
		t.Errorf("the broken serve said %q (%v), want %q", out, err, want)
	}
}

// Run runs in the folder and environment given, and returns stdout only.
func TestRunReturnsStdout(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "here"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := Run(t, "/bin/sh", dir, []string{"X=y"}, "-c", `echo "$X"; ls; echo err >&2`); got != "y\nhere\n" {
		t.Errorf("Run = %q", got)
	}
}
