package keybindings

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

const savedSrc = "{\n  \"x.custom\": \"ctrl+o\"\n}\n"

func TestSaveCreatesMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agent", FileName)
	f, err := Load(path)
	if err != nil {
		t.Fatalf("Load of a missing file: %v", err)
	}
	if err := f.Save(); err != nil {
		t.Fatalf("Save of an unedited missing file: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("saving an unedited missing file created it (stat error %v)", err)
	}
	if err := f.Set(ActionNext, MustParseCombo("alt+n")); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatalf("Save: %v", err)
	}
	if got, want := testfiles.Read(t, path), "{\n  \"piAgentManager.next\": \"alt+n\"\n}\n"; got != want {
		t.Errorf("created file = %q, want %q", got, want)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != newFileMode {
		t.Errorf("created file mode = %v (%v), want %v", info.Mode().Perm(), err, newFileMode)
	}
}

// setAndSave loads the file at path, binds id to combo and saves the file, which it returns;
// an error fails the test.
func setAndSave(t *testing.T, path, id, combo string) *File {
	t.Helper()
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Set(id, MustParseCombo(combo)); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatalf("Save of %s: %v", path, err)
	}
	return f
}

func TestSaveKeepsModeAndLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	testfiles.WriteMode(t, path, savedSrc, 0o600)
	f := setAndSave(t, path, ActionPicker, "alt+a")
	want := "{\n  \"x.custom\": \"ctrl+o\",\n  \"piAgentManager.picker\": \"alt+a\"\n}\n"
	if got := testfiles.Read(t, path); got != want {
		t.Errorf("saved = %q, want %q", got, want)
	}
	info, _ := os.Stat(path)
	if info.Mode().Perm() != 0o600 {
		t.Errorf("mode after save = %v, want 0600", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("folder holds %d entries after save, want only %s and its backup", len(entries), FileName)
	}
	if got := testfiles.Read(t, path+".bak"); got != savedSrc {
		t.Errorf("backup = %q, want the previous content", got)
	}
	// A second edit after a save is measured against what was saved.
	if _, err := f.Unset(ActionPicker); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err != nil {
		t.Fatalf("second Save: %v", err)
	}
	if got := testfiles.Read(t, path); got != savedSrc {
		t.Errorf("after set, save, unset, save: %q, want the original %q", got, savedSrc)
	}
}

func TestSaveUnchangedRewritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	testfiles.WriteMode(t, path, savedSrc, 0o644)
	before, _ := os.Stat(path)
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	// An edit that changes nothing, then Save.
	if err := f.Set("x.custom", MustParseCombo("ctrl+o")); err != nil {
		t.Fatal(err)
	}
	if f.Changed() {
		t.Error("Changed() after an edit that restored the same bytes")
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(path)
	if !os.SameFile(before, after) {
		t.Error("Save of an unchanged file replaced it")
	}
}

func TestSaveRefusesFileChangedOnDisk(t *testing.T) {
	tests := []struct {
		name    string
		initial string // "" means no file when loading
		change  func(t *testing.T, path string)
		after   string // what must remain on disk ("" = no file)
	}{
		{"edited by someone else", savedSrc, func(t *testing.T, path string) {
			testfiles.WriteMode(t, path, "{\"x.custom\": \"ctrl+p\"}", 0o644)
		}, "{\"x.custom\": \"ctrl+p\"}"},
		{"same size edit", savedSrc, func(t *testing.T, path string) {
			testfiles.WriteMode(t, path, "{\n  \"x.custom\": \"ctrl+q\"\n}\n", 0o644)
		}, "{\n  \"x.custom\": \"ctrl+q\"\n}\n"},
		{"deleted", savedSrc, func(t *testing.T, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}, ""},
		{"created meanwhile", "", func(t *testing.T, path string) {
			testfiles.WriteMode(t, path, "{}", 0o644)
		}, "{}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			if tt.initial != "" {
				testfiles.WriteMode(t, path, tt.initial, 0o644)
			}
			f, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.Set(ActionNext, MustParseCombo("alt+n")); err != nil {
				t.Fatal(err)
			}
			tt.change(t, path)
			err = f.Save()
			if !errors.Is(err, ErrChangedOnDisk) {
				t.Fatalf("Save after the file was %s: error = %v, want ErrChangedOnDisk", tt.name, err)
			}
			got, rerr := os.ReadFile(path)
			if tt.after == "" {
				if !errors.Is(rerr, fs.ErrNotExist) {
					t.Errorf("refused Save recreated the deleted file: %q", got)
				}
			} else if string(got) != tt.after {
				t.Errorf("refused Save changed the file to %q, want %q", got, tt.after)
			}
		})
	}
}

func TestSaveFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles-keybindings.json")
	testfiles.WriteMode(t, target, savedSrc, 0o640)
	link := filepath.Join(dir, "agent", FileName)
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot make symlinks here: %v", err)
	}
	setAndSave(t, link, ActionNext, "alt+n")
	info, err := os.Lstat(link)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("the symlink was replaced by a file (%v)", err)
	}
	if got := testfiles.Read(t, target); got == savedSrc {
		t.Error("the symlink's target was not updated")
	}
	if info, _ := os.Stat(target); info.Mode().Perm() != 0o640 {
		t.Errorf("target mode = %v, want 0640", info.Mode().Perm())
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	testfiles.WriteMode(t, path, "{\n  \"a\": \n}", 0o644)
	_, err := Load(path)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Pos.String() != "3:1" || pe.File != path {
		t.Errorf("Load of broken JSON = %v, want a *ParseError at %s:3:1", err, path)
	}
	if _, err := Load(dir); err == nil {
		t.Error("Load of a folder succeeded")
	}
	f, _ := Parse("", []byte("{}"))
	if err := f.Set(ActionNext, MustParseCombo("alt+n")); err != nil {
		t.Fatal(err)
	}
	if err := f.Save(); err == nil {
		t.Error("Save of a file parsed from memory succeeded")
	}
}
