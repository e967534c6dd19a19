package shell

import (
	"slices"
	"strings"
)

// destroyers are programs whose every run may destroy data beyond undoing: an "always" for one
// call of them must not become an always for all of them (rm -rf build must not store rm *).
var destroyers = []string{
	"rm", "rmdir", "unlink", "shred", "srm", "wipe", "wipefs", "dd", "truncate",
	"mkfs", "mke2fs", "mkswap", "fdisk", "sfdisk", "gdisk", "parted", "blkdiscard",
}

// destructiveGit are git's acts that throw work away: the subcommand, and the options that
// make it destructive (none: every use is).
var destructiveGit = []struct {
	sub  string
	opts []string
}{
	{"clean", nil},
	{"reset", []string{"--hard", "--merge", "--keep"}},
	{"push", []string{"-f", "--force", "--force-with-lease", "--force-if-includes", "--delete", "-d", "--mirror", "--prune"}},
	{"branch", []string{"-D", "--delete", "-d"}},
	{"checkout", []string{"-f", "--force", "--", "."}},
	{"restore", nil},
	{"stash", []string{"drop", "clear"}},
}

// Destructive reports whether the command text may destroy data (a file deleted, a disk
// overwritten, commits thrown away), the commands whose "always" suggestion is the command
// itself rather than a pattern over its first words.
func Destructive(text string) bool {
	words := strings.Fields(text)
	if len(words) == 0 {
		return false
	}
	name := baseName(words[0])
	if slices.Contains(destroyers, name) || strings.HasPrefix(name, "mkfs.") {
		return true
	}
	if name != "git" || len(words) < 2 {
		return false
	}
	for _, g := range destructiveGit {
		if words[1] != g.sub {
			continue
		}
		if g.opts == nil {
			return true
		}
		for _, w := range words[2:] {
			if slices.Contains(g.opts, w) {
				return true
			}
		}
	}
	return false
}

// AlwaysPattern is the pattern an "always" reply stores for the command text whose
// arity suggestion (Suggest) is suggestion: that suggestion, except for a destructive command
// (Destructive: rm, dd, git reset --hard, ...), which is stored as itself, so that allowing
// rm -rf build always never allows rm *; one that holds * or ? gives "", no pattern, since a
// pattern cannot match those characters literally and would allow more (rm -rf * would allow
// rm -rf anything). SuggestNote says why.
func AlwaysPattern(text, suggestion string) string {
	if !Destructive(text) {
		return suggestion
	}
	if strings.ContainsAny(text, "*?") {
		return ""
	}
	return text
}

// SuggestNote says why the suggestion for a command is what it is, when that is not the usual
// pattern over its first words; "" otherwise. The approval dialog shows it by the patterns.
func SuggestNote(text string) string {
	if !Destructive(text) {
		return ""
	}
	broad := Suggest(strings.Fields(text)[0])
	if strings.ContainsAny(text, "*?") {
		return "`" + text + "` may destroy data and holds * or ?, which a pattern cannot say literally (it would also allow `" + broad + "` at large): allow it once instead"
	}
	return "`" + text + "` may destroy data: \"always\" stores exactly this command, not `" + broad + "`, so it never covers other deletions"
}
