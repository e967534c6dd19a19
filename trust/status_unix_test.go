//go:build unix

package trust

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
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

// A link in place of a kept copy is not followed, even to a file holding the trusted content:
// agentmgr never made it.
func TestCopyThroughALinkIsNotShown(t *testing.T) {
	d := project(t)
	mustTrust(t, d)
	elsewhere := filepath.Join(t.TempDir(), "helper.md")
	testfiles.Write(t, elsewhere, helperTrusted)
	if err := os.Remove(copyPath(d, helperTrusted)); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, copyPath(d, helperTrusted)); err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, filepath.Join(d.ProjectAgents(), "helper.md"), "changed\n")
	diffs := Diffs(d, Of(d))
	if len(diffs) != 1 || diffs[0].Diff != "" || !strings.Contains(diffs[0].Note, "symbolic link") {
		t.Errorf("Diffs = %+v, want the link refused", diffs)
	}
	// Trusting the content again replaces the link with a copy, and writes nothing through it.
	testfiles.Write(t, filepath.Join(d.ProjectAgents(), "helper.md"), helperTrusted)
	testfiles.Write(t, elsewhere, "not the copy")
	mustTrust(t, d)
	if st, err := os.Lstat(copyPath(d, helperTrusted)); err != nil || !st.Mode().IsRegular() {
		t.Errorf("the copy after a trust: %v, %v; want a regular file", st, err)
	}
	if got := testfiles.Read(t, elsewhere); got != "not the copy" {
		t.Errorf("the trust wrote through the link: %q", got)
	}
}
