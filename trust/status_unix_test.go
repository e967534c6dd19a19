//go:build unix

package trust

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A project file that is not a regular file (a FIFO a repository ships) is recorded as such,
// never opened for reading, so a trust check cannot hang.
func TestFIFOIsNotRead(t *testing.T) {
	d := project(t)
	if err := syscall.Mkfifo(filepath.Join(d.ProjectAgents(), "stall.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := ProjectFiles(d)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[1].Path != "agents/stall.md" || files[1].Sum != "not a regular file" {
		t.Errorf("ProjectFiles = %+v, want the FIFO named as not a regular file", files)
	}
}
