package shell

import "strings"

// fileWriters finds the files a command writes through its arguments,
// keyed by the command's base name; each is decided as an edit. The list
// is documented in docs/shell.md.
var fileWriters = map[string]func(args []word) []word{
	"tee":      teeFiles,
	"dd":       ddFiles,
	"cp":       targetFiles,
	"mv":       moveFiles,
	"install":  targetFiles,
	"ln":       targetFiles,
	"sort":     sortFiles,
	"sed":      sedFiles,
	"gsed":     sedFiles,
	"sudoedit": operandFiles,
	"truncate": operandFiles,
	"curl":     optionFiles("-o", "--output"),
	"wget":     wgetFiles,
	"git":      gitConfigFiles,
}

// wgetFiles: wget -O FILE writes the document, -o/-a FILE its log.
func wgetFiles(args []word) []word {
	out := optionFiles("-O", "--output-document")(args)
	out = append(out, optionFiles("-o", "--output-file")(args)...)
	return append(out, optionFiles("-a", "--append-output")(args)...)
}

// gitConfigFiles: git config that sets or removes a key writes the
// configuration file: ~/.gitconfig with --global, /etc/gitconfig with
// --system, FILE with -f/--file (the repository's own otherwise, which is
// no file of the command text).
func gitConfigFiles(args []word) []word {
	writes, file, _ := gitConfigOp(args)
	if file == nil || !writes {
		return nil
	}
	return []word{*file}
}

// gitConfigOp reads a git config call: whether it writes (sets, adds,
// removes, renames or edits; a query is --get..., --list, or a lone KEY),
// the file it names (--global, --system, -f FILE), nil for the
// repository's own, and the key it names ("" for none, as --edit).
func gitConfigOp(args []word) (writes bool, file *word, key string) {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].text, "-") {
		if gitValueOptions[args[i].text] {
			i++
		}
		i++
	}
	if i >= len(args) || args[i].text != "config" {
		return false, nil, ""
	}
	rest := args[i+1:]
	ops := 0
	for j := 0; j < len(rest); j++ {
		t := rest[j].text
		if f, skip, ok := gitConfigFile(rest, j); ok {
			file, j = f, j+skip
			continue
		}
		switch {
		case gitConfigQueries[t] || ops == 0 && (t == "get" || t == "list"):
			return false, file, key // a query
		case gitConfigWrites[t]:
			writes = true
		case ops == 0 && gitConfigSubWrites[t]:
			writes = true
			ops++
		case strings.HasPrefix(t, "-"):
		default:
			if key == "" {
				key = t
			}
			ops++
		}
	}
	return writes || ops >= 2, file, key
}

// The options of git config that make it a query, and the options and subcommands that make
// it write.
var (
	gitConfigQueries = map[string]bool{"--get": true, "--get-all": true, "--get-regexp": true, "--get-urlmatch": true,
		"--get-color": true, "--get-colorbool": true, "--list": true, "-l": true}
	gitConfigWrites = map[string]bool{"--add": true, "--unset": true, "--unset-all": true, "--replace-all": true,
		"--rename-section": true, "--remove-section": true, "--edit": true, "-e": true}
	gitConfigSubWrites = map[string]bool{"set": true, "unset": true, "rename-section": true, "remove-section": true, "edit": true}
)

// gitConfigFile reads the option at rest[j] when it names the file git config works on
// (--global, --system, -f FILE, --file=FILE): the file, how many more words the option took,
// and true; false when rest[j] names none.
func gitConfigFile(rest []word, j int) (*word, int, bool) {
	t := rest[j].text
	switch {
	case t == "--global":
		return &word{text: "~/.gitconfig", literal: true}, 0, true
	case t == "--system":
		return &word{text: "/etc/gitconfig", literal: true}, 0, true
	case (t == "-f" || t == "--file") && j+1 < len(rest):
		w := rest[j+1]
		return &w, 1, true
	case strings.HasPrefix(t, "--file="):
		return &word{text: t[len("--file="):], literal: rest[j].literal}, 0, true
	}
	return nil, 0, false
}

// moveFiles: mv writes its target and removes its sources, so both are
// edits.
func moveFiles(args []word) []word {
	target := targetFiles(args)
	ops := operands(args, func(t string) bool { return t == "-t" || t == "--target-directory" || t == "-S" || t == "--suffix" })
	if len(target) == 1 && len(ops) > 0 && ops[len(ops)-1] == target[0] {
		ops = ops[:len(ops)-1]
	}
	return append(ops, target...)
}

// optionFiles: the value of the short or long option is a file the
// command writes (curl -o FILE, wget -O FILE).
func optionFiles(short, long string) func([]word) []word {
	return func(args []word) []word {
		var out []word
		for i, w := range args {
			t := w.text
			switch {
			case t == short || t == long:
				if i+1 < len(args) && args[i+1].text != "-" {
					out = append(out, args[i+1])
				}
			case strings.HasPrefix(t, long+"="):
				out = append(out, word{text: t[len(long)+1:], literal: w.literal})
			case strings.HasPrefix(t, short) && len(t) > len(short) && !strings.HasPrefix(t, "--"):
				out = append(out, word{text: t[len(short):], literal: w.literal})
			}
		}
		return out
	}
}

