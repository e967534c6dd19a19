package shell

import (
	"fmt"
	"regexp"
	"strings"
)

// moreWrapper is one row of the wrapper table: programs that run another
// command, and how to find it. The table is documented in docs/shell.md.
type moreWrapper struct {
	names   []string
	runs    string // how the program runs its command, for the documentation
	handler handler
}

// moreWrappers is the wrapper table beyond the core handlers. Each handler
// looks through to the command when the text shows it and asks otherwise;
// an option a handler does not know makes it ask, since it may take the
// next word and so move the command.
var moreWrappers = []moreWrapper{
	{[]string{"chrt"}, "chrt [OPTIONS] PRIORITY CMD...; -p PID runs nothing",
		idsOr(&optionSet{flags: "abdfiormvhRV", args: "TPD", longArgs: []string{"sched-runtime", "sched-period", "sched-deadline"},
			longFlags: []string{"all-tasks", "batch", "deadline", "fifo", "idle", "other", "rr", "reset-on-fork", "max", "verbose", "help", "version"}}, 1, "p", "pid", "m", "max")},
	{[]string{"taskset"}, "taskset [OPTIONS] MASK CMD...; -p PID runs nothing",
		idsOr(&optionSet{flags: "achV", longFlags: []string{"all-tasks", "cpu-list", "help", "version"}}, 1, "p", "pid")},
	{[]string{"numactl"}, "numactl [OPTIONS] CMD...",
		idsOr(&optionSet{flags: "aHlsSh", args: "iNmCpPwbW", longArgs: []string{"interleave", "preferred", "membind", "cpunodebind",
			"physcpubind", "weighted-interleave", "preferred-many", "cpubind"}, longFlags: []string{"localalloc", "show", "hardware", "all", "balancing", "huge", "touch", "strict", "help", "version"}}, 0, "s", "show", "H", "hardware")},
	{[]string{"unbuffer"}, "unbuffer [-p] CMD...", wrapper(&optionSet{flags: "p"}, 0)},
	{[]string{"sg"}, "sg GROUP [-c] CMD: the command is a shell string", sg},
	{[]string{"setpriv"}, "setpriv [OPTIONS] CMD...; -d runs nothing",
		idsOr(&optionSet{flags: "dh", longArgs: []string{"ruid", "euid", "rgid", "egid", "reuid", "regid", "groups", "inh-caps", "ambient-caps",
			"bounding-set", "securebits", "pdeathsig", "selinux-label", "apparmor-profile", "landlock-access", "landlock-rule", "seccomp-filter"},
			longFlags: []string{"clear-groups", "keep-groups", "init-groups", "nnp", "no-new-privs", "reset-env", "dump", "list-caps", "help", "version"}}, 0, "d", "dump")},
	{[]string{"unshare"}, "unshare [OPTIONS] [CMD...]; no command runs a shell on standard input",
		orShell(&optionSet{flags: "CcfhiIlmnprTUuVY", args: "GSRwo", attached: "",
			longArgs:     []string{"setgroups", "setuid", "setgid", "root", "wd", "map-user", "map-group", "map-users", "map-groups", "propagation", "monotonic", "boottime", "load-interp"},
			longAttached: []string{"mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "kill-child", "mount-proc", "mount-binfmt", "map-auto"},
			longFlags:    []string{"fork", "map-root-user", "map-current-user", "keep-caps", "help", "version"}})},
	{[]string{"nsenter"}, "nsenter [OPTIONS] [CMD...]; no command runs a shell on standard input",
		orShell(&optionSet{flags: "aFceZhV", args: "tSGNx", attached: "muinpUCTrw",
			longArgs:     []string{"target", "setuid", "setgid", "user-parent", "env"},
			longAttached: []string{"mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "root", "wd", "wdns"},
			longFlags:    []string{"all", "no-fork", "preserve-credentials", "follow-context", "join-cgroup", "keep-caps", "help", "version"}})},
	{[]string{"systemd-run"}, "systemd-run [OPTIONS] CMD...; --shell asks", systemdRun},
	{[]string{"ssh-agent"}, "ssh-agent [OPTIONS] [CMD...]; -k runs nothing",
		idsOr(&optionSet{flags: "cDdksh", args: "aEOPt"}, 0, "k")},
	{[]string{"dbus-run-session"}, "dbus-run-session [--config-file=F] [--] CMD...; --dbus-daemon=PROG asks", dbusRunSession},
	{[]string{"xvfb-run"}, "xvfb-run [OPTIONS] CMD...",
		wrapper(&optionSet{flags: "ahl", args: "defnpsw", longArgs: []string{"error-file", "auth-file", "server-num", "xauth-protocol", "server-args", "wait"},
			longFlags: []string{"auto-servernum", "auto-display", "help", "listen-tcp"}}, 0)},
	{[]string{"fakeroot"}, "fakeroot [OPTIONS] [--] [CMD...]; no command runs a shell; --lib and --faked ask", fakeroot},
	{[]string{"strace"}, "strace [OPTIONS] CMD...; -p PID runs nothing; -o |CMD runs CMD; -o FILE writes it", tracer("strace")},
	{[]string{"ltrace"}, "ltrace [OPTIONS] CMD...; -p PID runs nothing; -o FILE writes it", tracer("ltrace")},
	{[]string{"valgrind"}, "valgrind [--OPTION=VALUE...] CMD...; --db-command asks", valgrind},
	{[]string{"toybox"}, "toybox APPLET ARGS...", busybox},
	{[]string{"tmux"}, "tmux [OPTIONS] SUBCOMMAND...: new-session, new-window, split-window, respawn-*, run-shell, pipe-pane run their shell command; send-keys types into a shell; if-shell, set-option, bind-key, source-file, display-popup, command-prompt and #( ) formats ask", tmux},
	{[]string{"screen"}, "screen [OPTIONS] [CMD...]; -X, -s and -c ask", screen},
	{[]string{"script"}, "script [OPTIONS] [FILE]: -c CMD is a shell string; without -c a shell reads standard input; FILE is written", scriptCmd},
	{[]string{"parallel"}, "parallel [OPTIONS] [TEMPLATE] [::: ARGS]: the template is a shell string; with no template each argument (or input line) is a command", parallel},
	{[]string{"fd", "fdfind"}, "fd ... -x/--exec CMD... or -X/--exec-batch CMD..., up to ';'", fdExec},
	{[]string{"npx", "bunx", "pnpx"}, "npx [OPTIONS] PKG ARGS...: -c/--call CMD is a shell string", npx},
	{[]string{"uv"}, "uv run [OPTIONS] CMD..., uv tool run [OPTIONS] CMD...", uvRun},
	{[]string{"uvx"}, "uvx [OPTIONS] CMD...", uvx},
	{[]string{"nix-shell"}, "nix-shell ... --run CMD / --command CMD: a shell string; without one a shell reads standard input", nixShell},
	{[]string{"nix"}, "nix develop|shell ... -c/--command CMD...", nixCommand},
	{[]string{"firejail"}, "firejail [--OPTION[=VALUE]...] [CMD...]; no command runs a shell; --join, --shell=PROG ask", firejail},
	{[]string{"bwrap"}, "bwrap [OPTIONS] CMD...: options take a fixed number of words; --setenv sets the environment; --args FD asks", bwrap},
	{[]string{"docker", "podman", "nerdctl"}, "docker|podman run [OPTIONS] IMAGE [CMD...], exec [OPTIONS] CONTAINER CMD...; --entrypoint runs first", container},
	{[]string{"kubectl", "oc"}, "kubectl exec [OPTIONS] POD [--] CMD...", kubectlExec},
	{[]string{"git"}, "git -c alias.X=!CMD / core.pager=CMD ..., rebase -x CMD, submodule foreach CMD, bisect run CMD...", git},
	{[]string{"ssh"}, "ssh [OPTIONS] HOST [CMD...]: CMD is a shell string run on HOST; no command runs a shell reading standard input; -o ProxyCommand/LocalCommand/KnownHostsCommand asks", ssh},
}

// idsOr is a wrapper that takes options, then operands, then the command,
// unless one of the options in nothing (-p PID...) makes it run none.
func idsOr(set *optionSet, operands int, nothing ...string) handler {
	return func(name string, args []word, _ stdin) lookThrough {
		none := false
		s := scanOptions(args, set, func(o option) {
			for _, n := range nothing {
				if o.name == n {
					none = true
				}
			}
		})
		lt := lookThrough{ask: optionTrouble(name, s)}
		if rest := s.rest + operands; !none && rest < len(args) {
			lt.commands = append(lt.commands, args[rest:])
		}
		return lt
	}
}

// orShell is a wrapper whose command, when none is given, is a shell
// reading standard input.
func orShell(set *optionSet) handler {
	return func(name string, args []word, _ stdin) lookThrough {
		s := scanOptions(args, set, nil)
		lt := lookThrough{ask: optionTrouble(name, s)}
		if s.rest < len(args) {
			lt.commands = append(lt.commands, args[s.rest:])
		} else {
			lt.readsStdin = name
		}
		return lt
	}
}

// shellString is the script of a wrapper that hands words to sh -c.
func shellString(words []word, what string) script {
	return script{text: joinTexts(words), literal: allLiteral(words), what: what}
}

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

// valgrind takes only --name=value and short flags before the command;
// --db-command runs a command of its own.
func valgrind(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i := 0
	for ; i < len(args); i++ {
		t := args[i].text
		if !strings.HasPrefix(t, "-") || t == "-" {
			break
		}
		if !args[i].literal {
			lt.ask = fmt.Sprintf("%s has the option %s, which is only known when the command runs", name, t)
			continue
		}
		if strings.HasPrefix(t, "--db-command") || strings.HasPrefix(t, "--vgdb-prefix") {
			lt.ask = fmt.Sprintf("%s %s runs a command of its own", name, t)
		}
		if t == "--help" || t == "--version" {
			return lt
		}
	}
	if i < len(args) {
		lt.commands = append(lt.commands, args[i:])
	}
	return lt
}

// tmuxRunners are tmux commands whose operands are a shell command, with
// their options that take a value.
var tmuxRunners = map[string]string{
	"new-session": "cefFnstxy", "new": "cefFnstxy",
	"new-window": "cefFnt", "neww": "cefFnt",
	"split-window": "celtF", "splitw": "celtF",
	"respawn-pane": "cet", "respawnp": "cet",
	"respawn-window": "cet", "respawnw": "cet",
	"run-shell": "cdt", "run": "cdt",
	"pipe-pane": "t", "pipep": "t",
}

// tmuxAsks are tmux commands that run tmux commands or shell commands in
// ways not followed here.
var tmuxAsks = map[string]bool{
	"if-shell": true, "if": true, "set-option": true, "set": true, "set-window-option": true, "setw": true,
	"set-hook": true, "bind-key": true, "bind": true, "source-file": true, "source": true, "display-popup": true,
	"popup": true, "command-prompt": true, "confirm-before": true, "confirm": true, "display-menu": true, "menu": true,
	"set-environment": true, "setenv": true, "send-prefix": true,
}

// tmux runs a chain of commands separated by ";" words; the global -c
// runs a shell command.
func tmux(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for _, w := range args {
		if !w.literal && lt.ask == "" {
			lt.ask = fmt.Sprintf("%s has the argument %s, which is only known when the command runs", name, w.text)
		}
		if strings.Contains(w.text, "#(") && lt.ask == "" {
			lt.ask = fmt.Sprintf("%s runs the shell command of the #( ) format in %s", name, w.text)
		}
	}
	i := 0
	for i < len(args) {
		t := args[i].text
		if !strings.HasPrefix(t, "-") {
			break
		}
		i++
		if t == "-c" && i < len(args) {
			lt.scripts = append(lt.scripts, script{text: args[i].text, literal: args[i].literal, what: "the command given to tmux -c"})
			return lt
		}
		if t == "-f" || t == "-L" || t == "-S" || t == "-T" {
			i++
		}
	}
	for i < len(args) {
		end := i
		for end < len(args) && args[end].text != ";" && !strings.HasSuffix(args[end].text, `\;`) {
			end++
		}
		tmuxCommand(&lt, name, args[i:end])
		i = end + 1
	}
	return lt
}

// tmuxCommand adds what one tmux command runs.
func tmuxCommand(lt *lookThrough, name string, cmd []word) {
	if len(cmd) == 0 {
		return
	}
	sub := cmd[0].text
	switch {
	case tmuxAsks[sub]:
		if lt.ask == "" {
			lt.ask = fmt.Sprintf("%s %s may run commands that are not followed here", name, sub)
		}
	case sub == "send-keys" || sub == "send":
		// The keys are typed into a pane, whose shell runs them.
		var keys []string
		literal := true
		i := 1
		for ; i < len(cmd) && strings.HasPrefix(cmd[i].text, "-"); i++ {
			if cmd[i].text == "-t" || cmd[i].text == "-N" {
				i++
			}
		}
		for _, k := range cmd[min(i, len(cmd)):] {
			literal = literal && k.literal
			switch k.text {
			case "Enter", "C-m", "KPEnter", "C-j":
				keys = append(keys, "\n")
			case "Space":
				keys = append(keys, " ")
			default:
				keys = append(keys, k.text)
			}
		}
		lt.scripts = append(lt.scripts, script{text: strings.Join(keys, ""), literal: literal, what: "the keys sent with " + name + " send-keys"})
	default:
		opts, ok := tmuxRunners[sub]
		if !ok {
			return
		}
		i := 1
		for i < len(cmd) && strings.HasPrefix(cmd[i].text, "-") && len(cmd[i].text) > 1 {
			t := cmd[i].text
			i++
			if t == "--" {
				break
			}
			if strings.IndexByte(opts, t[len(t)-1]) >= 0 {
				i++
			}
		}
		if i < len(cmd) {
			lt.scripts = append(lt.scripts, shellString(cmd[i:], "the command given to "+name+" "+sub))
		}
	}
}

// screen runs its command (in a new window); -X sends screen commands
// (stuff types text into a window), -s names the shell and -c a
// configuration file, all of which ask.
func screen(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i := 0
	for i < len(args) {
		t := args[i].text
		if !strings.HasPrefix(t, "-") {
			break
		}
		i++
		switch t {
		case "-X", "-s", "-c":
			lt.ask = fmt.Sprintf("%s %s may run commands that are not followed here", name, t)
			return lt
		case "-ls", "-list", "-wipe", "-v", "-version", "--help", "-r", "-R", "-x":
			return lt
		case "-Logfile":
			i++
		default:
			// A cluster (-dmS name) ends with at most one option that
			// takes the next word.
			if strings.ContainsAny(t[len(t)-1:], "SehpTt") {
				i++
			}
		}
	}
	if i < len(args) {
		lt.commands = append(lt.commands, args[i:])
	}
	return lt
}

var scriptOptions = optionSet{
	flags: "aeEfhqVO", args: "cBImoTt",
	longArgs:     []string{"command", "log-in", "log-out", "log-io", "log-timing", "logging-format", "output-limit", "echo"},
	longAttached: []string{"timing"},
	longFlags:    []string{"append", "return", "flush", "force", "quiet", "help", "version"},
}

// scriptCmd is util-linux script: -c runs a shell string, otherwise a
// shell reads standard input; the FILE operand is written.
func scriptCmd(name string, args []word, _ stdin) lookThrough {
	var cmd *word
	s := scanOptions(args, &scriptOptions, func(o option) {
		if o.name == "c" || o.name == "command" {
			v := o.value
			cmd = &v
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	if cmd != nil {
		lt.scripts = append(lt.scripts, script{text: cmd.text, literal: cmd.literal, what: "the command given to " + name + " -c"})
	} else {
		lt.readsStdin = name
	}
	lt.edits = append(lt.edits, args[s.rest:]...)
	return lt
}

var parallelOptions = optionSet{
	flags: "0kmquvXeEgh", args: "jINnLPSdCa",
	longArgs: []string{"jobs", "max-procs", "colsep", "halt", "halt-on-error", "delimiter", "max-args", "max-lines", "max-replace-args",
		"tagstring", "results", "joblog", "timeout", "delay", "retries", "memfree", "load", "arg-file", "basefile", "tmpdir", "workdir", "sshlogin"},
	longFlags: []string{"keep-order", "null", "quote", "verbose", "bar", "progress", "eta", "dry-run", "tag", "ungroup", "line-buffer",
		"group", "will-cite", "no-notice", "xargs", "no-run-if-empty", "shuf", "pipe", "help", "version", "citation", "lb", "silent"},
}

// parallel is GNU parallel: the words before ::: (or ::::) are a command
// template run by a shell; with no template each argument after ::: is a
// command of its own, and with no ::: the commands or arguments come from
// standard input or a file.
func parallel(name string, args []word, _ stdin) lookThrough {
	quote := false
	argFile := false
	s := scanOptions(args, &parallelOptions, func(o option) {
		switch o.name {
		case "q", "quote":
			quote = true
		case "a", "arg-file", "sshlogin", "S":
			argFile = true
		}
	})
	lt := lookThrough{ask: optionTrouble(name, s)}
	rest := args[s.rest:]
	sep := len(rest)
	for i, w := range rest {
		if strings.HasPrefix(w.text, ":::") {
			sep = i
			break
		}
	}
	template := rest[:sep]
	if len(template) == 0 {
		if sep == len(rest) || argFile || rest[sep].text != ":::" {
			if lt.ask == "" {
				lt.ask = fmt.Sprintf("%s runs commands it reads from its input or a file, which the command text does not show", name)
			}
			return lt
		}
		for _, w := range rest[sep+1:] {
			if strings.HasPrefix(w.text, ":::") {
				break
			}
			lt.scripts = append(lt.scripts, script{text: w.text, literal: w.literal, what: "a command given to " + name})
		}
		return lt
	}
	if quote {
		lt.commands = append(lt.commands, filledIn(template, "{"))
		return lt
	}
	// The template is run by a shell with each argument, quoted, in place
	// of its replacement strings ({}, {.}, {1}...) or after it. Arguments
	// given after ::: are filled in; others stand as "$ARG", so a
	// replacement string in the command's place still makes it ask.
	var vals []word
	known := sep < len(rest) && !argFile && (rest[sep].text == ":::" || rest[sep].text == ":::+")
	for _, w := range rest[min(sep+1, len(rest)):] {
		if strings.HasPrefix(w.text, "::::") {
			known = false
		}
		if !strings.HasPrefix(w.text, ":::") {
			vals = append(vals, w)
		}
	}
	if !known || len(vals) == 0 || len(vals) > maxParallelArgs || !allLiteral(vals) {
		vals = []word{{text: `"$ARG"`, literal: true}}
	} else {
		for i, w := range vals {
			vals[i] = word{text: "'" + strings.ReplaceAll(w.text, "'", `'\''`) + "'", literal: true}
		}
	}
	body := joinTexts(template)
	for _, arg := range vals {
		text := body
		if parallelReplacement.MatchString(body) {
			text = parallelReplacement.ReplaceAllLiteralString(body, arg.text)
		} else {
			text += " " + arg.text
		}
		lt.scripts = append(lt.scripts, script{text: text, literal: allLiteral(template), what: "the command template given to " + name})
	}
	return lt
}

// maxParallelArgs bounds the arguments filled into a parallel template one
// by one; with more, they stand as "$ARG".
const maxParallelArgs = 16

// parallelReplacement matches GNU parallel's replacement strings.
var parallelReplacement = regexp.MustCompile(`\{[0-9]*(\.|/|//|/\.|#|%)?\}`)

// fdExec finds the commands of fd's -x/--exec and -X/--exec-batch, up to
// a ";" word; placeholders ({}, {/}, {.}...) are filled in per file.
func fdExec(_ string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		start := -1
		switch {
		case t == "-x" || t == "-X" || t == "--exec" || t == "--exec-batch":
			start = i + 1
		case strings.HasPrefix(t, "--exec=") || strings.HasPrefix(t, "--exec-batch="):
			_, v, _ := strings.Cut(t, "=")
			args = append(append(append([]word(nil), args[:i+1]...), word{text: v, literal: args[i].literal}), args[i+1:]...)
			start = i + 1
		case len(t) > 2 && t[0] == '-' && t[1] != '-' && (t[len(t)-1] == 'x' || t[len(t)-1] == 'X'):
			start = i + 1
		}
		if start < 0 {
			continue
		}
		end := start
		for end < len(args) && args[end].text != ";" {
			end++
		}
		if end > start {
			lt.commands = append(lt.commands, filledIn(args[start:end], "{"))
		}
		i = end
	}
	return lt
}

// npx runs a package's program (the package name is the command as rules
// see it); -c/--call runs a shell string.
func npx(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "-c" || t == "--call":
			if i+1 < len(args) {
				lt.scripts = append(lt.scripts, script{text: args[i+1].text, literal: args[i+1].literal, what: "the command given to " + name + " -c"})
			}
			return lt
		case strings.HasPrefix(t, "--call="):
			lt.scripts = append(lt.scripts, script{text: t[len("--call="):], literal: args[i].literal, what: "the command given to " + name + " --call"})
			return lt
		case !strings.HasPrefix(t, "-"):
			return lt
		}
	}
	return lt
}

var uvOptions = optionSet{
	flags: "qvnh",
	args:  "wpC",
	longArgs: []string{"with", "with-editable", "with-requirements", "python", "package", "extra", "group", "only-group", "no-group",
		"env-file", "directory", "project", "index", "default-index", "index-url", "extra-index-url", "find-links", "cache-dir",
		"config-file", "from", "index-strategy", "keyring-provider", "resolution", "prerelease", "exclude-newer", "link-mode",
		"compile-bytecode", "reinstall-package", "upgrade-package", "refresh-package", "no-binary-package", "no-build-package", "color", "allow-insecure-host"},
	longFlags: []string{"quiet", "verbose", "no-cache", "offline", "no-sync", "frozen", "locked", "isolated", "active", "no-project",
		"all-extras", "all-packages", "no-dev", "dev", "only-dev", "no-default-groups", "all-groups", "no-editable", "script", "gui-script",
		"module", "no-env-file", "native-tls", "no-config", "no-progress", "upgrade", "reinstall", "refresh", "no-build-isolation",
		"exact", "inexact", "no-binary", "no-build", "preview", "no-python-downloads", "managed-python", "no-managed-python", "help", "version"},
}

// uvRun: uv run and uv tool run look through to their command; other uv
// subcommands run nothing of the caller's.
func uvRun(name string, args []word, in stdin) lookThrough {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].text, "-") {
		i++
	}
	switch {
	case i < len(args) && args[i].text == "run":
		return uvx(name+" run", args[i+1:], in)
	case i+1 < len(args) && args[i].text == "tool" && args[i+1].text == "run":
		return uvx(name+" tool run", args[i+2:], in)
	}
	return lookThrough{}
}

