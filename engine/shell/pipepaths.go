package shell

import "strings"

// Names from a pipe: find ~ -name 'id_*' | xargs cat reads the files find prints, although no
// word of cat's names them. A pipeline stage that prints the paths of files below folders (find
// DIR, fd PATTERN DIR, grep -rl PATTERN DIR, rg --files DIR, locate) feeds every later xargs of
// the same pipeline those paths: the xargs unit runs its command on files below the folders,
// which goes into its Below as find DIR -exec does, and the engine checks the folders against the
// read rules. Stages in between (grep -v pub, sort, head) may filter or rewrite the names; they
// do not end the feed.

// pathProducers returns, by program, the folders below which the command prints the paths of
// files; nil when it prints none.
var pathProducers = map[string]func(args []word) []word{
	"find": findStarts, "gfind": findStarts, "bfs": findStarts,
	"fd": fdFolders, "fdfind": fdFolders,
	"grep": listedTrees(grepTrees), "egrep": listedTrees(grepTrees), "fgrep": listedTrees(grepTrees),
	"rg": rgFolders, "ag": listedTrees(searchTrees), "ack": listedTrees(searchTrees),
	"locate": everywhere, "plocate": everywhere, "mlocate": everywhere, "slocate": everywhere,
}

// fdFolders: fd's search paths, the operands after its pattern and those of --search-path
// ("." when none).
func fdFolders(args []word) []word {
	var out []word
	ops := operands(args, func(t string) bool {
		switch t {
		case "-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "--min-depth", "--exact-depth",
			"-S", "--size", "--changed-within", "--changed-before", "-o", "--owner", "-j", "--threads", "--max-results",
			"-c", "--color", "--base-directory", "--path-separator", "--ignore-file", "--format", "-x", "--exec", "-X", "--exec-batch":
			return true
		}
		return false
	})
	for i, w := range args {
		if w.text == "--search-path" && i+1 < len(args) {
			out = append(out, args[i+1])
		} else if v, ok := strings.CutPrefix(w.text, "--search-path="); ok {
			out = append(out, word{text: v, literal: w.literal})
		}
	}
	if len(ops) > 1 {
		out = append(out, ops[1:]...)
	}
	if len(out) == 0 {
		return []word{{text: ".", literal: true}}
	}
	return out
}

// listedTrees: a recursive search that lists the names of the files it matches (-l, -L,
// --files-with-matches, --files-without-match) prints paths below the folders it searches.
func listedTrees(trees func([]word) []word) func([]word) []word {
	return func(args []word) []word {
		if !recursive(args, "lL", "--files-with-matches", "--files-without-match") {
			return nil
		}
		return trees(args)
	}
}

// rgFolders: rg --files lists every file below its operands (no pattern); rg -l lists the
// files that match.
func rgFolders(args []word) []word {
	if hasWord(args, "--files") {
		ops := operands(args, nil)
		if len(ops) == 0 {
			return []word{{text: ".", literal: true}}
		}
		return ops
	}
	return listedTrees(searchTrees)(args)
}

// everywhere: locate prints paths from anywhere on the machine.
func everywhere([]word) []word { return []word{{text: "/", literal: true}} }

// fedByPipe records the folders whose file paths the command name prints, and adds to an xargs
// unit at index at the folders whose paths earlier stages of its pipeline print: its command
// runs on files below them.
func (a *analyzer) fedByPipe(at int, name string, args []word) {
	if f := pathProducers[name]; f != nil {
		a.printed = append(a.printed, f(args)...)
	}
	if name != "xargs" || len(a.piped) == 0 {
		return
	}
	t := strings.Join(texts(a.piped), "\n")
	if a.units[at].Below != "" {
		t = a.units[at].Below + "\n" + t
	}
	a.units[at].Below = t
}
