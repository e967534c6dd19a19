package codex

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzConfigTrust trusts a hook in arbitrary config.toml text: trust either refuses, leaving
// the file as it was, or leaves a file Codex reads (valid TOML) that trusts the hook with the
// hash and keeps every other hook's trust; untrust then removes only that trust.
func FuzzConfigTrust(f *testing.F) {
	const key = "/h/.codex/hooks.json:pre_tool_use:0:0"
	f.Add("model = \"x\"\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n")
	f.Add("[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:old\"\nenabled = true\n")
	f.Add("[hooks.state.\"other\"]\ntrusted_hash = \"sha256:o\"\n[hooks.state.\"" + key + "\"]\n")
	f.Add("[hooks]\nstate = {}\n")
	f.Add("a = \"\"\"\n[hooks.state.\"" + key + "\"]\n\"\"\"\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text string) {
		path := filepath.Join(dir, "config.toml")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		cfg, err := readConfig(path)
		if err != nil {
			return
		}
		before := cfg.state
		if err := cfg.trust(key, "sha256:new"); err != nil {
			if after, _ := os.ReadFile(path); string(after) != text {
				t.Fatalf("a refused trust changed %q to %q", text, after)
			}
			return
		}
		after, err := readConfig(path)
		if err != nil || after.state[key] != "sha256:new" {
			t.Fatalf("after trusting in %q: %+v (%v)", text, after, err)
		}
		for k, v := range before {
			if k != key && after.state[k] != v {
				t.Fatalf("trusting in %q changed the trust of %q from %q to %q", text, k, v, after.state[k])
			}
		}
		if err := after.untrust(key); err != nil {
			t.Fatalf("untrust after trusting in %q: %v", text, err)
		}
		back, err := readConfig(path)
		if err != nil {
			t.Fatalf("untrust left %q unreadable: %v", text, err)
		}
		for k, v := range before {
			if k != key && back.state[k] != v {
				t.Fatalf("untrusting in %q changed the trust of %q", text, k)
			}
		}
	})
}
