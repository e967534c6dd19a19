package personastest

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// failing is a testing.TB whose Fatal and Fatalf record the failure and end the goroutine,
// as the real ones do.
type failing struct {
	testing.TB
	msg string
}

func (f *failing) Helper()           {}
func (f *failing) Fatal(args ...any) { f.msg = fmt.Sprint(args...); runtime.Goexit() }
func (f *failing) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		testfiles.Write(t, path, text)
		return path
	}
	good := "---\ndescription: Reads\npermissions:\n  read: allow\n---\nRead.\n"
	tests := []struct {
		name     string
		path     string
		wantRule string // the first rule's permission of a persona that loads
		wantFail string // in the failure of one that does not
	}{
		{"a persona", write("reader.md", good), "read", ""},
		{"a file that does not load", write("broken.md", "---\npermissions: [\n---\n"), "", "broken.md does not load"},
		{"no file", filepath.Join(dir, "missing.md"), "", "missing.md"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &failing{TB: t}
			done := make(chan struct{})
			var name, text, rule string
			go func() {
				defer close(done)
				p, data := Load(f, tt.path)
				name, text, rule = p.Name, string(data), p.Rules[0].Permission
			}()
			<-done
			switch {
			case tt.wantFail != "" && !strings.Contains(f.msg, tt.wantFail):
				t.Errorf("Load(%s) failed with %q, want %q in it", tt.path, f.msg, tt.wantFail)
			case tt.wantFail == "" && (f.msg != "" || rule != tt.wantRule || name != "reader" || text != good):
				t.Errorf("Load(%s) = %q with first rule %q, failure %q", tt.path, name, rule, f.msg)
			}
		})
	}
}
