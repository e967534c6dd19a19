// Package testfiles writes and reads the file trees tests run on: a file with its folders in
// one call, a file's content read back, and a whole tree's times set back, so that tests of change detection start from stamps
// that are not racy. It is for tests only; every path it is given is a test's own.
package testfiles

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Write writes content to path (mode 0644), making its folders first (0755); an error fails
// the test.
func Write(tb testing.TB, path, content string) {
	tb.Helper()
	WriteMode(tb, path, content, 0o644)
}

// WriteMode writes content to path with exactly the mode given, making its folders first
// (0755); an error fails the test. The mode is set after the write because the write's own is
// masked by the umask, and a test of how a file's mode is kept needs the mode it asked for.
func WriteMode(tb testing.TB, path, content string, mode fs.FileMode) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		tb.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		tb.Fatal(err)
	}
}

// Read returns the content of the file at path; an error fails the test.
func Read(tb testing.TB, path string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// Settle sets the times of every file and folder under root an hour back, so that no stamp
// taken of them is racy (a file changed within the clock's granularity of its stamp), and so
// that every status-change time moves: stamps taken before no longer hold.
func Settle(tb testing.TB, root string) {
	tb.Helper()
	past := time.Now().Add(-time.Hour)
	err := filepath.Walk(root, func(path string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(path, past, past)
	})
	if err != nil {
		tb.Fatal(err)
	}
}
