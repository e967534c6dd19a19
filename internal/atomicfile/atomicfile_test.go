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
	if left, _ := filepath.Glob(TempGlob(path)); len(left) != 0 {
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
	if left, _ := filepath.Glob(TempGlob(target)); len(left) != 0 {
		t.Errorf("a failed Write left %v", left)
	}
	if err := Write(filepath.Join(dir, "missing", "b"), nil, 0o644); err == nil {
		t.Errorf("Write into a missing folder succeeded")
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("unrelated file changed: %q", got)
	}
}
