package builtin

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestPresetsDecide(t *testing.T) {
	tests := []struct {
		preset, key, value string
		want               engine.Action
	}{
		{"read", "read", "a.go", engine.Allow},
		{"read", "list", ".", engine.Allow},
		{"read", "bash", "ls", engine.Deny},
		{"read", "websearch", "x", engine.Deny},
		{"plan", "webfetch", "https://x", engine.Allow},
		{"plan", "task", "explore", engine.Allow},
		{"plan", "edit", "a.go", engine.Deny},
		{"PLAN", "grep", "x", engine.Allow},
		{"build", "edit", "a.go", engine.Allow},
		{"build", "bash", "rm -rf x", engine.Ask},
		{"build", "bash", "sudo", engine.Ask},
		{"build", "bash", "chmod +x a", engine.Ask},
		{"build", "bash", "chown u a", engine.Ask},
		{"build", "bash", "ls", engine.Allow},
		{"Build", "custom_tool", "x", engine.Allow},
		{"read", "external_directory", "/etc/hosts", engine.Deny},
		{"plan", "external_directory", "/etc/hosts", engine.Deny},
		{"build", "external_directory", "/etc/hosts", engine.Allow},
	}
	for _, tt := range tests {
		rs, err := Preset(tt.preset)
		if err != nil {
			t.Fatalf("Preset(%q): %v", tt.preset, err)
		}
		if got := engine.Compile(rs).Evaluate(tt.key, tt.value); got.Action != tt.want || got.Source() != "preset:"+lower(tt.preset) {
			t.Errorf("preset %s: %s %q = %s from %s, want %s from preset:%s", tt.preset, tt.key, tt.value, got.Action, got.Source(), tt.want, lower(tt.preset))
		}
	}
	if _, err := Preset("write"); err == nil {
		t.Errorf("Preset(write) should fail")
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

func TestLegacy(t *testing.T) {
	tests := []struct {
		name       string
		words      []string
		key, value string
		want       engine.Action
	}{
		{"empty denies all", nil, "read", "a", engine.Deny},
		{"read", []string{"read"}, "glob", "*.go", engine.Allow},
		{"write allows edit and bash", []string{"write"}, "bash", "rm x", engine.Allow},
		{"ask after write wins", []string{"write", "ask"}, "edit", "a", engine.Ask},
		{"order of words does not matter", []string{"ask", "write"}, "edit", "a", engine.Ask},
		{"web", []string{"web"}, "webfetch", "u", engine.Allow},
		{"subagent", []string{"subagent"}, "task", "t", engine.Allow},
		{"case-insensitive", []string{"READ"}, "read", "a", engine.Allow},
	}
	for _, tt := range tests {
		rs, err := Legacy(tt.words)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := engine.Compile(rs).Evaluate(tt.key, tt.value).Action; got != tt.want {
			t.Errorf("%s: legacy %v %s %q = %s, want %s", tt.name, tt.words, tt.key, tt.value, got, tt.want)
		}
	}
	if _, err := Legacy([]string{"fly"}); err == nil {
		t.Errorf("Legacy([fly]) should fail")
	}
}

func TestBuiltinFilesExist(t *testing.T) {
	for _, n := range Names {
		if b, err := File(n); err != nil || len(b) == 0 {
			t.Errorf("built-in %s: %v", n, err)
		}
	}
}
