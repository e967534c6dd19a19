package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Without the app beside it or on PATH, agentmgr says which program it looked for and how to
// get it, and exits 1.
func TestNoArgumentsWithoutTheAppSaysWhereToGetIt(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	e, _, errb := testEnv(t, "")
	if code := run(nil, e); code != 1 || !strings.Contains(errb.String(), "agentmgr-app") || !strings.Contains(errb.String(), "make build") {
		t.Errorf("agentmgr with no arguments and no app exited %d with %q; want 1, naming agentmgr-app and make build", code, errb)
	}
}

// The CLI links no GUI library: Claude Code starts it once per tool call, and Fyne with the GL
// and X libraries it loads doubled that start-up (BenchmarkGateProcess measures it). The
// packages are those of the default build, the one `make build` and `go install` make.
func TestCLIDoesNotLinkTheGUI(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go tool is needed to list the packages: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "fyne.io/") || strings.HasPrefix(pkg, "github.com/go-gl/") || pkg == "github.com/agentmgr/agentmgr/gui" {
			t.Errorf("agentmgr links %s; the GUI belongs in agentmgr-app", pkg)
		}
	}
}
