//go:build unix

package regularfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// specialFiles are a FIFO nobody writes to and a link to /dev/zero, made in dir.
func specialFiles(t *testing.T, dir string) []readCase {
	fifo := filepath.Join(dir, "fifo.md")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.md")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	return []readCase{
		{"a FIFO with no writer is refused at once", fifo, "", ErrNotRegular, "a named pipe (FIFO)"},
		{"a link to /dev/zero is refused", zero, "", ErrNotRegular, "a character device"},
	}
}

// OpenAppend refuses at once a FIFO nobody reads and a device, and appends to a regular file.
func TestOpenAppendOnlyAppendsToRegularFiles(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range specialFiles(t, dir) {
		if f, err := OpenAppend(tt.path, 0o600); err == nil {
			f.Close()
			t.Errorf("OpenAppend(%s) opened it; want a refusal", tt.name)
		}
	}
	path := filepath.Join(dir, "log")
	for range 2 {
		f, err := OpenAppend(path, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("x")
		f.Close()
	}
	if data, _ := os.ReadFile(path); string(data) != "xx" {
		t.Errorf("two appends wrote %q, want xx", data)
	}
}
