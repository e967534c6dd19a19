package shell

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// handlers maps a command's base name to the handler that looks through it.
// A name missing here is an ordinary command.
var handlers = map[string]handler{
	"sudo":    sudo,
	"doas":    doas,
	"env":     env,
	"command": command,
	"builtin": wrapper(&optionSet{}, 0),
	"exec":    wrapper(&optionSet{flags: "cl", args: "a"}, 0),
	"nohup":   wrapper(&optionSet{longFlags: []string{"help", "version"}}, 0),
	"nice": wrapper(&optionSet{args: "n", longArgs: []string{"adjustment"},
		longFlags: []string{"help", "version"}, numeric: true}, 0),
	"time": wrapper(&optionSet{flags: "apqvV", args: "fo",
		longArgs:  []string{"format", "output"},
		longFlags: []string{"append", "portability", "verbose", "quiet", "help", "version"}}, 0),
	"timeout": wrapper(&optionSet{flags: "vfp", args: "sk",
		longArgs:  []string{"signal", "kill-after"},
		longFlags: []string{"preserve-status", "foreground", "verbose", "help", "version"}}, 1),
	"stdbuf": wrapper(&optionSet{args: "ioe", longArgs: []string{"input", "output", "error"},
		longFlags: []string{"help", "version"}}, 0),
	"setsid": wrapper(&optionSet{flags: "cfwhV",
		longFlags: []string{"ctty", "fork", "wait", "help", "version"}}, 0),
	"xargs":   xargs,
	"watch":   watch,
	"flock":   flock,
	"find":    find,
	"busybox": busybox,
	"pkexec": wrapper(&optionSet{longArgs: []string{"user"},
		longFlags: []string{"disable-internal-agent", "keep-cwd", "help", "version"}}, 0),
	"chroot":  chroot,
	"ionice":  ionice,
	"su":      su,
	"runuser": su,

	"sh": shell, "bash": shell, "zsh": shell, "dash": shell, "ksh": shell,
	"mksh": shell, "ash": shell, "rbash": shell, "yash": shell, "posh": shell,
	"source": sourceBuiltin, ".": sourceBuiltin,
	"eval":  eval,
	"trap":  trap,
	"alias": alias,
}

// wrapper returns the handler of a wrapper that takes options, then
// operands operands of its own (timeout's DURATION), then the command.
func wrapper(set *optionSet, operands int) handler {
	return func(name string, args []word, _ stdin) lookThrough {
		s := scanOptions(args, set, nil)
		lt := lookThrough{ask: optionTrouble(name, s)}
		if rest := s.rest + operands; rest < len(args) {
			lt.commands = append(lt.commands, args[rest:])
		}
		return lt
	}
}

// optionTrouble says why the options of a wrapper leave the command it runs
// uncertain; "" when they do not.
func optionTrouble(name string, s scan) string {
	switch {
	case s.unknown != "":
		return fmt.Sprintf("%s has the option %s, which is not known here, so the command it runs is not certain", name, s.unknown)
	case s.nonLiteral != "":
		return fmt.Sprintf("%s has the option %s, which is only known when the command runs, so the command it runs is not certain", name, s.nonLiteral)
	}
	return ""
}

// skipAssignments returns the index of the first word from i on that is
// not a NAME=value operand.
func skipAssignments(args []word, i int) int {
	for i < len(args) && isAssignment(args[i]) {
		i++
	}
	return i
}

var sudoOptions = optionSet{
	flags: "AbBEeHiKklnPSsVv",
	args:  "aCcDghpRrTtUu",
	longArgs: []string{"user", "group", "close-from", "chdir", "host", "prompt", "role", "type",
		"command-timeout", "other-user", "chroot", "login-class", "auth-type"},
	longFlags: []string{"askpass", "background", "bell", "edit", "set-home", "help", "login",
		"remove-timestamp", "reset-timestamp", "list", "non-interactive", "preserve-groups",
		"shell", "stdin", "validate", "version"},
	longAttached: []string{"preserve-env"},
}

