package engine

import "testing"

// reviewerPersona asks for everything but reading history and diffs.
var reviewerPersona = rules("*", "*", "ask", "read", "*", "allow", "bash", "git diff *", "allow", "bash", "git log *", "allow")

// TestReviewerGitOptions: the git log and diff option tables know what reviewers use.
func TestReviewerGitOptions(t *testing.T) {
	p := &Policy{Persona: Compile(reviewerPersona)}
	for _, cmd := range []string{
		"git log -S needle --oneline", "git log -Sneedle", "git log -G 'fo+' -p", "git log --not main --oneline",
		"git log --merge", "git diff --ours", "git diff --theirs", "git diff --base", "git diff -1 -- f",
		"git log HEAD --not origin/main", "git log -L 10,20:main.go", "git log -n 5 --format='%H %s'",
		"git diff -M50% --stat", "git diff -C -C", "git diff --color-words", "git diff --word-diff-regex=.",
		"git log --left-right --cherry-pick --oneline A...B", "git log --left-only A...B", "git diff -U0", "git diff --unified=1",
		"git log --since='2 weeks ago' --until=yesterday --no-merges", "git diff --ignore-blank-lines -w", "git diff -I '^#'",
		"git log --author-date-order --date=short", "git log -i --grep=fix", "git diff --diff-filter=ACM --name-only origin/main...HEAD",
		"git log --pretty=format:'%h %an' --abbrev-commit", "git diff --stat=200", "git log --decorate-refs=refs/tags/*",
		"git log --first-parent --merges", "git diff --find-copies-harder -B", "git log -g --oneline", "git diff --function-context",
		"git log --follow -p -- a.go", "git diff -R", "git diff --check", "git log --cherry-mark --right-only A...B", "git diff -W",
		"git log --all --graph --oneline -20", "git diff --exit-code --quiet", "git log --show-pulls -- f", "git diff --minimal --patience",
		"git log --remerge-diff -1", "git log --diff-merges=first-parent", "git diff HEAD~3 --stat --color=always", "git diff -O order.txt",
	} {
		if d := p.DecideTool("bash", cmd); d.Action != Allow {
			t.Errorf("%q = %s, want allow (a false alarm)\n%s", cmd, d.Action, describeDecision(d))
		}
	}
	for _, cmd := range []string{"git diff --output=/tmp/x", "git log --ext-diff -p", "git diff --no-such-option", "git logx",
		"git -c core.pager=sh log", "git -c diff.external=./x diff", "GIT_PAGER='sh -c id' git log", "GIT_EXTERNAL_DIFF=./x git diff",
		"git --exec-path=/tmp log", "git log --output ~/.bashrc", "git diff > ~/.bashrc", "git log | sh", "git diff && rm -rf x",
		"git log $(id)", "git diff `id`", "git log -S x --exec=id", "git --git-dir=$D log", "git log --format=%H | xargs rm"} {
		if d := p.DecideTool("bash", cmd); d.Action == Allow {
			t.Errorf("%q = allow, want ask", cmd)
		}
	}
}
