package ownedfile

import (
	"testing"
	"unicode/utf8"
)

// FuzzRenderParse: any binary path and version survive Render then Parse, in a template with
// and without TypeScript's annotation, and Parse never panics on what it reads from disk.
func FuzzRenderParse(f *testing.F) {
	for _, s := range []string{"/usr/bin/agentmgr", `/a "b"/c\d`, "/x\n/y", "/\u2028/z", "", `"; const BINARY = /*agentmgr:binary*/ "/evil";`} {
		f.Add(s, "1.0")
	}
	files := []*File{jsFile(), tsFile()}
	f.Fuzz(func(t *testing.T, binary, version string) {
		for _, file := range files {
			_, _ = file.Parse([]byte(binary))
			_, _ = file.Parse([]byte(file.Header + "\n" + binary))
			if binary == "" || !utf8.ValidString(binary) || !utf8.ValidString(version) {
				continue
			}
			in, err := file.Parse(file.Render(binary, version))
			if err != nil || in.Binary != binary || in.Version != version {
				t.Fatalf("%s: Parse(Render(%q, %q)) = %+v, %v", file.Name, binary, version, in, err)
			}
		}
	})
}