// sudo runs its command, or with -s/-i and no command a shell reading
// standard input. -e (edit files), -l (list), -v, -V and -K run nothing.
func sudo(name string, args []word, _ stdin) lookThrough {
	shellMode, runsNothing := false, false
	s := scanOptions(args, &sudoOptions, func(o option) {
		switch o.name {
		case "s", "i", "shell", "login":
			shellMode = true
		case "e", "edit", "l", "list", "v", "validate", "V", "version", "K", "remove-timestamp", "help":
			runsNothing = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	if runsNothing {
		return lt
	}
	rest := skipAssignments(args, s.rest)
	switch {
	case rest < len(args):
		lt.commands = append(lt.commands, args[rest:])
	case shellMode:
		lt.readsStdin = name + " -s"
	}
	return lt
}

var doasOptions = optionSet{flags: "Lns", args: "Cu"}

// doas runs its command, or with -s a shell reading standard input. -C
// (check the configuration) and -L run nothing.
func doas(name string, args []word, _ stdin) lookThrough {
	shellMode, runsNothing := false, false
	s := scanOptions(args, &doasOptions, func(o option) {
		switch o.name {
		case "s":
			shellMode = true
		case "C", "L":
			runsNothing = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	switch {
	case runsNothing:
	case s.rest < len(args):
		lt.commands = append(lt.commands, args[s.rest:])
	case shellMode:
		lt.readsStdin = name + " -s"
	}
	return lt
}

var envOptions = optionSet{
	flags:        "i0v",
	args:         "uCS",
	longArgs:     []string{"unset", "chdir", "split-string"},
	longFlags:    []string{"ignore-environment", "null", "debug", "list-signal-handling", "help", "version"},
	longAttached: []string{"block-signal", "default-signal", "ignore-signal"},
}

// maxSplitStrings bounds env -S strings that hold env -S again.
const maxSplitStrings = 4

// env runs its command after options and NAME=value operands. env -S
// STRING splits STRING into words that take the place of the option.
func env(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for range maxSplitStrings {
		var split *word
		s := scanOptions(args, &envOptions, func(o option) {
			if o.name == "S" || o.name == "split-string" {
				v := o.value
				split = &v
			}
		})
		if lt.ask == "" {
			lt.ask = optionTrouble(name, s)
		}
		rest := s.rest
		if !s.dashDash && rest < len(args) && args[rest].text == "-" && args[rest].literal {
			rest++ // "-" alone is -i
		}
		rest = skipAssignments(args, rest)
		if split == nil {
			if rest < len(args) {
				lt.commands = append(lt.commands, args[rest:])
			}
			return lt
		}
		words, ok := splitWords(*split)
		if !ok {
			// Not a plain list of words: still look at what is visible,
			// but do not trust it.
			lt.scripts = append(lt.scripts, script{text: split.text, what: "the string given to env -S"})
			if rest < len(args) {
				lt.commands = append(lt.commands, args[rest:])
			}
			return lt
		}
		args = append(words, args[rest:]...)
	}
	lt.ask = fmt.Sprintf("env -S strings nest more than %d deep; the command inside is not analysed", maxSplitStrings)
	return lt
}

// splitWords splits an env -S string into words. It succeeds only when the
// string is literal and parses as one plain simple command, so the shell's
// word splitting and env's agree.
func splitWords(w word) ([]word, bool) {
	if !w.literal {
		return nil, false
	}
	f, err := parse(w.text)
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	s := f.Stmts[0]
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(s.Redirs) > 0 || s.Negated || s.Background {
		return nil, false
	}
	words := make([]word, 0, len(call.Assigns)+len(call.Args))
	for _, as := range call.Assigns {
		words = append(words, renderAssign(w.text, as))
	}
	for _, a := range call.Args {
		words = append(words, renderWord(w.text, a))
	}
	return words, allLiteral(words)
}

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
		lt.commands = append(lt.commands, filledIn(args[s.rest:], replace))
	}
	return lt
}

// filledIn returns words with every word that holds the placeholder marked
// as not literal: xargs -I and find -exec put their input there, so such a
// word is only known at run time. A command name or a shell script holding
// the placeholder then makes its unit ask.
func filledIn(words []word, placeholder string) []word {
	if placeholder == "" {
		return words
	}
	var out []word
	for i, w := range words {
		if !w.literal || !strings.Contains(w.text, placeholder) {
			continue
		}
		if out == nil {
			out = append([]word(nil), words...)
		}
		out[i].literal = false
	}
	if out == nil {
		return words
	}
	return out
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
	var shellString *word
	s := scanOptions(args, &flockOptions, func(o option) {
		if o.name == "c" || o.name == "command" {
			v := o.value
			shellString = &v
		}
	})
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

var chrootOptions = optionSet{
	longArgs:  []string{"userspec", "groups"},
	longFlags: []string{"skip-chdir", "help", "version"},
}

// chroot NEWROOT runs its command, or an interactive shell when none is
// given.
func chroot(name string, args []word, _ stdin) lookThrough {
	s := scanOptions(args, &chrootOptions, nil)
	lt := lookThrough{ask: optionTrouble(name, s)}
	switch rest := s.rest + 1; {
	case rest < len(args):
		lt.commands = append(lt.commands, args[rest:])
	case rest == len(args):
		lt.readsStdin = name
	}
	return lt
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

var suOptions = optionSet{
	flags:     "flmpPhV",
	args:      "cgGswu",
	longArgs:  []string{"command", "session-command", "group", "supp-group", "shell", "whitelist-environment", "user"},
	longFlags: []string{"fast", "login", "preserve-environment", "pty", "help", "version"},
}

// su (and runuser) run a shell as another user: the shell string of -c,
// or with runuser -u USER a command, or else a shell reading standard input
// (or running a script file named after the user). Options may come after
// the user, as GNU getopt allows.
func su(name string, args []word, _ stdin) lookThrough {
	var shellString *word
	userOption := false
	visit := func(o option) {
		switch o.name {
		case "c", "command", "session-command":
			v := o.value
			shellString = &v
		case "u", "user":
			userOption = true
		}
	}
	var operands []word
	var lt lookThrough
	for i := 0; i < len(args); {
		s := scanOptions(args[i:], &suOptions, visit)
		if lt.ask == "" {
			lt.ask = optionTrouble(name, s)
		}
		i += s.rest
		if s.dashDash || userOption {
			operands = append(operands, args[i:]...)
			break
		}
		if i < len(args) {
			if args[i].text != "-" {
				operands = append(operands, args[i])
			}
			i++
		}
	}
	switch {
	case shellString != nil:
		lt.scripts = []script{{text: shellString.text, literal: shellString.literal, what: "the command given to " + name + " -c"}}
	case userOption:
		if len(operands) > 0 {
			lt.commands = append(lt.commands, operands)
		}
	case len(operands) <= 1:
		lt.readsStdin = name
	}
	return lt
}
