package pi

import (
	"testing"
	"unicode/utf8"
)

// FuzzRenderParse: any binary path survives install and status (Render, then Parse), and
// Parse never panics on what it reads from disk.
func FuzzRenderParse(f *testing.F) {
	for _, s := range []string{"/usr/bin/agentmgr", `/a "b"/c\d`, "/x\n/y", "/\u2028/z", ""} {
		f.Add(s, "1.0")
	}
	f.Fuzz(func(t *testing.T, binary, version string) {
		_, _ = Parse([]byte(binary))
		if binary == "" || !utf8.ValidString(binary) || !utf8.ValidString(version) {
			return
		}
		in, err := Parse(Render(binary, version))
		if err != nil || in.Binary != binary || in.Version != version {
			t.Fatalf("Parse(Render(%q, %q)) = %+v, %v", binary, version, in, err)
		}
	})
}
