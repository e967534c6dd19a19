package ownedfile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzInstallHook installs agentmgr's hook into arbitrary settings files: install either
// refuses and leaves the file as it was, or writes valid JSON in which FindHook finds exactly
// the hook installed; uninstall then leaves none.
func FuzzInstallHook(f *testing.F) {
	f.Add([]byte(othersHooks))
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"'/old/agentmgr' gate codex","timeout":5}]}]}}`))
	f.Add([]byte(`{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x gate codex"},{"type":"command","command":"other"}]}]}}`))
	f.Add([]byte(`{"a":1,"a":2}`))
	f.Add([]byte(``))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "hooks.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		h := testHook("/opt/agentmgr")
		if _, _, err := InstallHook(path, h); err != nil {
			if after, _ := os.ReadFile(path); string(after) != string(data) {
				t.Fatalf("a refused install changed the file %q to %q", data, after)
			}
			return
		}
		after, err := os.ReadFile(path)
		if err != nil || !json.Valid(after) {
			t.Fatalf("install wrote invalid JSON from %q: %q (%v)", data, after, err)
		}
		at, found, err := FindHook(path, h)
		if err != nil || !found || at.Command != h.Command || at.Timeout != h.Timeout || at.Matcher != h.Matcher {
			t.Fatalf("after install from %q: %+v %v %v", data, at, found, err)
		}
		if _, err := UninstallHook(path, h); err != nil {
			t.Fatalf("uninstall after install from %q: %v", data, err)
		}
		if _, found, err := FindHook(path, h); found || err != nil {
			t.Fatalf("a hook stayed after uninstall from %q (%v)", data, err)
		}
	})
}
