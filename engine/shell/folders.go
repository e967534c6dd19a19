package shell

import (
	"fmt"
	"strings"
)

// Programs that write files of names the command text does not show into a
// folder it does: tar -x -C DIR, unzip -d DIR, patch -d DIR, rsync SRC DIR,
// git format-patch -o DIR. Each folder is an edit unit with Into set: the
// engine decides it as every file under the folder, so that extracting into
// ~ asks when the rules protect ~/.bashrc.

// folderWriter returns the folders a command writes into, and why it must
// ask whatever the rules say ("" if it need not).
type folderWriter func(args []word) (dirs []word, ask string)

var folderWriters = map[string]folderWriter{
	"tar": tarFolders, "gtar": tarFolders, "bsdtar": tarFolders,
	"unzip":  optionFolder("-d", ""),
	"patch":  optionFolder("-d", "--directory"),
	"rsync":  lastOperandFolder,
	"csplit": prefixes(optionFolder("-f", "--prefix")),
	"split":  prefixes(lastOperandFolder),
	"git":    gitFolders,
}

// prefixes turns the folders of w into name prefixes (split and csplit write
// PREFIXaa, PREFIX00 ...): each is given with a final "*", which the engine
// reads as every name that starts with it.
func prefixes(w folderWriter) folderWriter {
	return func(args []word) ([]word, string) {
		dirs, why := w(args)
		for i := range dirs {
			dirs[i].text += "*"
		}
		return dirs, why
	}
}

// gitFolders: git format-patch -o DIR writes its patches into DIR, git apply
// --directory=DIR applies a patch below DIR.
func gitFolders(args []word) ([]word, string) {
	for i, w := range args {
		switch w.text {
		case "format-patch":
			return optionFolder("-o", "--output-directory")(args[i+1:])
		case "apply":
			return optionFolder("--directory", "--directory")(args[i+1:])
		}
	}
	return nil, ""
}

// findRoots returns the starting points of a find that runs a command on
// the files it finds (-exec, -execdir, -ok, -okdir): that command may read
// any file below them, so each is a read unit with Into set. They are the
// starting points -delete removes below: after -H, -L or -P as well.
func findRoots(args []word) []word {
	runs := false
	for _, w := range args {
		switch w.text {
		case "-exec", "-execdir", "-ok", "-okdir":
			runs = true
		}
	}
	if !runs {
		return nil
	}
	return findStarts(args)
}

// tarFolders: an extraction writes into -C DIR (or the working directory);
// with -P or --absolute-names it writes wherever the archive says.
func tarFolders(args []word) ([]word, string) {
	extract, absolute := false, false
	var dirs []word
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--extract" || t == "--get":
			extract = true
		case t == "--absolute-names":
			absolute = true
		case t == "-C" || t == "--directory":
			if i+1 < len(args) {
				dirs = append(dirs, args[i+1])
				i++
			}
		case strings.HasPrefix(t, "--directory="):
			dirs = append(dirs, word{text: t[len("--directory="):], literal: args[i].literal})
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-") || i == 0:
			// A cluster (-xPf, or the old form xPf as the first word).
			letters := strings.TrimPrefix(t, "-")
			extract = extract || strings.ContainsRune(letters, 'x')
			absolute = absolute || strings.ContainsRune(letters, 'P')
			if j := strings.IndexByte(letters, 'C'); j >= 0 {
				if j+1 < len(letters) {
					dirs = append(dirs, word{text: letters[j+1:], literal: args[i].literal})
				} else if i+1 < len(args) {
					dirs = append(dirs, args[i+1])
					i++
				}
			}
		}
	}
	if !extract {
		return nil, ""
	}
	if absolute {
		return dirs, "tar extracts with absolute names (-P), so it writes wherever the archive says"
	}
	return dirs, ""
}

// optionFolder is a writer whose folder is the value of a short or long option.
func optionFolder(short, long string) folderWriter {
	return func(args []word) ([]word, string) {
		var dirs []word
		for i := 0; i < len(args); i++ {
			t := args[i].text
			switch {
			case t == short || long != "" && t == long:
				if i+1 < len(args) {
					dirs = append(dirs, args[i+1])
					i++
				}
			case long != "" && strings.HasPrefix(t, long+"="):
				dirs = append(dirs, word{text: t[len(long)+1:], literal: args[i].literal})
			case strings.HasPrefix(t, short) && len(t) > len(short) && !strings.HasPrefix(t, "--"):
				dirs = append(dirs, word{text: t[len(short):], literal: args[i].literal})
			}
		}
		return dirs, ""
	}
}

// lastOperandFolder: the last operand is where the files go (rsync SRC DEST,
// split FILE PREFIX).
func lastOperandFolder(args []word) ([]word, string) {
	var last *word
	n := 0
	for i := range args {
		if !strings.HasPrefix(args[i].text, "-") {
			last = &args[i]
			n++
		}
	}
	if last == nil || n < 2 {
		return nil, ""
	}
	return []word{*last}, ""
}

// folderUnits adds the edit units of the folders a command writes into.
func (a *analyzer) folderUnits(at int, name string, args []word) {
	if name == "find" {
		roots := findRoots(args)
		texts := make([]string, len(roots))
		for i, r := range roots {
			texts[i] = r.text
		}
		a.units[at].Below = strings.Join(texts, "\n")
	}
	fw := folderWriters[name]
	if fw == nil {
		return
	}
	dirs, why := fw(args)
	if why != "" {
		a.ask(at, why)
	}
	a.intoUnits(EditKey, dirs)
}

// intoUnits adds a unit under key for each folder a command writes into or
// reads below.
func (a *analyzer) intoUnits(key string, dirs []word) {
	for _, d := range dirs {
		u := Unit{Text: d.text, Key: key, Into: true, Suggestion: strings.TrimSuffix(d.text, "/") + "/*"}
		u.Dir, u.DirUnknown = a.dir, a.dirUnknown
		if !d.literal && key == EditKey {
			u.AskReason = fmt.Sprintf("the folder %s that the command writes into is only known when the command runs", d.text)
		}
		a.units = append(a.units, u)
	}
}