// operands returns the words of args that are not options, stopping
// option parsing at "--". takesValue says which options take the next word.
func operands(args []word, takesValue func(string) bool) []word {
	var out []word
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--" && args[i].literal:
			return append(out, args[i+1:]...)
		case len(t) > 1 && t[0] == '-' && args[i].literal:
			if takesValue != nil && takesValue(t) {
				i++
			}
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// teeFiles: every operand of tee is a file it writes.
func teeFiles(args []word) []word { return operands(args, nil) }

// operandFiles: every operand is a file the command writes (sudoedit).
func operandFiles(args []word) []word {
	return operands(args, func(t string) bool { return t == "-s" || t == "-r" || t == "-u" || t == "-g" || t == "-p" })
}

// ddFiles: dd writes the file of its of= operand.
func ddFiles(args []word) []word {
	var out []word
	for _, w := range args {
		if v, ok := strings.CutPrefix(w.text, "of="); ok {
			out = append(out, word{text: v, literal: w.literal})
		}
	}
	return out
}

// targetFiles: cp, mv, install and ln write their last operand, or into the
// folder of -t DIR / --target-directory=DIR. mv also removes its sources,
// which are edits too.
func targetFiles(args []word) []word {
	var target *word
	takes := func(t string) bool {
		switch t {
		case "-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group":
			return true
		}
		return false
	}
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--":
			i = len(args)
		case t == "-t" || t == "--target-directory":
			if i+1 < len(args) {
				w := args[i+1]
				target = &w
			}
		case strings.HasPrefix(t, "--target-directory="):
			target = &word{text: t[len("--target-directory="):], literal: args[i].literal}
		case strings.HasPrefix(t, "-t") && !strings.HasPrefix(t, "--"):
			target = &word{text: t[2:], literal: args[i].literal}
		}
	}
	ops := operands(args, takes)
	if target != nil {
		return append([]word{*target}, intoFolder(*target, ops)...)
	}
	if len(ops) >= 2 {
		last := ops[len(ops)-1]
		return append([]word{last}, intoFolder(last, ops[:len(ops)-1])...)
	}
	return nil
}

// intoFolder lists the files cp, mv, install or ln write when their target is
// a folder: the folder joined to each source's base name. The folder's name
// alone is no protected file (~ is not ~/.bashrc), the files it receives may
// be. A target that may not be a folder still counts: the text cannot tell.
func intoFolder(dir word, sources []word) []word {
	d := strings.TrimSuffix(dir.text, "/")
	if d == "" {
		d = "/"
	}
	out := make([]word, 0, len(sources))
	for _, s := range sources {
		base := s.text[strings.LastIndexByte(strings.TrimSuffix(s.text, "/"), '/')+1:]
		base = strings.TrimSuffix(base, "/")
		if base == "" || base == "." || base == ".." {
			continue
		}
		out = append(out, word{text: strings.TrimSuffix(d, "/") + "/" + base, literal: dir.literal && s.literal})
	}
	return out
}

// sortFiles: sort -o FILE writes FILE.
func sortFiles(args []word) []word {
	var out []word
	for i, w := range args {
		switch {
		case w.text == "-o" || w.text == "--output":
			if i+1 < len(args) {
				out = append(out, args[i+1])
			}
		case strings.HasPrefix(w.text, "--output="):
			out = append(out, word{text: w.text[len("--output="):], literal: w.literal})
		case strings.HasPrefix(w.text, "-o") && !strings.HasPrefix(w.text, "--"):
			out = append(out, word{text: w.text[2:], literal: w.literal})
		}
	}
	return out
}

// sedFiles: sed -i edits its file operands in place.
func sedFiles(args []word) []word {
	inPlace, explicit := false, false
	for _, w := range args {
		t := w.text
		if t == "-e" || t == "--expression" || strings.HasPrefix(t, "--expression=") || t == "-f" || t == "--file" {
			explicit = true
		}
		if strings.HasPrefix(t, "--in-place") || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.Contains(strings.SplitN(t, "e", 2)[0], "i") {
			inPlace = true
		}
	}
	if !inPlace {
		return nil
	}
	ops := operands(args, func(t string) bool {
		return t == "-e" || t == "--expression" || t == "-f" || t == "--file" || t == "-l" || t == "--line-length"
	})
	if !explicit && len(ops) > 0 {
		ops = ops[1:] // the script
	}
	return ops
}

// findFiles: find's -fprint, -fprint0, -fprintf and -fls write the file
// that follows them.
func findFiles(args []word) []word {
	var out []word
	for i, w := range args {
		switch w.text {
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(args) {
				out = append(out, args[i+1])
			}
		}
	}
	return out
}