// uvx runs its command after options.
func uvx(name string, args []word, _ stdin) lookThrough {
	s := scanOptions(args, &uvOptions, nil)
	lt := lookThrough{ask: optionTrouble(name, s)}
	if s.rest < len(args) {
		lt.commands = append(lt.commands, args[s.rest:])
	}
	return lt
}

// nixShell: --run and --command give a shell string; -E/--expr gives Nix
// code; without --run a shell reads standard input.
func nixShell(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch t {
		case "--run", "--command":
			if i+1 < len(args) {
				lt.scripts = append(lt.scripts, script{text: args[i+1].text, literal: args[i+1].literal, what: "the command given to " + name + " " + t})
			}
			return lt
		case "-E", "--expr":
			lt.ask = fmt.Sprintf("%s %s evaluates Nix code, which may run commands", name, t)
		}
	}
	lt.readsStdin = name
	return lt
}

// nixCommand: nix develop and nix shell run -c/--command CMD...; nix run
// and the others run packages, not commands of the text.
func nixCommand(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	if len(args) == 0 || (args[0].text != "develop" && args[0].text != "shell") {
		return lt
	}
	for i := 1; i < len(args); i++ {
		t := args[i].text
		if t == "-c" || t == "--command" {
			if i+1 < len(args) {
				lt.commands = append(lt.commands, args[i+1:])
			}
			return lt
		}
	}
	if args[0].text == "develop" {
		lt.readsStdin = name + " develop"
	}
	return lt
}

