//go:build unix

package trust

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
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

// A project file reached through a symbolic link (the file, or a folder between the project
// and it) is another file's content, anywhere the person can read: a repository can ship
// agents/helper.md -> ~/.ssh/id_rsa. trust --diff runs as a read whatever the persona's path
// rules say, so neither a diff nor a kept copy ever holds what the link points to.
func TestContentThroughALinkIsNeitherShownNorKept(t *testing.T) {
	const secret = "SECRET KEY MATERIAL\n"
	tests := []struct {
		name string
		link func(t *testing.T, d locations.Dirs, secretFile string)
		path string // of the diff that must show no content
	}{
		{"a persona file linked", func(t *testing.T, d locations.Dirs, secretFile string) {
			helper := filepath.Join(d.ProjectAgents(), "helper.md")
			if err := os.Remove(helper); err != nil {
				t.Fatal(err)
			}
			symlink(t, secretFile, helper)
		}, "agents/helper.md"},
		{"the persona folder linked", func(t *testing.T, d locations.Dirs, secretFile string) {
			if err := os.RemoveAll(d.ProjectAgents()); err != nil {
				t.Fatal(err)
			}
			symlink(t, filepath.Dir(secretFile), d.ProjectAgents())
		}, "agents/id_rsa.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := project(t)
			mustTrust(t, d)
			secretFile := filepath.Join(t.TempDir(), "id_rsa.md")
			testfiles.Write(t, secretFile, secret)
			tt.link(t, d, secretFile)
			st := Of(d)
			found := false
			for _, fd := range Diffs(d, st) {
				if strings.Contains(fd.Diff, "SECRET") || strings.Contains(fd.Note, "SECRET") {
					t.Errorf("the diff of %s shows what the link points to: %+v", fd.Path, fd)
				}
				if fd.Path == tt.path {
					found = true
					if !strings.Contains(fd.Note, "symbolic link") {
						t.Errorf("the diff of %s = %+v, want a note naming the link", fd.Path, fd)
					}
				}
			}
			if !found {
				t.Fatalf("no diff of %s: %v %v", tt.path, st.State, st.Changes)
			}
			// Trusting the files as they are keeps no copy of what the link points to.
			mustTrust(t, d)
			if _, err := os.Lstat(copyPath(d, secret)); err == nil {
				t.Error("the trust kept a copy of what the link points to")
			}
		})
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
