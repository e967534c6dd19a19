package gitconfig

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// programKeys is what Programs(sub) finds, as key@file-base:line.
func programKeys(r Repo, sub string) string {
	var out []string
	for _, e := range r.Programs(sub) {
		out = append(out, e.Key()+"@"+filepath.Base(e.File)+":"+itoa(e.Line))
	}
	return strings.Join(out, " ")
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestLoadFindsProgramsWhereverGitReadsThem: the repository's config, what it includes (by a
// relative path, by ~/, under any includeIf condition), a worktree's own config.worktree and
// its common folder's config are read; each program-running key is found with its file and
// line, and a key git reads as a boolean is none.
func TestLoadFindsProgramsWhereverGitReadsThem(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	repo := filepath.Join(root, "repo")
	testfiles.Write(t, filepath.Join(repo, ".git", "config"), "[core]\n\tbare = false\n[include]\n\tpath = extra.cfg\n[includeIf \"gitdir:/nowhere/\"]\n\tpath = ~/cond.cfg\n[pager]\n\tlog = false\n")
	testfiles.Write(t, filepath.Join(repo, ".git", "extra.cfg"), "[diff]\n\texternal = /tmp/x\n")
	testfiles.Write(t, filepath.Join(home, "cond.cfg"), "[core]\n\tfsmonitor = ./watch\n\teditor = vim\n")
	// A linked worktree: a .git file naming its gitdir, whose commondir is the main repository's.
	wt := filepath.Join(root, "wt")
	wtGit := filepath.Join(repo, ".git", "worktrees", "wt")
	testfiles.Write(t, filepath.Join(wt, ".git"), "gitdir: "+wtGit+"\n")
	testfiles.Write(t, filepath.Join(wtGit, "commondir"), "../..\n")
	testfiles.Write(t, filepath.Join(wtGit, "config.worktree"), "[filter \"lfs\"]\n\tsmudge = evil\n")
	tests := []struct {
		name, dir, sub, want string
	}{
		{"in the repository", filepath.Join(repo, "src"), "diff", "diff.external@extra.cfg:2 core.fsmonitor@cond.cfg:2"},
		{"the editor for commit", repo, "commit", "diff.external@extra.cfg:2 core.fsmonitor@cond.cfg:2 core.editor@cond.cfg:3"},
		{"in the worktree", wt, "status", "diff.external@extra.cfg:2 core.fsmonitor@cond.cfg:2 filter.lfs.smudge@config.worktree:2"},
		{"no repository", root, "diff", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gd, err := Find(tt.dir, "")
			if err != nil {
				t.Fatal(err)
			}
			r := Load(gd, home)
			if len(r.Problems) > 0 {
				t.Fatalf("problems: %q", r.Problems)
			}
			if got := programKeys(r, tt.sub); got != tt.want {
				t.Errorf("programs of git %s in %s = %q, want %q", tt.sub, tt.dir, got, tt.want)
			}
		})
	}
}
