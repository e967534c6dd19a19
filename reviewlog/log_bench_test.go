package reviewlog

import (
	"path/filepath"
	"testing"
)

// BenchmarkAppend measures one entry appended, as every decided call pays with the log on.
func BenchmarkAppend(b *testing.B) {
	l := New(filepath.Join(b.TempDir(), "review.jsonl"), Options{MaxSize: 1 << 20})
	e := entry(1)
	b.ReportAllocs()
	for b.Loop() {
		if err := l.Append(e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRead measures reading back a full log with a filter.
func BenchmarkRead(b *testing.B) {
	path := filepath.Join(b.TempDir(), "review.jsonl")
	l := New(path, Options{})
	for i := 0; i < 5000; i++ {
		if err := l.Append(entry(i % 60)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(path, Filter{Session: "s1", Action: "allow"}); err != nil {
			b.Fatal(err)
		}
	}
}
