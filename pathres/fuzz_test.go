package pathres

import (
	"path"
	"strings"
	"testing"
)

// FuzzResolve checks that any spelling resolves to a clean absolute path, on a tree with
// links, loops and dot-dots, without panicking.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"var/run/../etc/motd", "proj/loop/x", "proj/chain/../../x", "/proc/self/cwd/x", "/proc/self/task", "/proc/self/fd", "a/../../..", "//x//./y/"} {
		f.Add(s)
	}
	root := tree(f)
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsRune(s, 0) {
			return
		}
		in := s
		if !strings.HasPrefix(in, "/") {
			in = root + "/" + in
		}
		got := Resolve(in, root)
		if !strings.HasPrefix(got.Path, "/") || path.Clean(got.Path) != got.Path {
			t.Errorf("Resolve(%q) = %q: not clean and absolute", in, got.Path)
		}
	})
}

// FuzzWindowsRead checks that a Windows spelling reads to a name that no longer ends in a dot
// or a space and has no stream, unless it says why it is unsure.
func FuzzWindowsRead(f *testing.F) {
	for _, s := range []string{"a.env. ", "a::$DATA", "a:b", "PROGRA~1", "...", "C:/x/../y", "//?/UNC/s/h/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, why := windowsName(s)
		if why == "" && name != "." && name != ".." && (strings.HasSuffix(name, ".") || strings.HasSuffix(name, " ") || strings.Contains(name, ":")) {
			t.Errorf("windowsName(%q) = %q, sure", s, name)
		}
		splitVolume(s)
		isShortName(s)
	})
}