// firejail takes only --name[=value] options before the command, or runs
// a shell; --join attaches to another sandbox, --shell=PROG names the
// shell, and both ask.
func firejail(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i := 0
	for ; i < len(args); i++ {
		t := args[i].text
		if t == "--" {
			i++
			break
		}
		if !strings.HasPrefix(t, "-") {
			break
		}
		if !args[i].literal {
			lt.ask = fmt.Sprintf("%s has the option %s, which is only known when the command runs", name, t)
		}
		if strings.HasPrefix(t, "--join") || strings.HasPrefix(t, "--shell=") || strings.HasPrefix(t, "--profile") && strings.Contains(t, "/dev/") {
			lt.ask = fmt.Sprintf("%s %s runs commands that are not followed here", name, t)
		}
		if t == "--help" || t == "--version" || strings.HasPrefix(t, "--list") || strings.HasPrefix(t, "--tree") {
			return lt
		}
	}
	if i < len(args) {
		lt.commands = append(lt.commands, args[i:])
	} else {
		lt.readsStdin = name
	}
	return lt
}

// bwrapArity is how many words each bwrap option takes.
var bwrapArity = map[string]int{
	"--bind": 2, "--ro-bind": 2, "--dev-bind": 2, "--bind-try": 2, "--ro-bind-try": 2, "--dev-bind-try": 2,
	"--symlink": 2, "--setenv": 2, "--file": 2, "--bind-data": 2, "--ro-bind-data": 2, "--chmod": 2, "--bind-fd": 2, "--ro-bind-fd": 2,
	"--overlay": 3,
	"--chdir":   1, "--proc": 1, "--dev": 1, "--tmpfs": 1, "--dir": 1, "--unsetenv": 1, "--uid": 1, "--gid": 1, "--hostname": 1,
	"--remount-ro": 1, "--seccomp": 1, "--add-seccomp-fd": 1, "--info-fd": 1, "--json-status-fd": 1, "--block-fd": 1,
	"--userns-block-fd": 1, "--sync-fd": 1, "--lock-file": 1, "--exec-label": 1, "--file-label": 1, "--cap-add": 1, "--cap-drop": 1,
	"--perms": 1, "--size": 1, "--userns": 1, "--userns2": 1, "--pidns": 1, "--argv0": 1, "--mqueue": 1, "--overlay-src": 1,
	"--tmp-overlay": 1, "--ro-overlay": 1,
	"--unshare-all": 0, "--share-net": 0, "--unshare-user": 0, "--unshare-user-try": 0, "--unshare-ipc": 0, "--unshare-pid": 0,
	"--unshare-net": 0, "--unshare-uts": 0, "--unshare-cgroup": 0, "--unshare-cgroup-try": 0, "--die-with-parent": 0,
	"--as-pid-1": 0, "--new-session": 0, "--clearenv": 0, "--disable-userns": 0, "--assert-userns-disabled": 0, "--level-prefix": 0,
}

