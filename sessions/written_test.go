package sessions

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

// The written-files memory keeps each file once, oldest first, per session; a settled file is
// dropped until written again, and a record it cannot read is neither read as empty nor
// written over.
func TestWrittenRemembersPerSession(t *testing.T) {
	t.Parallel()
	w := OpenWritten(locations.Dirs{Agent: t.TempDir()})
	if got, err := w.Files("s1"); err != nil || len(got) != 0 {
		t.Fatalf("a new session = %v, %v; want nothing", got, err)
	}
	steps := []struct {
		name  string
		do    func() error
		files []string
	}{
		{"two writes", func() error { return w.Wrote("s1", []string{"/p/Makefile", "/p/package.json"}) }, []string{"/p/Makefile", "/p/package.json"}},
		{"a write again keeps one", func() error { return w.Wrote("s1", []string{"/p/Makefile"}) }, []string{"/p/Makefile", "/p/package.json"}},
		{"settled", func() error { return w.Settled("s1", []string{"/p/Makefile"}) }, []string{"/p/package.json"}},
		{"written again", func() error { return w.Wrote("s1", []string{"/p/Makefile"}) }, []string{"/p/package.json", "/p/Makefile"}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got, err := w.Files("s1"); err != nil || !slices.Equal(got, st.files) {
			t.Errorf("%s: files = %v, %v; want %v", st.name, got, err, st.files)
		}
	}
	if got, _ := w.Files("s2"); len(got) != 0 {
		t.Errorf("another session = %v, want nothing", got)
	}
	if err := w.Wrote("../x", []string{"/p/Makefile"}); err == nil {
		t.Error("a session id with a path was accepted")
	}
	if err := os.WriteFile(filepath.Join(w.Dir, "s3.json"), []byte("[1,"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Files("s3"); err == nil || !strings.Contains(err.Error(), "s3.json") {
		t.Errorf("a broken record read as %v, want an error naming it", err)
	}
	if err := w.Wrote("s3", []string{"/p/Makefile"}); err == nil {
		t.Error("a broken record was written over")
	}
}
