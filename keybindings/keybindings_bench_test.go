package keybindings

import (
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkParseCombo(b *testing.B) {
	for b.Loop() {
		if _, err := ParseCombo("Shift+Ctrl+PageUp"); err != nil {
			b.Fatal(err)
		}
	}
}

func benchFile(b *testing.B) []byte {
	b.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "edit", "mixed.json"))
	if err != nil {
		b.Fatal(err)
	}
	return src
}

func BenchmarkParse(b *testing.B) {
	src := benchFile(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("kb.json", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheck times one full check against the newest pi table: what
// the app recomputes on every keystroke in the key-capture widget.
func BenchmarkCheck(b *testing.B) {
	f, err := Parse("kb.json", benchFile(b))
	if err != nil {
		b.Fatal(err)
	}
	table := Latest()
	for b.Loop() {
		Check(f, table)
	}
}

func BenchmarkSet(b *testing.B) {
	src := benchFile(b)
	combo := MustParseCombo("alt+n")
	for b.Loop() {
		f, err := Parse("kb.json", src)
		if err != nil {
			b.Fatal(err)
		}
		if err := f.Set(ActionNext, combo); err != nil {
			b.Fatal(err)
		}
	}
}
