package main

import (
	"bytes"
	"path/filepath"
	"testing"
)

// A command that succeeds prints nothing on stderr, whatever the locale: libraries linked for
// the app must not log while the program starts.
func TestQuietStderrUnderEveryLocale(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns CLI processes")
	}
	for _, lang := range []string{"C.UTF-8", "C.utf8", "POSIX.UTF-8", "C", "en_US.UTF-8", ""} {
		t.Run("LANG="+lang, func(t *testing.T) {
			cmd := cliHelper(t, "run", filepath.Join(t.TempDir(), "agent"), "list")
			cmd.Env = append(cmd.Env, "LANG="+lang, "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=")
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("agentmgr list with LANG=%q: %v\nstderr: %s", lang, err, errb.String())
			}
			if errb.Len() > 0 {
				t.Errorf("agentmgr list with LANG=%q printed on stderr:\n%s\nwant nothing", lang, errb.String())
			}
			if !bytes.Contains(out.Bytes(), []byte("planner")) {
				t.Errorf("agentmgr list with LANG=%q printed %q, want the personas", lang, out.String())
			}
		})
	}
}
