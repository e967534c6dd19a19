package regularfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readCase is a file Read is given and what it must answer.
type readCase struct {
	name    string
	path    string
	want    string
	wantErr error
	says    string
}

func TestReadRefusesWhatIsNotABoundedRegularFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	small := write("small.md", "hello")
	big := write("big.md", strings.Repeat("x", 2048))
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	tests := []readCase{
		{"a small regular file is read", small, "hello", nil, ""},
		{"a link to one is read", link, "hello", nil, ""},
		{"a file over the limit is refused", big, "", ErrTooLarge, "over the limit of 1 KiB"},
		{"a folder is refused", dir, "", ErrNotRegular, "a folder"},
		{"a missing file is not there", filepath.Join(dir, "none.md"), "", fs.ErrNotExist, ""},
	}
	checkReads(t, "Read", Read, append(tests, specialFiles(t, dir)...))
	// ReadNoFollow reads what Read reads, but refuses a link in place of the file, whatever it
	// points to.
	tests[1] = readCase{"a link to one is refused", link, "", ErrNotRegular, "a symbolic link"}
	checkReads(t, "ReadNoFollow", ReadNoFollow, tests)
}

// checkReads gives each case's file to read, with a limit of 1 KiB, and checks its answer.
func checkReads(t *testing.T, name string, read func(string, int64) ([]byte, error), tests []readCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(name+"/"+tt.name, func(t *testing.T) {
			got, err := read(tt.path, 1024)
			if !errors.Is(err, tt.wantErr) || string(got) != tt.want || tt.says != "" && !strings.Contains(err.Error(), tt.says) {
				t.Errorf("%s(%q) = %q, %v; want %q, an error wrapping %v that says %q", name, tt.path, got, err, tt.want, tt.wantErr, tt.says)
			}
		})
	}
}
