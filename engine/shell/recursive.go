package shell

import "strings"

// Folders of protected paths (docs/shell.md): a program that reads, copies
// or archives a folder recursively reads every file below it, so a
// protected file below the folder is read although no word names it
// (grep -r KEY ~, cp -a ~/. /tmp/h, tar czf x.tgz ~, git -C ~ add -A). Its
// folders go into Unit.Below, which the engine checks against the read
// rules as it does for find DIR -exec. A recursive copy also writes files
// of names the text does not show into its target, and a recursive delete
// removes every file below its operands: the copy's target is an edit unit
// with Into set, the delete's operands are its Deletes effect. Programs that only look at names (ls -R, du, tree) are no readers.

// recursiveReaders returns, by program, the folders the command reads
// recursively; nil when it reads none that way.
var recursiveReaders = map[string]func(args []word) []word{
	"grep": grepTrees, "egrep": grepTrees, "fgrep": grepTrees, "zgrep": grepTrees,
	"rg": searchTrees, "ag": searchTrees, "ack": searchTrees,
	"cp": copySources, "rsync": copySources, "scp": copySources,
	"tar": tarSources, "gtar": tarSources, "bsdtar": tarSources,
	"zip": zipSources, "7z": sevenZipSources, "7za": sevenZipSources,
	"diff": diffTrees, "md5deep": flagTrees("-r"), "hashdeep": flagTrees("-r"), "sha256deep": flagTrees("-r"),
	"git": gitAddTree,
}

// recursive reports whether args hold one of the long options, or a short
// option cluster with one of the letters.
func recursive(args []word, letters string, longs ...string) bool {
	for _, w := range args {
		t := w.text
		if t == "--" {
			return false
		}
		if strings.HasPrefix(t, "--") {
			name := strings.SplitN(t, "=", 2)[0]
			for _, l := range longs {
				if name == l {
					return true
				}
			}
			continue
		}
		if strings.HasPrefix(t, "-") && strings.ContainsAny(t[1:], letters) {
			return true
		}
	}
	return false
}

// grepTrees: grep -r, -R (or -d recurse) reads the folders among its
// operands after the pattern, the working directory when there are none.
func grepTrees(args []word) []word {
	if !recursive(args, "rR", "--recursive", "--dereference-recursive") && !hasPair(args, "-d", "recurse") && !hasWord(args, "--directories=recurse") {
		return nil
	}
	return afterPattern(args)
}

// searchTrees: rg, ag and ack search folders recursively by default.
func searchTrees(args []word) []word {
	return afterPattern(args)
}

// afterPattern returns a search's operands after its pattern (none is
// skipped when the pattern comes from -e or -f); "." when there are none.
func afterPattern(args []word) []word {
	explicit := false
	ops := operands(args, func(t string) bool {
		switch t {
		case "-e", "-f", "--regexp", "--file":
			explicit = true
			return true
		case "-m", "-A", "-B", "-C", "-d", "-D", "-g", "--glob", "-t", "--type", "-T", "--type-not", "--include", "--exclude", "--exclude-dir",
			"--max-count", "--context", "--after-context", "--before-context", "-j", "--threads", "--color", "--colors", "-M", "--max-columns",
			"--ignore-file", "--pre", "--pre-glob", "-E", "--encoding", "--max-depth", "--sort", "--sortr", "--type-add", "--path-separator":
			return true
		}
		return false
	})
	if !explicit && len(ops) > 0 {
		ops = ops[1:]
	}
	if len(ops) == 0 {
		return []word{{text: ".", literal: true}}
	}
	return ops
}

// copySources: cp -r/-R/-a, rsync -r/-a and scp -r read their sources
// (every operand but the last, or every operand with -t).
func copySources(args []word) []word {
	if !recursive(args, "rRa", "--recursive", "--archive") {
		return nil
	}
	ops := operands(args, func(t string) bool {
		switch t {
		case "-t", "--target-directory", "-S", "--suffix", "-e", "--rsh", "-f", "--filter", "--exclude", "--include", "-T", "--temp-dir",
			"-P", "-i", "-o", "-F", "-c", "-l", "-J", "--exclude-from", "--include-from", "--files-from", "--backup-dir", "--compare-dest", "--link-dest", "--copy-dest":
			return true
		}
		return false
	})
	if hasTarget(args) {
		return ops
	}
	if len(ops) < 2 {
		return nil
	}
	return ops[:len(ops)-1]
}

// copyTarget: the folder a recursive cp writes files of unknown names
// into (its last operand, or -t DIR).
func copyTarget(args []word) []word {
	if !recursive(args, "rRa", "--recursive", "--archive") {
		return nil
	}
	for i, w := range args {
		switch {
		case (w.text == "-t" || w.text == "--target-directory") && i+1 < len(args):
			return []word{args[i+1]}
		case strings.HasPrefix(w.text, "--target-directory="):
			return []word{{text: w.text[len("--target-directory="):], literal: w.literal}}
		}
	}
	ops := operands(args, func(t string) bool { return t == "-S" || t == "--suffix" })
	if len(ops) < 2 {
		return nil
	}
	return ops[len(ops)-1:]
}

func hasTarget(args []word) bool {
	for _, w := range args {
		if w.text == "-t" || w.text == "--target-directory" || strings.HasPrefix(w.text, "--target-directory=") {
			return true
		}
	}
	return false
}