// bwrap runs its command after options of fixed arity; --setenv VAR VALUE
// sets the command's environment; --args FD reads more arguments from a
// descriptor, which asks.
func bwrap(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i := 0
	for i < len(args) {
		t := args[i].text
		if t == "--" {
			i++
			break
		}
		if !strings.HasPrefix(t, "-") {
			break
		}
		n, ok := bwrapArity[t]
		switch {
		case t == "--args":
			lt.ask = fmt.Sprintf("%s --args reads more arguments from a descriptor, which the command text does not show", name)
			return lt
		case !ok || !args[i].literal:
			lt.ask = fmt.Sprintf("%s has the option %s, which is not known here, so the command it runs is not certain", name, t)
			return lt
		case t == "--setenv" && i+2 < len(args):
			lt.env = append(lt.env, word{text: args[i+1].text + "=" + args[i+2].text, literal: args[i+1].literal && args[i+2].literal})
		}
		i += 1 + n
	}
	if i < len(args) {
		lt.commands = append(lt.commands, args[i:])
	}
	return lt
}

var containerRunOptions = optionSet{
	flags: "dilPqt",
	args:  "acehlmpuvw",
	longArgs: []string{"name", "entrypoint", "env", "env-file", "volume", "workdir", "user", "network", "net", "publish", "label",
		"mount", "platform", "pull", "hostname", "memory", "memory-swap", "cpus", "cpu-shares", "cpuset-cpus", "add-host", "device", "dns",
		"gpus", "ipc", "pid", "restart", "runtime", "shm-size", "tmpfs", "ulimit", "volumes-from", "cap-add", "cap-drop", "security-opt",
		"log-driver", "log-opt", "cidfile", "expose", "link", "group-add", "health-cmd", "health-interval", "health-retries",
		"health-timeout", "health-start-period", "stop-signal", "stop-timeout", "userns", "uts", "cgroupns", "isolation", "storage-opt",
		"sysctl", "label-file", "mac-address", "ip", "ip6", "attach", "detach-keys", "annotation", "cgroup-parent", "network-alias",
		"pids-limit", "blkio-weight", "oom-score-adj", "domainname", "dns-search", "dns-option", "arch", "os", "variant", "secret",
		"replace", "pod", "userns-remap", "uidmap", "gidmap", "subuidname", "subgidname", "cpu-period", "cpu-quota", "memory-reservation"},
	longFlags: []string{"detach", "interactive", "tty", "rm", "privileged", "init", "read-only", "quiet", "no-healthcheck",
		"oom-kill-disable", "publish-all", "help", "sig-proxy", "disable-content-trust", "use-api-socket"},
}

