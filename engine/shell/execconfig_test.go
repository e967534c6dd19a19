package shell

import "testing"

func TestExecConfigFile(t *testing.T) {
	tests := []struct {
		path, token string
	}{
		{".git/config", ".git/config"},
		{"/home/u/proj/.git/config", ".git/config"},
		{"./.git/config.worktree", ".git/config.worktree"},
		{".git/hooks/pre-commit", ".git/hooks"},
		{".git/hooks", ".git/hooks"},
		{".git", ".git"},
		{".git/*", ".git"},
		{".git/info/attributes", ".git/info/attributes"},
		{".git/modules/lib/config", ".git/modules"},
		{".git/modules/lib/hooks/post-checkout", ".git/modules"},
		{".git/worktrees/w/config.worktree", ".git/worktrees"},
		{"sub/.gitattributes", ".gitattributes"},
		{".gitmodules", ".gitmodules"},
		{"~/.gitconfig", ".gitconfig"},
		{"/etc/gitconfig", "gitconfig"},
		{"/home/u/.config/git/config", "git/config"},
		{"/home/u/.config/git/attributes", "git/attributes"},
		{".npmrc", ".npmrc"},
		{`C:\Users\u\.npmrc`, ".npmrc"},
		{"/home/u/.config/pip/pip.conf", "pip.conf"},
		{".yarnrc.yml", ".yarnrc.yml"},
		{".git/objects/ab/cdef", ""},
		{".git/info/exclude", ""},
		{".git/HEAD", ""},
		{"src/config", ""},
		{"docs/git.md", ""},
		{"gitconfig.md", ""},
	}
	for _, tt := range tests {
		tok, ok := ExecConfigFile(tt.path)
		if tok != tt.token || ok != (tt.token != "") {
			t.Errorf("ExecConfigFile(%q) = %q, %v; want %q", tt.path, tok, ok, tt.token)
		}
	}
}

func TestNamesPath(t *testing.T) {
	checkNaming(t, "NamesPath", NamesPath, []naming{
		{"*/.git/config", ".git/config", true},
		{".git/config", ".git/config", true},
		{"/home/u/proj/.git/config", ".git/config", true},
		{".git/hooks/*", ".git/hooks", true},
		{"*/.git/hooks/pre-commit", ".git/hooks", true},
		{"~/.gitconfig", ".gitconfig", true},
		{"*", ".git/config", false},
		{"src/*", ".git/config", false},
		{".git/*", ".git/config", false},
		{"*/.git/config.bak", ".git/config", false},
		{"x.git/config", ".git/config", false},
	})
}

func TestConfigWritesNeedNaming(t *testing.T) {
	checkResults(t, "firstNeeds", firstNeeds, []result[string]{
		{"npm config set script-shell /tmp/x", "config"},
		{"npm --location project config set script-shell /tmp/x", "config"},
		{"npm set script-shell /tmp/x", "set"},
		{"pnpm config delete script-shell", "config"},
		{"yarn config set nodeLinker node-modules", "config"},
		{"pip config set global.index-url https://x", "config"},
		{"npm config get script-shell", ""},
		{"npm config list", ""},
		{"git config core.fsmonitor /tmp/x", "config"},
		{"git config --unset core.pager", "config"},
		{"git config set diff.external /tmp/x", "config"},
		{"git config -f .git/config include.path /tmp/x", "config"},
		{"git config user.email a@b.example", ""},
		{"git config --get core.pager", ""},
		{"git config --get-regexp core a", ""},
		{"git config core.pager", ""},
	})
}
