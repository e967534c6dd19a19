package engine

import (
	"os"
	"path/filepath"
	"testing"
)

// A known reader's glob operand that could match a read-protected path is decided by the files
// it matches where the call runs, as the call is decided: no protected file there, no read of
// one. Without a place, and for a program that is no known reader, the protecting rule decides.
func TestReaderGlobsAreMatchedWhereTheCallRuns(t *testing.T) {
	t.Parallel()
	clean, secret := t.TempDir(), t.TempDir()
	for _, f := range []string{filepath.Join(clean, "a.txt"), filepath.Join(secret, "a.txt"), filepath.Join(secret, "prod.env"), filepath.Join(secret, "sub", "x.txt")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	persona := CompileWithHome(rules("*", "*", "allow", "read", "*.env", "deny"), "/home/u")
	at := func(dir string) *Policy { return (&Policy{Persona: persona}).At(&Place{Cwd: dir, Project: dir}) }
	tests := []struct {
		name string
		p    *Policy
		cmd  string
		want Action
	}{
		{"no protected file matches", at(clean), "shasum -a 256 *", Allow},
		{"a protected file matches", at(secret), "shasum -a 256 *", Deny},
		{"a narrower glob misses it", at(secret), "sha256sum *.txt", Allow},
		{"after cd, matched in that folder", at(filepath.Dir(secret)), "cd " + filepath.Base(secret) + " && cat *", Deny},
		{"an absolute glob", at(clean), "cat " + secret + "/*", Deny},
		{"a folder below matches nothing protected", at(secret), "cat sub/*", Allow},
		{"globstar keeps the rule", at(clean), "cat **/*", Deny},
		{"without a place the rule decides", &Policy{Persona: persona}, "shasum -a 256 *", Deny},
		{"a program that is no known reader keeps the rule", at(clean), "myscript *", Ask},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			checkDecide(t, tt.p, "bash", tt.cmd, tt.want)
		})
	}
}
