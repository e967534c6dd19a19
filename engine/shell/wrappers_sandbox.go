package shell

// Sandboxes and environments that run their command: nix-shell, nix, firejail, bwrap.

import (
	"fmt"
	"strings"
)

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
	rest := leadingOptions(args, func(i int) (int, bool) {
		t := args[i].text
		if !args[i].literal {
			lt.ask = fmt.Sprintf("%s has the option %s, which is only known when the command runs", name, t)
		}
		if strings.HasPrefix(t, "--join") || strings.HasPrefix(t, "--shell=") || strings.HasPrefix(t, "--profile") && strings.Contains(t, "/dev/") {
			lt.ask = fmt.Sprintf("%s %s runs commands that are not followed here", name, t)
		}
		return 0, t == "--help" || t == "--version" || strings.HasPrefix(t, "--list") || strings.HasPrefix(t, "--tree")
	})
	switch {
	case rest < 0:
	case rest < len(args):
		lt.commands = append(lt.commands, args[rest:])
	default:
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
	rest := leadingOptions(args, func(i int) (int, bool) {
		t := args[i].text
		n, ok := bwrapArity[t]
		switch {
		case t == "--args":
			lt.ask = fmt.Sprintf("%s --args reads more arguments from a descriptor, which the command text does not show", name)
			return 0, true
		case !ok || !args[i].literal:
			lt.ask = fmt.Sprintf("%s has the option %s, which is not known here, so the command it runs is not certain", name, t)
			return 0, true
		case t == "--setenv" && i+2 < len(args):
			lt.env = append(lt.env, word{text: args[i+1].text + "=" + args[i+2].text, literal: args[i+1].literal && args[i+2].literal})
		}
		return n, false
	})
	if rest >= 0 && rest < len(args) {
		lt.commands = append(lt.commands, args[rest:])
	}
	return lt
}
