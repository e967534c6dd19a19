package shell

import (
	"fmt"
	"strings"
)

// shellOptions covers sh, bash, zsh, dash and ksh: every letter is a flag
// except -o/-O (and +o/+O), which take an option name.
var shellOptions = optionSet{
	args:     "oO",
	anyFlag:  true,
	longArgs: []string{"rcfile", "init-file"},
	anyLong:  true,
	plus:     true,
}

// shell handles sh, bash and the like. With -c (alone or in a cluster such
// as -lc, anywhere among the options) the first operand is the script and
// the rest are $0, $1...; with a first operand and no -c, that operand is a
// script file, a normal command; with no operand (or -s) the shell runs its
// standard input.
func shell(name string, args []word, _ stdin) lookThrough {
	hasC, hasS := false, false
	s := scanOptions(args, &shellOptions, func(o option) {
		switch o.name {
		case "c":
			hasC = true
		case "s":
			hasS = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	rest := s.rest
	if !s.dashDash && rest < len(args) && args[rest].text == "-" {
		rest++ // "-" alone ends the options
	}
	switch {
	case hasC:
		if rest < len(args) {
			w := args[rest]
			lt.scripts = []script{{text: w.text, literal: w.literal, what: "the script given to " + name + " -c"}}
		}
	case hasS || rest == len(args):
		lt.readsStdin = name
	default:
		scriptFile(&lt, name, args[rest])
	}
	return lt
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
	case !file.literal:
		lt.ask = fmt.Sprintf("the script file %s given to %s is only known when the command runs", file.text, name)
	}
}

// isStdinPath reports whether a file name is the standard input.
func isStdinPath(path string) bool {
	switch path {
	case "-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return true
	}
	return false
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
