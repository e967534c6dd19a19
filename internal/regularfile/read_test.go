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
	empty := write("empty.md", "")
	full := write("full.md", strings.Repeat("y", 1024))
	over := write("over.md", strings.Repeat("z", 1025))
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink(small, link); err != nil {
		t.Fatal(err)
	}
	tests := []readCase{
		{"a small regular file is read", small, "hello", nil, ""},
		{"a link to one is read", link, "hello", nil, ""},
		{"an empty file is read", empty, "", nil, ""},
		{"a file of the limit is read", full, strings.Repeat("y", 1024), nil, ""},
		{"a file one byte over the limit is refused", over, "", ErrTooLarge, "over the limit of 1 KiB"},
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

// Read allocates its buffer once, sized by fstat, whatever the file's size: the gate reads
// the persona name index, which grows with the catalog, on every call.
func TestReadAllocationsDoNotGrowWithTheFile(t *testing.T) {
	dir := t.TempDir()
	allocs := map[int]float64{}
	for _, size := range []int{100, 500_000} {
		p := filepath.Join(dir, "file")
		if err := os.WriteFile(p, []byte(strings.Repeat("x", size)), 0o644); err != nil {
			t.Fatal(err)
		}
		allocs[size] = testing.AllocsPerRun(20, func() {
			if data, err := Read(p, StateLimit); err != nil || len(data) != size {
				t.Fatalf("Read = %d bytes, %v; want %d bytes", len(data), err, size)
			}
		})
	}
	if allocs[500_000] > allocs[100] {
		t.Errorf("Read makes %.0f allocations for 100 bytes and %.0f for 500,000", allocs[100], allocs[500_000])
	}
}

// A reader that gives more than the size fstat said (a file that grew meanwhile, or one of
// /proc that says 0) is read to its end.
func TestReadSizedReadsPastTheSizeGiven(t *testing.T) {
	for _, tt := range []struct {
		name    string
		content string
		size    int64
	}{
		{"the size given", "hello", 5},
		{"more than the size given", "hello, world", 5},
		{"a size of 0", strings.Repeat("p", 3000), 0},
		{"less than the size given", "hi", 5},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readSized(strings.NewReader(tt.content), tt.size)
			if err != nil || string(got) != tt.content {
				t.Errorf("readSized(%q, %d) = %q, %v; want the content", tt.content, tt.size, got, err)
			}
		})
	}
}
