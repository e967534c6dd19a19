package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.json")
	tests := []struct {
		name string
		data string
		mode os.FileMode
	}{
		{"creates", "one", 0o644},
		{"replaces and sets mode", "two", 0o600},
		{"empty", "", 0o640},
	}
	for _, tt := range tests {
		if err := Write(path, []byte(tt.data), tt.mode); err != nil {
			t.Fatalf("%s: Write: %v", tt.name, err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != tt.data {
			t.Errorf("%s: file holds %q (%v), want %q", tt.name, got, err, tt.data)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != tt.mode {
			t.Errorf("%s: mode %v, want %v", tt.name, fi.Mode().Perm(), tt.mode)
		}
	}
	if left := Temps(path); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestWriteFailureLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.json")
	if err := Write(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A folder where the file should be makes the rename fail after the temp file is written.
	target := filepath.Join(dir, "sub")
	if err := os.MkdirAll(filepath.Join(target, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(target, []byte("new"), 0o644); err == nil {
		t.Fatalf("Write over a non-empty folder succeeded")
	}
	if left := Temps(target); len(left) != 0 {
		t.Errorf("a failed Write left %v", left)
	}
	if err := Write(filepath.Join(dir, "missing", "b"), nil, 0o644); err == nil {
		t.Errorf("Write into a missing folder succeeded")
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("unrelated file changed: %q", got)
	}
}

// A file whose name holds glob metacharacters still has its killed writers' temporary files
// removed, and only its own: Temps finds them by name, not by pattern.
func TestTempsOfANameWithGlobCharacters(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "a[1]*?.md")
	mine := filepath.Join(dir, ".a[1]*?.md"+tempMarker+"123")
	other := filepath.Join(dir, ".a1x.md"+tempMarker+"456") // what the glob a[1]*?.md would match
	for _, p := range []string{mine, other} {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if got := Temps(target); len(got) != 1 || got[0] != mine {
		t.Fatalf("Temps(%q) = %q, want only %q", target, got, mine)
	}
	if err := Write(target, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(mine); !os.IsNotExist(err) {
		t.Errorf("the killed writer's temporary file of %s was left: %v", target, err)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("another file's temporary file was removed: %v", err)
	}
}
