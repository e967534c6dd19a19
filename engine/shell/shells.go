package shell

import (
	"fmt"
	"strings"
)

// shell handles sh, bash and the like. Options come first: letters in
// clusters after - or +, where each o or O takes the NEXT word as its
// option name (bash -Oc extglob 'CMD' is -O extglob -c 'CMD'), and long
// options, of which --rcfile and --init-file take a file. With -c the
// first operand is the script and the rest are $0, $1...; with a first
// operand and no -c, that operand is a script file, a normal command; with
// no operand (or -s) the shell runs its standard input.
func shell(name string, args []word, _ stdin) lookThrough {
	hasC, hasS := false, false
	var lt lookThrough
	var startup *word
	i := 0
scan:
	for i < len(args) {
		w := args[i]
		t := w.text
		switch {
		case (t == "--" || t == "-") && w.literal:
			i++
			break scan
		case len(t) < 2 || t[0] != '-' && t[0] != '+':
			break scan
		case !w.literal:
			lt.ask = fmt.Sprintf("%s has the option %s, which is only known when the command runs, so what it runs is not certain", name, t)
			i++
		case strings.HasPrefix(t, "--"):
			i++
			opt, value, attached := strings.Cut(t, "=")
			if opt == "--rcfile" || opt == "--init-file" {
				v := word{text: value, literal: true}
				if !attached && i < len(args) {
					v = args[i]
					i++
				}
				startup = &v
			}
		default:
			i++
			for _, c := range t[1:] {
				switch c {
				case 'o', 'O':
					i++ // the option name is the next word
				case 'c':
					hasC = true
				case 's':
					hasS = true
				}
			}
		}
	}
	if i > len(args) {
		i = len(args)
	}
	if startup != nil {
		startupFile(&lt, name, *startup)
	}
	switch {
	case hasC:
		if i < len(args) {
			w := args[i]
			lt.scripts = append(lt.scripts, script{text: w.text, literal: w.literal, what: "the script given to " + name + " -c"})
		}
	case hasS || i == len(args):
		lt.readsStdin = name
	default:
		scriptFile(&lt, name, args[i])
	}
	return lt
}

// startupFile looks at the file of --rcfile or --init-file: a named file is
// read like a script file; standard input, another descriptor or a file
// only known at run time could hold anything.
func startupFile(lt *lookThrough, name string, file word) {
	switch {
	case !file.literal || isDescriptorPath(file.text):
		lt.ask = fmt.Sprintf("the startup file %s given to %s is only known when the command runs", file.text, name)
	case isStdinPath(file.text):
		lt.readsStdin = name
	}
}

// sourceBuiltin handles source and ".", which run a script file in the current
// shell.
func sourceBuiltin(name string, args []word, _ stdin) lookThrough {
	if len(args) > 0 && args[0].text == "--" {
		args = args[1:]
	}
	var lt lookThrough
	if len(args) > 0 {
		scriptFile(&lt, name, args[0])
	}
	return lt
}

// scriptFile looks at the script file a shell or source runs. A named file
// is a normal command (rules see its name); but a file that is standard
// input runs what the input holds, and a file only known at run time
// (<(curl ...), "$SCRIPT") could hold anything.
func scriptFile(lt *lookThrough, name string, file word) {
	switch {
	case file.literal && isStdinPath(file.text):
		lt.readsStdin = name
	case !file.literal || isDescriptorPath(file.text):
		lt.ask = fmt.Sprintf("the script file %s given to %s is only known when the command runs", file.text, name)
	}
}

// isDescriptorPath reports whether path names an open file descriptor
// (/dev/fd/3, /proc/self/fd/3, /proc/PID/fd/3), which a here-document or
// a redirection on another descriptor may feed.
func isDescriptorPath(path string) bool {
	if isStdinPath(path) {
		return false
	}
	d := devicePath(path)
	if strings.HasPrefix(d, "/dev/fd/") {
		return true
	}
	if rest, ok := strings.CutPrefix(d, "/proc/"); ok {
		_, after, ok := strings.Cut(rest, "/")
		return ok && strings.Contains(after, "fd/")
	}
	return false
}

// isStdinPath reports whether a file name is the standard input, however
// it is spelt (/dev/stdin, //dev/./stdin, /proc/self/../self/fd/0).
func isStdinPath(path string) bool {
	return path == "-" || devicePath(path) == "/dev/fd/0"
}

// eval joins its arguments with spaces and runs them as a script.
func eval(_ string, args []word, _ stdin) lookThrough {
	if len(args) > 0 && args[0].text == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return lookThrough{}
	}
	return lookThrough{scripts: []script{{text: joinTexts(args), literal: allLiteral(args), what: "the script given to eval"}}}
}

// trap ACTION SIGNAL... runs ACTION as a script when a signal comes, so
// ACTION counts as run. trap -l, trap -p, trap - SIG and trap SIG run
// nothing.
func trap(_ string, args []word, _ stdin) lookThrough {
	if len(args) > 0 && args[0].text == "--" {
		args = args[1:]
	}
	if len(args) < 2 {
		return lookThrough{}
	}
	action := args[0]
	if action.text == "-" || (action.literal && strings.HasPrefix(action.text, "-")) || action.text == "" {
		return lookThrough{}
	}
	return lookThrough{scripts: []script{{text: action.text, literal: action.literal, what: "the action given to trap"}}}
}

// alias NAME=VALUE makes NAME run VALUE as a script; each value counts as
// run, since the text cannot show whether the alias is used.
func alias(_ string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for _, a := range args {
		_, value, ok := strings.Cut(a.text, "=")
		if !ok || value == "" {
			continue
		}
		lt.scripts = append(lt.scripts, script{text: value, literal: a.literal, what: "the value given to alias"})
	}
	return lt
}