// container handles docker, podman and nerdctl run and exec (also as
// "container run"): the command after the image or container runs inside
// it, after --entrypoint's program when one is given; -e VAR=VALUE sets
// its environment; --health-cmd runs a shell string.
func container(name string, args []word, in stdin) lookThrough {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].text, "-") {
		t := args[i].text
		i++
		// Global options with a value: -H host, --context, --config, -c, -l.
		if t == "-H" || t == "--host" || t == "--context" || t == "--config" || t == "-c" || t == "-l" || t == "--log-level" || t == "--url" || t == "--connection" {
			i++
		}
	}
	if i < len(args) && args[i].text == "container" {
		i++
	}
	if i >= len(args) {
		return lookThrough{}
	}
	sub := args[i].text
	if sub != "run" && sub != "exec" && sub != "create" {
		return lookThrough{}
	}
	rest := args[i+1:]
	var entrypoint *word
	var env []word
	health := ""
	s := scanOptions(rest, &containerRunOptions, func(o option) {
		switch o.name {
		case "entrypoint":
			v := o.value
			entrypoint = &v
		case "e", "env":
			if strings.Contains(o.value.text, "=") {
				env = append(env, o.value)
			}
		case "health-cmd":
			health = o.value.text
		}
	})
	lt := lookThrough{ask: optionTrouble(name+" "+sub, s), env: env}
	if health != "" {
		lt.scripts = append(lt.scripts, script{text: health, literal: true, what: "the command given to " + name + " --health-cmd"})
	}
	op := s.rest + 1 // the image or container
	var cmd []word
	if entrypoint != nil && entrypoint.text != "" {
		cmd = append(cmd, *entrypoint)
	}
	if op < len(rest) {
		cmd = append(cmd, rest[op:]...)
	}
	if len(cmd) > 0 {
		lt.commands = append(lt.commands, cmd)
	}
	return lt
}

