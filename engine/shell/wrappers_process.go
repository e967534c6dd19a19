package shell

// Wrappers that run a command under another identity, session or tracer: sg, systemd-run, dbus-run-session, fakeroot, strace, ltrace, valgrind.

import (
	"fmt"
	"strings"
)

// sg GROUP [-c] CMD runs CMD with /bin/sh -c; sg GROUP alone runs a shell.
func sg(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	if len(args) > 0 && args[0].text == "-" {
		args = args[1:]
	}
	if len(args) == 0 {
		return lt
	}
	rest := args[1:]
	if len(rest) > 0 && rest[0].text == "-c" {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		lt.readsStdin = name
		return lt
	}
	lt.scripts = []script{shellString(rest, "the command given to "+name)}
	return lt
}

var systemdRunOptions = optionSet{
	flags: "dGhqPrStV", args: "pEHMu",
	longArgs: []string{"unit", "property", "description", "slice", "setenv", "uid", "gid", "working-directory", "nice",
		"on-active", "on-boot", "on-startup", "on-unit-active", "on-unit-inactive", "on-calendar", "on-timezone-change",
		"on-clock-change", "timer-property", "path-property", "socket-property", "service-type", "host", "machine", "expand-environment", "json"},
	longFlags: []string{"user", "system", "scope", "remain-after-exit", "send-sighup", "pty", "pipe", "quiet", "wait", "collect",
		"same-dir", "shell", "no-block", "no-ask-password", "help", "version", "slice-inherit", "ignore-failure", "background"},
}

// systemdRun runs its command as a transient unit; --shell (-S) starts a
// shell reading standard input; -E VAR=VALUE sets the environment.
func systemdRun(name string, args []word, _ stdin) lookThrough {
	shellMode := false
	var env []word
	s := scanOptions(args, &systemdRunOptions, func(o option) {
		switch o.name {
		case "S", "shell":
			shellMode = true
		case "E", "setenv":
			if strings.Contains(o.value.text, "=") {
				env = append(env, o.value)
			}
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s), env: env}
	switch {
	case s.rest < len(args):
		lt.commands = append(lt.commands, args[s.rest:])
	case shellMode:
		lt.readsStdin = name + " --shell"
	}
	return lt
}

// dbusRunSession runs its command (dbus-launch's successor); --dbus-daemon
// names a program it runs, which asks.
func dbusRunSession(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i := 0
	for i < len(args) {
		t := args[i].text
		switch {
		case t == "--":
			i++
		case strings.HasPrefix(t, "--config-file="):
			i++
			continue
		case strings.HasPrefix(t, "--dbus-daemon"):
			lt.ask = fmt.Sprintf("%s runs the program of %s", name, t)
			i++
			continue
		case t == "--help" || t == "--version":
			return lt
		case strings.HasPrefix(t, "-"):
			lt.ask = fmt.Sprintf("%s has the option %s, which is not known here, so the command it runs is not certain", name, t)
			i++
			continue
		}
		break
	}
	if i < len(args) {
		lt.commands = append(lt.commands, args[i:])
	}
	return lt
}

// fakeroot runs its command, or a shell; --lib and --faked load or run
// programs of the caller's choosing.
func fakeroot(name string, args []word, _ stdin) lookThrough {
	loads := ""
	s := scanOptions(args, &optionSet{flags: "uhv", args: "lsib", longArgs: []string{"lib", "faked"}, longFlags: []string{"unknown-is-real", "help", "version"}}, func(o option) {
		if o.name == "l" || o.name == "lib" || o.name == "faked" {
			loads = o.name
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	if loads != "" && lt.ask == "" {
		lt.ask = fmt.Sprintf("%s --%s loads a program of the command's choosing", name, loads)
	}
	if s.rest < len(args) {
		lt.commands = append(lt.commands, args[s.rest:])
	} else {
		lt.readsStdin = name
	}
	return lt
}

var straceOptions = optionSet{
	flags: "cCdDfFhiknqrtTvVwxyzZY", args: "abeEIoOpPsSuUX",
	longArgs: []string{"output", "attach", "trace", "signal", "status", "user", "env", "trace-path", "string-limit", "summary-sort-by",
		"columns", "detach-on", "const-print-style", "decode-fds", "decode-pids", "quiet", "seccomp-bpf", "kvm", "absolute-timestamps",
		"timestamps", "syscall-times", "abbrev", "verbose", "raw", "read", "write", "fault", "inject", "trace-fds", "argv0"},
	longAttached: []string{"follow-forks", "output-separately", "summary", "summary-only", "summary-wall-clock", "stack-trace", "tips"},
	longFlags:    []string{"daemonize", "debug", "help", "version", "instruction-pointer", "relative-timestamps", "no-abbrev"},
}

var ltraceOptions = optionSet{
	flags: "bcCdfhiSrtTVw", args: "aAeFlLnopsuxDw",
	longArgs:  []string{"output", "align", "library", "config", "indent", "demangle"},
	longFlags: []string{"help", "version", "no-signals"},
}

// tracer handles strace and ltrace: they run their command unless -p
// attaches to a running process; -o FILE writes FILE, and strace's -o
// |CMD or -o !CMD pipes the trace into CMD.
func tracer(kind string) handler {
	set := &straceOptions
	if kind == "ltrace" {
		set = &ltraceOptions
	}
	return func(name string, args []word, _ stdin) lookThrough {
		attach := false
		var out []word
		s := scanOptions(args, set, func(o option) {
			switch o.name {
			case "p", "attach":
				attach = true
			case "o", "output":
				out = append(out, o.value)
			}
		})
		lt := lookThrough{ask: optionTrouble(name, s)}
		for _, o := range out {
			if p, ok := strings.CutPrefix(o.text, "|"); ok || strings.HasPrefix(o.text, "!") {
				if !ok {
					p = o.text[1:]
				}
				lt.scripts = append(lt.scripts, script{text: p, literal: o.literal, what: "the command given to " + name + " -o"})
				continue
			}
			lt.edits = append(lt.edits, o)
		}
		if !attach && s.rest < len(args) {
			lt.commands = append(lt.commands, args[s.rest:])
		}
		return lt
	}
}

// valgrind takes only --name=value and short flags before the command,
// and -- ends them (valgrind -q -- prog); --db-command runs a command of
// its own.
func valgrind(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	rest := leadingOptions(args, func(i int) (int, bool) {
		t := args[i].text
		if !args[i].literal {
			lt.ask = fmt.Sprintf("%s has the option %s, which is only known when the command runs", name, t)
			return 0, false
		}
		if strings.HasPrefix(t, "--db-command") || strings.HasPrefix(t, "--vgdb-prefix") {
			lt.ask = fmt.Sprintf("%s %s runs a command of its own", name, t)
		}
		return 0, t == "--help" || t == "--version"
	})
	if rest >= 0 && rest < len(args) {
		lt.commands = append(lt.commands, args[rest:])
	}
	return lt
}
