package pathres

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeInfo is a file of a fake volume, known by its identity.
type fakeInfo struct{ id string }

func (f fakeInfo) Name() string       { return f.id }
func (f fakeInfo) Size() int64        { return 0 }
func (f fakeInfo) Mode() fs.FileMode  { return 0 }
func (f fakeInfo) ModTime() time.Time { return time.Time{} }
func (f fakeInfo) IsDir() bool        { return false }
func (f fakeInfo) Sys() any           { return nil }

// volume is a fake volume holding files, folding case or not.
func volume(folds bool, files ...string) func(string) (fs.FileInfo, error) {
	return func(p string) (fs.FileInfo, error) {
		for _, f := range files {
			if f == p || folds && strings.EqualFold(f, p) {
				return fakeInfo{f}, nil
			}
		}
		return nil, fs.ErrNotExist
	}
}

func sameFake(a, b fs.FileInfo) bool { return a.(fakeInfo).id == b.(fakeInfo).id }

func TestFoldsAtAsksTheVolume(t *testing.T) {
	files := []string{"/Users", "/Users/me", "/Users/me/.ssh", "/Users/me/.ssh/id_rsa", "/1", "/1/2"}
	tests := []struct {
		name  string
		folds bool
		p     string
		goos  string
		want  bool
	}{
		{"a folding volume finds the swapped name", true, "/Users/me/.ssh/id_rsa", "linux", true},
		{"a case-sensitive volume does not", false, "/Users/me/.ssh/id_rsa", "darwin", false},
		{"a name without letters asks its folder", true, "/Users/me/.ssh", "linux", true},
		{"no letter anywhere: Linux's default", true, "/1/2", "linux", false},
		{"no letter anywhere: macOS's default", false, "/1/2", "darwin", true},
		{"no letter anywhere: Windows' default", false, "/1/2", "windows", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := foldsAt(tt.p, volume(tt.folds, files...), sameFake, tt.goos); got != tt.want {
				t.Errorf("foldsAt(%q) on a volume folding %v (%s) = %v, want %v", tt.p, tt.folds, tt.goos, got, tt.want)
			}
		})
	}
}

func TestFoldsAtOnThisSystem(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "Name.txt")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := os.Lstat(filepath.Join(dir, "nAME.TXT"))
	if want := err == nil; FoldsAt(f) != want {
		t.Errorf("FoldsAt(%q) = %v, but the swapped name is found: %v", f, !want, want)
	}
}

func TestSwapCase(t *testing.T) {
	for in, want := range map[string]string{".ssh": ".SSH", "Prod.Env": "pROD.eNV", "123": "123", "Été": "éTÉ"} {
		if got := swapCase(in); got != want {
			t.Errorf("swapCase(%q) = %q, want %q", in, got, want)
		}
	}
}