// kubectlExec: kubectl exec POD -- CMD... runs CMD in the pod.
func kubectlExec(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	sub := -1
	for i := 0; i < len(args); i++ {
		t := args[i].text
		if !strings.HasPrefix(t, "-") {
			sub = i
			break
		}
		if !strings.Contains(t, "=") && (t == "-n" || t == "--namespace" || t == "--context" || t == "--kubeconfig" || t == "--cluster" || t == "--user" || t == "-s" || t == "--server" || t == "--token") {
			i++
		}
	}
	if sub < 0 || args[sub].text != "exec" {
		return lt
	}
	rest := args[sub+1:]
	for i, w := range rest {
		if w.text == "--" {
			if i+1 < len(rest) {
				lt.commands = append(lt.commands, rest[i+1:])
			}
			return lt
		}
	}
	// The old form, kubectl exec POD CMD..., with no "--".
	s := scanOptions(rest, &optionSet{flags: "itq", args: "cfn", longArgs: []string{"container", "filename", "namespace", "pod-running-timeout", "context"},
		longFlags: []string{"stdin", "tty", "quiet"}}, nil)
	lt.ask = optionTrouble(name+" exec", s)
	if s.rest+1 < len(rest) {
		lt.commands = append(lt.commands, rest[s.rest+1:])
	}
	return lt
}

