//go:build unix

package gitconfig

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// TestLoadIsBounded: a FIFO, a file over the limit, an include loop and includes nested too
// deep are problems (the caller asks), never a hang.
func TestLoadIsBounded(t *testing.T) {
	root := t.TempDir()
	gd := filepath.Join(root, ".git")
	testfiles.Write(t, filepath.Join(gd, "config"), "[include]\n\tpath = fifo\n\tpath = big\n\tpath = loop\n")
	if err := syscall.Mkfifo(filepath.Join(gd, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, filepath.Join(gd, "big"), "[core]\n"+strings.Repeat("# padding\n", fileLimit/10+1))
	testfiles.Write(t, filepath.Join(gd, "loop"), "[include]\n\tpath = loop\n\tpath = d1\n")
	for i := 1; i <= maxIncludeDepth+2; i++ {
		testfiles.Write(t, filepath.Join(gd, "d"+strings.Repeat("x", i-1)+"1"), "[include]\n\tpath = d"+strings.Repeat("x", i)+"1\n")
	}
	r := Load(gd, "")
	got := strings.Join(r.Problems, "\n")
	for _, want := range []string{"named pipe", "over the limit", "nest deeper than 10"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems %q do not say %q", r.Problems, want)
		}
	}
}
