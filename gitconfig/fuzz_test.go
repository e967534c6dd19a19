package gitconfig

import (
	"strings"
	"testing"
)

// FuzzParse: any input parses or fails with a place inside it, never panics, and every entry
// has a lower-case section and name and a line within the input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"[core]\n\tfsmonitor = /tmp/x\n",
		"[diff \"pdf\"]\n\ttextconv = \"pdftotext -\"\n",
		"[include]\npath = ../x\n[includeIf \"gitdir:~/w/\"]\npath = y\n",
		"[core] pager = a \\\n b ; c\n",
		"[a.B]\nc\n",
		"\uFEFF[x]\ny=\"\\t\"\r\n",
		"[filter \"a\\\"b\"]\nclean = z\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		es, err := Parse("f", data)
		lines := strings.Count(string(data), "\n") + 1
		for _, e := range es {
			if e.Section != strings.ToLower(e.Section) || e.Name != strings.ToLower(e.Name) || e.Line < 1 || e.Line > lines {
				t.Fatalf("entry %+v of %q", e, data)
			}
		}
		if se, ok := err.(*SyntaxError); ok && (se.Line < 1 || se.Line > lines || se.Col < 1) {
			t.Fatalf("error %v outside %q", err, data)
		}
	})
}