var sshOptions = optionSet{
	flags: "46AaCfGgKkMNnqsTtVvXxYy",
	args:  "BbcDEeFIiJLlmOopQRSWw",
}

// sshCommandKeys are ssh_config keys whose value ssh runs on this machine.
var sshCommandKeys = []string{"proxycommand", "localcommand", "knownhostscommand", "permitlocalcommand", "match"}

// ssh runs its command words, joined, as a shell string on the remote
// host; with none (and no -N), a shell there reads standard input. -o
// options that make ssh run a local command ask; -o RemoteCommand= runs a
// remote shell string.
func ssh(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	noCommand := false
	visit := func(o option) {
		switch o.name {
		case "N", "W", "O", "G", "V", "Q":
			noCommand = true
		case "o":
			k, v, _ := strings.Cut(o.value.text, "=")
			if !strings.Contains(o.value.text, "=") {
				k, v, _ = strings.Cut(o.value.text, " ")
			}
			k = strings.ToLower(strings.TrimSpace(k))
			if !o.value.literal {
				lt.ask = fmt.Sprintf("%s has the option -o %s, which is only known when the command runs", name, o.value.text)
			}
			for _, c := range sshCommandKeys {
				if k == c {
					lt.ask = fmt.Sprintf("%s -o %s runs a command on this machine", name, o.value.text)
				}
			}
			if k == "remotecommand" {
				lt.scripts = append(lt.scripts, script{text: v, literal: o.value.literal, what: "the remote command given to " + name})
			}
		}
	}
	s := scanOptions(args, &sshOptions, visit)
	if lt.ask == "" {
		lt.ask = optionTrouble(name, s)
	}
	rest := s.rest + 1 // the host
	if rest < len(args) {
		// ssh reads options after the host too (ssh host -p 22 CMD, ssh host -- CMD).
		after := scanOptions(args[rest:], &sshOptions, visit)
		if lt.ask == "" {
			lt.ask = optionTrouble(name, after)
		}
		rest += after.rest
	}
	switch {
	case rest < len(args):
		lt.scripts = append(lt.scripts, shellString(args[rest:], "the command given to "+name))
	case !noCommand && s.rest < len(args) && len(lt.scripts) == 0:
		lt.readsStdin = name
	}
	return lt
}

// otherShell handles shells whose language is not bash's (fish, csh,
// tcsh, PowerShell, nu...): a script given with -c (-Command) is shown
// but not trusted, since this package parses bash; with no script or
// file, the shell reads standard input.
func otherShell(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		lower := strings.ToLower(t)
		switch {
		case lower == "-c" || lower == "--command" || lower == "-command" || lower == "-co" || lower == "-com" || lower == "-comm" || strings.HasPrefix(lower, "--command=") || lower == "-init-command" || lower == "--init-command" || lower == "-c:":
			text := ""
			if _, v, ok := strings.Cut(t, "="); ok && strings.HasPrefix(lower, "--") {
				text = v
			} else if i+1 < len(args) {
				text = joinTexts(args[i+1:])
			}
			lt.scripts = append(lt.scripts, script{text: text, what: "the script given to " + name + " " + t + ", in a language other than bash"})
			return lt
		case strings.HasPrefix(lower, "-e") || strings.HasPrefix(lower, "-encodedcommand") || strings.HasPrefix(lower, "-ec"):
			lt.ask = fmt.Sprintf("%s %s runs an encoded script, which the command text does not show", name, t)
			return lt
		case lower == "-f" || lower == "-file":
			if i+1 < len(args) {
				scriptFile(&lt, name, args[i+1])
			}
			return lt
		case strings.HasPrefix(t, "-") && t != "-":
		default:
			if t == "-" {
				lt.readsStdin = name
			} else {
				scriptFile(&lt, name, args[i])
			}
			return lt
		}
	}
	lt.readsStdin = name
	return lt
}

