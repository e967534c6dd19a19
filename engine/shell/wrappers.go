package shell

import (
	"fmt"
	"strings"
)

// handlers maps a command's base name to the handler that looks through it.
// A name missing here is an ordinary command. It is filled in by init, as
// some handlers consult it (xargs asks about the wrapper it feeds).
var handlers map[string]handler

func init() {
	handlers = coreHandlers()
	// The wrapper table of wrapper_table.go joins the handlers written out below.
	for _, w := range moreWrappers {
		for _, n := range w.names {
			handlers[n] = w.handler
		}
	}
}

// coreHandlers are the wrappers with a handler of their own.
func coreHandlers() map[string]handler {
	return map[string]handler{
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
		"ksh93": shell, "pdksh": shell, "oksh": shell, "lksh": shell,
		"fish": otherShell, "tcsh": otherShell, "csh": otherShell, "pwsh": powerShell, "powershell": powerShell,
		"nu": otherShell, "xonsh": otherShell, "elvish": otherShell, "rc": otherShell, "es": otherShell,
		"source": sourceBuiltin, ".": sourceBuiltin,
		"eval":      eval,
		"trap":      trap,
		"alias":     alias,
		"at":        atQueue,
		"batch":     atQueue,
		"hash":      hashBuiltin,
		"mapfile":   mapfile,
		"readarray": mapfile,
		"enable":    enableBuiltin,
	}
}

// shells are the names the shell handler reads as a POSIX-like shell.
var shells = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true, "ash": true,
	"rbash": true, "yash": true, "posh": true, "ksh93": true, "pdksh": true, "oksh": true, "lksh": true,
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
