package shell

// The wrapper table beyond the core handlers, and the handler shapes its rows share.

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
	{[]string{"npx", "bunx", "pnpx"}, "npx [OPTIONS] PKG ARGS...: -c/--call CMD is a shell string (-yc CMD, -p PKG -c CMD too); an option of npm's configuration asks, and so does an option's value that looks like an option, or is only known when the command runs (npm reads such a word as an option: -p --call CMD)", npx},
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
