package shell

import "strings"

// gitSubcommands are git's own commands (git help -a) and the common
// external ones (git lfs, git flow). Any other word in the subcommand's
// place is an alias from a configuration file or a git-NAME program on
// PATH: what it runs is not in the text, so a unit carries it in
// Unit.UnknownSub and only a rule naming it allows it (`git statusx *`, not
// `git status*`).
var gitSubcommands = set(
	"add", "am", "archive", "bisect", "branch", "bundle", "checkout", "cherry-pick", "citool", "clean", "clone", "commit", "describe",
	"diff", "fetch", "format-patch", "gc", "gitk", "grep", "gui", "init", "log", "maintenance", "merge", "mv", "notes", "pull", "push",
	"range-diff", "rebase", "reset", "restore", "revert", "rm", "scalar", "shortlog", "show", "sparse-checkout", "stash", "status",
	"submodule", "switch", "tag", "worktree", "config", "fast-export", "fast-import", "filter-branch", "mergetool", "pack-refs", "prune",
	"reflog", "remote", "repack", "replace", "annotate", "blame", "bugreport", "count-objects", "diagnose", "difftool", "fsck", "gitweb",
	"help", "instaweb", "merge-tree", "rerere", "show-branch", "verify-commit", "verify-tag", "version", "whatchanged", "archimport",
	"cvsexportcommit", "cvsimport", "cvsserver", "imap-send", "p4", "quiltimport", "request-pull", "send-email", "svn", "apply",
	"checkout-index", "commit-graph", "commit-tree", "hash-object", "index-pack", "merge-file", "merge-index", "mktag", "mktree",
	"multi-pack-index", "pack-objects", "prune-packed", "read-tree", "symbolic-ref", "unpack-objects", "update-index", "update-ref",
	"write-tree", "cat-file", "cherry", "diff-files", "diff-index", "diff-tree", "for-each-ref", "for-each-repo", "get-tar-commit-id",
	"ls-files", "ls-remote", "ls-tree", "merge-base", "name-rev", "pack-redundant", "rev-list", "rev-parse", "show-index", "show-ref",
	"unpack-file", "var", "verify-pack", "daemon", "fetch-pack", "http-backend", "send-pack", "update-server-info", "check-attr",
	"check-ignore", "check-mailmap", "check-ref-format", "column", "credential", "credential-cache", "credential-store", "fmt-merge-msg",
	"hook", "interpret-trailers", "mailinfo", "mailsplit", "merge-one-file", "patch-id", "stripspace", "http-push", "upload-pack",
	"receive-pack", "upload-archive", "subtree", "lfs", "flow", "annex", "filter-repo", "sparse-checkout", "backfill", "refs", "replay",
)

// gitUnknownSub returns the subcommand of a git command when it is none of
// git's own (an alias or an external program), "" otherwise. An alias
// given with -c is looked through by the git handler instead.
func gitUnknownSub(args []word) string {
	i := 0
	for i < len(args) {
		t := args[i].text
		if t == "--" || !strings.HasPrefix(t, "-") {
			break
		}
		if strings.HasPrefix(t, "-c") && strings.Contains(t+argText(args, i+1), "alias.") {
			return ""
		}
		if globalValueOptions["git"][t] {
			i++
		}
		i++
	}
	if i >= len(args) || !args[i].literal {
		return ""
	}
	if sub := args[i].text; !gitSubcommands[sub] && sub != "--" {
		return sub
	}
	return ""
}

func argText(args []word, i int) string {
	if i < len(args) {
		return args[i].text
	}
	return ""
}