// tarSources: tar creating or appending an archive (c, r, u, --create)
// reads its operands, each relative one below the folder of the -C before
// it; the value of -f, -T and the like is no source.
func tarSources(args []word) []word {
	create := false
	var ops []word
	var dir *word
	takes, takesDir := 0, false
	for i, w := range args {
		t := w.text
		switch {
		case takes > 0:
			if takesDir {
				d := w
				dir, takesDir = &d, false
			}
			takes--
		case t == "--create" || t == "--append" || t == "--update":
			create = true
		case strings.HasPrefix(t, "--directory="):
			dir = &word{text: t[len("--directory="):], literal: w.literal}
		case strings.HasPrefix(t, "--"):
			switch t {
			case "--directory":
				takes, takesDir = 1, true
			case "--file", "--files-from", "--exclude-from", "--use-compress-program", "--exclude", "--transform", "--owner", "--group", "--mode":
				takes = 1
			}
		case strings.HasPrefix(t, "-") || i == 0 && !strings.Contains(t, "/") && t != "." && t != "~":
			letters := strings.TrimPrefix(t, "-")
			create = create || strings.ContainsAny(letters, "cru")
			for j, c := range letters {
				if strings.ContainsRune("fCTXIbNLgV", c) {
					if j+1 < len(letters) && strings.HasPrefix(t, "-") {
						if c == 'C' {
							dir = &word{text: letters[j+1:], literal: w.literal}
						}
						break // the value is attached (-fx.tar)
					}
					if c == 'C' && takes == 0 {
						takesDir = true
					}
					takes++
				}
			}
		default:
			if dir != nil && !strings.HasPrefix(t, "/") && !strings.HasPrefix(t, "~") && !strings.HasPrefix(t, "$") {
				w = word{text: strings.TrimSuffix(dir.text, "/") + "/" + t, literal: w.literal && dir.literal}
			}
			ops = append(ops, w)
		}
	}
	if !create {
		return nil
	}
	return ops
}

// zipSources: zip -r ARCHIVE FOLDER... reads the folders.
func zipSources(args []word) []word {
	if !recursive(args, "r", "--recurse-paths") {
		return nil
	}
	ops := operands(args, func(t string) bool {
		return t == "-x" || t == "-i" || t == "-b" || t == "-t" || t == "-tt" || t == "-n" || t == "-P"
	})
	if len(ops) < 2 {
		return nil
	}
	return ops[1:]
}

// sevenZipSources: 7z a ARCHIVE FILE... reads its files recursively.
func sevenZipSources(args []word) []word {
	if len(args) == 0 || args[0].text != "a" && args[0].text != "u" {
		return nil
	}
	var ops []word
	for _, w := range args[1:] {
		if !strings.HasPrefix(w.text, "-") {
			ops = append(ops, w)
		}
	}
	if len(ops) < 2 {
		return nil
	}
	return ops[1:]
}

// diffTrees: diff -r compares (reads) the folders it is given.
func diffTrees(args []word) []word {
	if !recursive(args, "r", "--recursive") {
		return nil
	}
	return operands(args, func(t string) bool {
		return t == "-x" || t == "-X" || t == "-I" || t == "-F" || t == "-L" || t == "--label"
	})
}

// flagTrees: the program reads its operands recursively with flag.
func flagTrees(flag string) func([]word) []word {
	return func(args []word) []word {
		if !hasWord(args, flag) {
			return nil
		}
		return operands(args, nil)
	}
}

// gitAddTree: git add -A (or --all, or the pathspec .) in another folder
// (git -C DIR) reads every file of DIR into that repository, to be
// committed and pushed from there.
func gitAddTree(args []word) []word {
	var dir *word
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].text, "-") {
		t := args[i].text
		switch {
		case (t == "-C" || t == "--work-tree") && i+1 < len(args):
			w := args[i+1]
			dir = &w
		case strings.HasPrefix(t, "--work-tree="):
			dir = &word{text: t[len("--work-tree="):], literal: args[i].literal}
		}
		if globalValueOptions["git"][t] {
			i++
		}
		i++
	}
	if dir == nil || i >= len(args) || args[i].text != "add" && args[i].text != "stage" {
		return nil
	}
	rest := args[i+1:]
	if hasWord(rest, "-A") || hasWord(rest, "--all") || hasWord(rest, ".") || hasWord(rest, "-f") || hasWord(rest, "--force") {
		return []word{*dir}
	}
	return nil
}

func hasWord(args []word, s string) bool {
	for _, w := range args {
		if w.text == s {
			return true
		}
	}
	return false
}

func hasPair(args []word, a, b string) bool {
	for i := 0; i+1 < len(args); i++ {
		if args[i].text == a && args[i+1].text == b {
			return true
		}
	}
	return false
}

// recursiveUnits records the folders a command reads recursively in
// Below, and adds the Into edit units of the folders a recursive copy
// writes into. (What a delete removes is its Deletes effect, which the
// engine checks against the edit rules.)
func (a *analyzer) recursiveUnits(at int, name string, args []word) {
	if f := recursiveReaders[name]; f != nil {
		if trees := f(args); len(trees) > 0 {
			t := strings.Join(texts(trees), "\n")
			if a.units[at].Below != "" {
				t = a.units[at].Below + "\n" + t
			}
			a.units[at].Below = t
		}
	}
	if name == "cp" {
		a.intoUnits(EditKey, copyTarget(args))
	}
}
