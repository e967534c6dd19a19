package shell

import (
	"strings"
	"testing"
)

// An "always" for a destructive command stores that command, never a pattern over its first
// words: allowing rm -rf build once and for the session must not allow rm -rf anything.
func TestAlwaysPattern(t *testing.T) {
	t.Parallel()
	alwaysPattern := func(text string) string { return AlwaysPattern(text, Suggest(text)) }
	checkNamedResults(t, "AlwaysPattern", alwaysPattern, []namedResult[string]{
		{"rm_exact_not_rm_star", "rm -rf build", "rm -rf build"},
		{"rm_by_path", "/bin/rm notes.txt", "/bin/rm notes.txt"},
		{"rmdir", "rmdir out", "rmdir out"},
		{"dd", "dd if=/dev/zero of=disk.img bs=1M count=1", "dd if=/dev/zero of=disk.img bs=1M count=1"},
		{"mkfs_variant", "mkfs.ext4 /dev/sdb1", "mkfs.ext4 /dev/sdb1"},
		{"git_reset_hard", "git reset --hard origin/main", "git reset --hard origin/main"},
		{"git_clean", "git clean -fdx", "git clean -fdx"},
		{"git_push_force", "git push --force origin main", "git push --force origin main"},
		{"git_stash_drop", "git stash drop stash@{0}", "git stash drop stash@{0}"},
		{"glob_gives_no_pattern", "rm -rf *", ""},
		{"question_mark_gives_no_pattern", "rm file?.txt", ""},
		{"ordinary_command_keeps_arity", "git push origin main", "git push *"},
		{"git_reset_soft_keeps_arity", "git reset --soft HEAD~1", "git reset *"},
		{"ls_keeps_arity", "ls -la", "ls *"},
		{"a_name_only_starting_with_rm", "rmate file", "rmate *"},
	})
}

func TestSuggestNoteSaysWhy(t *testing.T) {
	t.Parallel()
	if n := SuggestNote("ls -la"); n != "" {
		t.Errorf("an ordinary command has a note: %q", n)
	}
	n := SuggestNote("rm -rf build")
	if !strings.Contains(n, "rm -rf build") || !strings.Contains(n, "not `rm *`") || !strings.Contains(n, "destroy") {
		t.Errorf("rm's note = %q; want it to name the command, say it destroys, and that rm * is not stored", n)
	}
	if n := SuggestNote("rm -rf *"); !strings.Contains(n, "once") {
		t.Errorf("a glob's note = %q; want it to say to allow once", n)
	}
}
