package pam

import (
	"strings"
	"testing"
)

// FuzzLoadFile feeds the AM's split and frontmatter parse arbitrary text: it must never panic,
// the split must give the text back when joined, and a loaded agent has a name and rules.
func FuzzLoadFile(f *testing.F) {
	for _, s := range []string{
		"---\ndescription: d\npermissions: read\n---\nbody",
		"---\r\nname: x\r\ndescription: d\r\npermissions:\r\n  bash: {\"rm *\": deny}\r\n---\r\n",
		"pre\n---\nname: 123\n---\n",
		"\ufeff---\n---\n---",
		"---\nperm: &a [x]\nb: *a\n---",
		"---\n\"7\": 1\n\"2\": 2\n---",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := decodeUTF8(data)
		if got := strings.Join(splitDelims(s), "---"); got != s {
			t.Fatalf("split and join changed the text: %q -> %q", s, got)
		}
		r := LoadFile("f.md", data)
		if r.Loads && (r.Agent == nil || r.Agent.Name == "" || r.Agent.Rules == nil) {
			t.Fatalf("loaded agent without name or rules: %+v", r.Agent)
		}
		if !r.Loads && r.Reason == "" {
			t.Fatalf("skipped without a reason")
		}
	})
}
