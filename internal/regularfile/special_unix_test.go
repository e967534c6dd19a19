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
