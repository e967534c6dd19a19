package locations

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// Entries keeps every entry whose name ends in the suffix, folders and dot files too, in name
// order; PersonaFiles keeps of the *.md entries the files that are not hidden.
func TestEntriesAndPersonaFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, n := range []string{"b.md", "a.md", ".hidden.md", "c.MD", "d.json", "notes.md.txt"} {
		testfiles.Write(t, filepath.Join(dir, n), "x")
	}
	if err := os.Mkdir(filepath.Join(dir, "folder.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		suffix string
		want   []string
	}{
		{".md", []string{".hidden.md", "a.md", "b.md", "folder.md"}},
		{".json", []string{"d.json"}},
		{".yaml", nil},
	}
	for _, tt := range tests {
		ents, err := Entries(dir, tt.suffix)
		var got []string
		for _, e := range ents {
			got = append(got, e.Name())
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Entries(%q) = %q, %v; want %q", tt.suffix, got, err, tt.want)
		}
	}
	files, err := PersonaFiles(dir)
	if want := []string{filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md")}; err != nil || !slices.Equal(files, want) {
		t.Errorf("PersonaFiles = %q, %v; want %q", files, err, want)
	}
}

// A folder that is not there has no entries and no persona files; a file named like the
// folder is an error for PersonaFiles, and os.ReadDir's error for Entries.
func TestEntriesOfAMissingFolder(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	missing := filepath.Join(root, "nothing")
	if ents, err := Entries(missing, ".md"); err != nil || ents != nil {
		t.Errorf("Entries of a missing folder = %v, %v; want none", ents, err)
	}
	if files, err := PersonaFiles(missing); err != nil || files != nil {
		t.Errorf("PersonaFiles of a missing folder = %v, %v; want none", files, err)
	}
	file := filepath.Join(root, "file")
	testfiles.Write(t, file, "x")
	if _, err := Entries(file, ".md"); err == nil {
		t.Error("Entries of a file: no error")
	}
	if _, err := PersonaFiles(file); err == nil {
		t.Error("PersonaFiles of a file: no error")
	}
}