// atQueue is at and batch: they read the script to run later from
// standard input (or -f FILE); -l, -d, -r, -c and -q with no time run
// nothing now.
func atQueue(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "-f":
			if i+1 < len(args) {
				scriptFile(&lt, name, args[i+1])
			}
			return lt
		case t == "-l" || t == "-d" || t == "-r" || t == "-c" || t == "-V" || t == "-h" || t == "--help":
			return lt
		}
	}
	if name == "atq" || name == "atrm" {
		return lt
	}
	lt.readsStdin = name
	return lt
}

// hashBuiltin: hash -p PATH NAME makes NAME run PATH for the rest of the
// shell, so later words do not say what runs.
func hashBuiltin(name string, args []word, _ stdin) lookThrough {
	for _, a := range args {
		if strings.HasPrefix(a.text, "-") && strings.Contains(a.text, "p") || !a.literal {
			return lookThrough{ask: fmt.Sprintf("%s -p makes a name run another program for the rest of the shell, so later commands are not what they seem", name)}
		}
	}
	return lookThrough{}
}

// mapfile (readarray) -C CALLBACK evaluates CALLBACK every -c lines.
func mapfile(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "-C" && i+1 < len(args):
			lt.scripts = append(lt.scripts, script{text: args[i+1].text, literal: args[i+1].literal, what: "the callback given to " + name + " -C"})
			i++
		case strings.HasPrefix(t, "-C") && len(t) > 2:
			lt.scripts = append(lt.scripts, script{text: t[2:], literal: args[i].literal, what: "the callback given to " + name + " -C"})
		case t == "-d" || t == "-n" || t == "-O" || t == "-s" || t == "-u" || t == "-c":
			i++
		}
	}
	return lt
}

// enableBuiltin: enable -f FILE NAME loads a builtin from a shared object,
// which runs its code.
func enableBuiltin(name string, args []word, _ stdin) lookThrough {
	for _, a := range args {
		if !a.literal || strings.HasPrefix(a.text, "-") && strings.Contains(a.text, "f") {
			return lookThrough{ask: fmt.Sprintf("%s -f loads a builtin from a shared object, which runs its code", name)}
		}
	}
	return lookThrough{}
}

// gitScriptKeys are configuration keys whose value git runs as a shell
// command.
var gitScriptKeys = []string{"core.pager", "core.editor", "core.sshcommand", "core.fsmonitor", "sequence.editor", "diff.external", "pager."}

// git looks through the commands git runs from its arguments: -c values
// that are shell commands (alias.x=!cmd, core.pager=cmd), rebase -x/--exec,
// submodule foreach and bisect run. That these need a rule naming them is
// the code-running catalogue's business (codeNeeds).
func git(name string, args []word, _ stdin) lookThrough {
	var lt lookThrough
	i := 0
	for ; i < len(args); i++ {
		t := args[i].text
		if !strings.HasPrefix(t, "-") {
			break
		}
		v := word{}
		switch {
		case t == "-c" && i+1 < len(args):
			i++
			v = args[i]
		case strings.HasPrefix(t, "-c") && !strings.HasPrefix(t, "--"):
			v = word{text: t[2:], literal: args[i].literal}
		case t == "-C" || t == "--git-dir" || t == "--work-tree" || t == "--namespace":
			i++
			continue
		default:
			continue
		}
		key, value, _ := strings.Cut(v.text, "=")
		key = strings.ToLower(key)
		if cmd, ok := strings.CutPrefix(value, "!"); ok && strings.HasPrefix(key, "alias.") {
			lt.scripts = append(lt.scripts, script{text: cmd, literal: v.literal, what: "the alias given to git -c"})
			continue
		}
		for _, k := range gitScriptKeys {
			if strings.HasPrefix(key, k) {
				lt.scripts = append(lt.scripts, script{text: value, literal: v.literal, what: "the command given to git -c " + key})
			}
		}
	}
	if i >= len(args) {
		return lt
	}
	sub, rest := args[i].text, args[i+1:]
	switch sub {
	case "rebase":
		for j := 0; j < len(rest); j++ {
			t := rest[j].text
			switch {
			case (t == "-x" || t == "--exec") && j+1 < len(rest):
				lt.scripts = append(lt.scripts, script{text: rest[j+1].text, literal: rest[j+1].literal, what: "the command given to git rebase " + t})
				j++
			case strings.HasPrefix(t, "--exec="):
				lt.scripts = append(lt.scripts, script{text: t[len("--exec="):], literal: rest[j].literal, what: "the command given to git rebase --exec"})
			case strings.HasPrefix(t, "-x") && len(t) > 2:
				lt.scripts = append(lt.scripts, script{text: t[2:], literal: rest[j].literal, what: "the command given to git rebase -x"})
			}
		}
	case "submodule":
		for j, w := range rest {
			if w.text == "foreach" {
				k := j + 1
				for k < len(rest) && strings.HasPrefix(rest[k].text, "-") {
					k++
				}
				if k < len(rest) {
					lt.scripts = append(lt.scripts, shellString(rest[k:], "the command given to git submodule foreach"))
				}
				break
			}
		}
	case "bisect":
		if len(rest) > 1 && rest[0].text == "run" {
			lt.commands = append(lt.commands, rest[1:])
		}
	}
	return lt
}
