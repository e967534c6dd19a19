package engine

import (
	"strings"
	"testing"
)

// TestGitRepoConfigAsks: an allowed git command asks when the repository it works on (the
// working directory, a cd before it, -C DIR, --git-dir) names a program for it, or when its
// configuration cannot be read; other commands, and git without such settings, stay allowed.
func TestGitRepoConfigAsks(t *testing.T) {
	type call struct{ dir, gitDir, sub string }
	var seen []call
	place := &Place{Cwd: "/p", Project: "/p", GitPrograms: func(dir, gitDir, sub string) ([]string, []string) {
		seen = append(seen, call{dir, gitDir, sub})
		switch {
		case dir == "/evil":
			return []string{`diff.external = "/tmp/x" (/evil/.git/config:4)`}, nil
		case dir == "/broken":
			return nil, []string{"/broken/.git/config:2:1: a key before any [section]"}
		}
		return nil, nil
	}}
	p := NewPolicy(Ruleset{{Permission: "bash", Pattern: "git *", Action: Allow}, {Permission: "bash", Pattern: "cd *", Action: Allow}, {Permission: "bash", Pattern: "ls *", Action: Allow}}).At(place)
	tests := []struct {
		cmd  string
		want Action
		call call
		says string
	}{
		{"git diff", Allow, call{"/p", "", "diff"}, ""},
		{"git -C /evil log -p", Ask, call{"/evil", "", "log"}, "diff.external"},
		{"cd /evil && git status", Ask, call{"/evil", "", "status"}, "/evil/.git/config:4"},
		{"git --git-dir=/g/.git -C sub show", Allow, call{"/p/sub", "/g/.git", "show"}, ""},
		{"git -C /broken diff", Ask, call{"/broken", "", "diff"}, "could not be read"},
		{"ls /evil", Allow, call{}, ""},
	}
	for _, tt := range tests {
		seen = nil
		d := p.DecideTool("bash", tt.cmd)
		if d.Action != tt.want || !strings.Contains(d.Explain(), tt.says) {
			t.Errorf("%q = %s (%s), want %s saying %q", tt.cmd, d.Action, d.Explain(), tt.want, tt.says)
		}
		if tt.call == (call{}) {
			if len(seen) > 0 {
				t.Errorf("%q read a repository: %v", tt.cmd, seen)
			}
			continue
		}
		if len(seen) == 0 || seen[len(seen)-1] != tt.call {
			t.Errorf("%q read %v, want %v", tt.cmd, seen, tt.call)
		}
	}
}
