package shell

import "fmt"

// command runs its command, unless -v or -V asks it only to describe it.
func command(name string, args []word, _ stdin) lookThrough {
	describe := false
	s := scanOptions(args, &optionSet{flags: "pvV"}, func(o option) {
		if o.name == "v" || o.name == "V" {
			describe = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	if !describe && s.rest < len(args) {
		lt.commands = append(lt.commands, args[s.rest:])
	}
	return lt
}

var xargsOptions = optionSet{
	flags:        "0oprtx",
	args:         "adEILnPs",
	attached:     "eil",
	longArgs:     []string{"arg-file", "delimiter", "max-args", "max-procs", "max-chars", "process-slot-var"},
	longAttached: []string{"eof", "replace", "max-lines"},
	longFlags:    []string{"null", "interactive", "no-run-if-empty", "verbose", "exit", "open-tty", "show-limits", "help", "version"},
}

// xargs runs its command (echo when none) with arguments read from its
// input. With -I R, the words holding R are filled in from the input.
func xargs(name string, args []word, _ stdin) lookThrough {
	replace := ""
	s := scanOptions(args, &xargsOptions, func(o option) {
		switch o.name {
		case "I":
			replace = o.value.text
		case "i", "replace":
			replace = "{}"
			if o.hasValue && o.value.text != "" {
				replace = o.value.text
			}
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s), detach: true}
	if s.rest < len(args) {
		inner := args[s.rest:]
		lt.commands = append(lt.commands, filledIn(inner, replace))
		if replace == "" && lt.ask == "" {
			lt.ask = xargsFeedsWrapper(inner)
		}
	}
	return lt
}

// xargsGitOperands are the git subcommands to which xargs may append words read from its
// input: none of their options runs a program (as rebase --exec, fetch --upload-pack and
// difftool --extcmd do), deletes or changes modes (rm, update-index --chmod).
var xargsGitOperands = map[string]bool{
	"cherry-pick": true, "revert": true, "add": true, "show-ref": true, "rev-parse": true, "ls-files": true,
	"ls-tree": true, "cat-file": true, "merge-base": true, "name-rev": true, "describe": true,
	"check-ignore": true, "check-attr": true,
}

// xargsFeedsWrapper says why xargs appending words from its input to
// inner leaves what runs unknown: inner is a wrapper or a shell that takes
// its command (or script) from the words appended (xargs env, xargs nice,
// xargs sh -c). A shell whose -c script is already given only gets $0, $1...
// from the input.
func xargsFeedsWrapper(inner []word) string {
	if !inner[0].literal {
		return ""
	}
	name := baseName(inner[0].text)
	if _, ok := handlers[name]; !ok {
		return ""
	}
	if name == "git" && len(inner) > 1 && inner[1].literal && xargsGitOperands[inner[1].text] {
		// The words go to the subcommand already named, as its operands or options, and
		// none of its options runs a program or changes what it does to files: no global
		// option (-c alias.x=!CMD) can follow a subcommand.
		return ""
	}
	if shells[name] {
		lt := shell(name, inner[1:], stdin{})
		if len(lt.scripts) > 0 {
			return ""
		}
	}
	return fmt.Sprintf("xargs appends words read from its input to %s, so the command %s runs is only known when the command runs", name, name)
}

var watchOptions = optionSet{
	flags:        "bcCdegprtwxhv",
	args:         "nqs",
	longArgs:     []string{"interval", "equexit", "shotsdir"},
	longAttached: []string{"differences"},
	longFlags: []string{"beep", "color", "no-color", "errexit", "chgexit", "precise", "no-rerun",
		"no-title", "no-wrap", "no-linewrap", "exec", "help", "version"},
}

// watch joins its arguments with spaces and runs them with sh -c, unless
// -x makes it run them as a command directly.
func watch(name string, args []word, _ stdin) lookThrough {
	exec := false
	s := scanOptions(args, &watchOptions, func(o option) {
		if o.name == "x" || o.name == "exec" {
			exec = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	rest := args[s.rest:]
	switch {
	case len(rest) == 0:
	case exec:
		lt.commands = append(lt.commands, rest)
	default:
		lt.scripts = []script{{text: joinTexts(rest), literal: allLiteral(rest), what: "the command given to watch"}}
	}
	return lt
}

var flockOptions = optionSet{
	flags:     "sxeunoFhV",
	args:      "wEc",
	longArgs:  []string{"timeout", "wait", "conflict-exit-code", "command"},
	longFlags: []string{"shared", "exclusive", "unlock", "nonblock", "nb", "close", "no-fork", "verbose", "help", "version"},
}

// flock takes a lock on FILE, then runs COMMAND..., or the shell string of
// -c. flock FD (one operand, no -c) runs nothing.
func flock(name string, args []word, _ stdin) lookThrough {
	shellString, s := scanShellString(args, &flockOptions)
	lt := lookThrough{ask: optionTrouble(name, s)}
	rest := s.rest + 1 // the lock file
	if shellString == nil && rest < len(args) && (args[rest].text == "-c" || args[rest].text == "--command") {
		if rest+1 < len(args) {
			shellString = &args[rest+1]
		}
		rest = len(args)
	}
	if shellString != nil {
		lt.scripts = []script{{text: shellString.text, literal: shellString.literal, what: "the command given to flock -c"}}
		return lt
	}
	if rest < len(args) {
		lt.commands = append(lt.commands, args[rest:])
	}
	return lt
}

// busybox runs the applet its first argument names (busybox rm x is rm x).
func busybox(_ string, args []word, _ stdin) lookThrough {
	if len(args) == 0 || (len(args[0].text) > 0 && args[0].text[0] == '-') {
		return lookThrough{}
	}
	return lookThrough{commands: [][]word{args}}
}

var ioniceOptions = optionSet{
	flags:     "thV",
	args:      "cnpPu",
	longArgs:  []string{"class", "classdata", "pid", "pgid", "uid"},
	longFlags: []string{"ignore", "help", "version"},
}

// ionice runs its command, unless -p, -P or -u make its operands process,
// group or user ids.
func ionice(name string, args []word, _ stdin) lookThrough {
	ids := false
	s := scanOptions(args, &ioniceOptions, func(o option) {
		switch o.name {
		case "p", "P", "u", "pid", "pgid", "uid":
			ids = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	if !ids && s.rest < len(args) {
		lt.commands = append(lt.commands, args[s.rest:])
	}
	return lt
}
