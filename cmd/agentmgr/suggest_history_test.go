package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// TestSuggestFromOtherToolsHistory: a new user's first persona comes from the calls Claude Code
// and pi recorded, read where they keep them (--history) or from a file (--log).
func TestSuggestFromOtherToolsHistory(t *testing.T) {
	home := t.TempDir()
	agent := filepath.Join(home, ".pi", "agent")
	copyFixture := func(name, to string) {
		data, err := os.ReadFile(filepath.Join("..", "..", "history", "testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		testfiles.WriteMode(t, to, string(data), 0o600)
	}
	copyFixture("claude-transcript.jsonl", filepath.Join(home, ".claude", "projects", "-home-dev-proj", "7f1c2a90.jsonl"))
	copyFixture("pi-session.jsonl", filepath.Join(agent, "sessions", "--home-dev-proj--", "2026-11-21_0b9e3c1e.jsonl"))
	copyFixture("pps-review.jsonl", filepath.Join(agent, "extensions", "pi-permission-system", "logs", "pi-permission-system-permission-review.jsonl"))
	getenv := func(k string) string {
		return map[string]string{"HOME": home, "PI_CODING_AGENT_DIR": agent}[k]
	}
	suggest := func(args ...string) string {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: home, getenv: getenv}
		if code := run(append([]string{"suggest", "first", "--all"}, args...), e); code != 0 {
			t.Fatalf("suggest %v: exit %d: %s", args, code, errb.String())
		}
		return out.String()
	}
	tests := []struct {
		name string
		args []string
		want []string // in the proposed persona
		not  []string
	}{
		{"every place", []string{"--history"}, []string{"git status", "go test", "make build", "src/*"}, []string{"rm -rf", "npm install"}},
		{"a Claude Code transcript", []string{"--log", filepath.Join(home, ".claude", "projects")}, []string{"git status", "npm test"}, []string{"go test"}},
		{"a pi session file", []string{"--log", filepath.Join(agent, "sessions")}, []string{"go test", "src/*"}, []string{"git status"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := suggest(tc.args...)
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("the proposal lacks %q:\n%s", w, out)
				}
			}
			persona, _, _ := strings.Cut(out, "examples:")
			for _, n := range tc.not {
				if strings.Contains(persona, n) {
					t.Errorf("the proposal's rules allow %q:\n%s", n, out)
				}
			}
		})
	}
}
