package gate

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
)

// Codex's exec_command can start a program with a terminal and feed it lines later through
// write_stdin, which runs no hook (Codex 0.171.0), and its hook payload drops the tty flag. A
// shell or an interpreter started without a script reads its commands from that terminal: what
// is typed into it is never shown to the gate. Such a start is asked, whatever the rules say,
// so that no catch-all lets through a door to unchecked commands.

// interactivePrograms read commands from their terminal when given no script or command.
var interactivePrograms = []string{
	"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "tcsh", "csh", "yash", "busybox",
	"pwsh", "powershell", "nu", "elvish", "xonsh",
	"python", "ipython", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "irb", "ruby", "perl",
	"php", "lua", "luajit", "R", "julia", "ghci", "erl", "iex", "scala", "clojure", "clj", "jshell",
	"ed", "ex", "bc", "dc",
}

// clientPrograms open a session with a server or a debuggee whatever operands name it (psql
// -h db, sqlite3 app.db, gdb ./prog); they run no session only when given what to run
// (-c, -f, -e) or a statement after what they open (sqlite3 app.db 'select 1').
var clientPrograms = []string{"sqlite3", "psql", "mysql", "mariadb", "mongo", "mongosh", "redis-cli", "gdb", "lldb", "ftp", "sftp"}

// terminalPrograms start a shell or a session whatever their arguments, unless given a
// command to run: multiplexers, remote shells and containers.
var terminalPrograms = []string{"tmux", "screen", "script", "su", "login", "ssh", "telnet", "nc", "ncat", "socat"}

// versioned is an interpreter name with its version (python3, python3.12, ruby3.2, php8).
var versioned = regexp.MustCompile(`^([a-zA-Z]+?)[0-9]+(\.[0-9]+)*$`)

// interactiveOptions ask a shell or interpreter to read its terminal even with a script.
var interactiveOptions = []string{"-i", "--interactive", "-s", "-"}

// InteractiveStart returns the first command of cmd that would read further commands from a
// terminal (a shell or interpreter without a script, -i, a multiplexer, a remote shell, a
// container's -it), or "" when none does. It is a superset on purpose: a false alarm asks the
// person, a miss lets typed commands run unseen.
func InteractiveStart(cmd string) string {
	for _, u := range shell.Analyze(cmd) {
		if u.Key != "" {
			continue
		}
		words := strings.Fields(u.Text)
		if len(words) == 0 {
			continue
		}
		if interactiveWords(words) {
			return u.Text
		}
	}
	return ""
}

// interactiveWords reports whether the command words start a program that reads commands from
// its terminal.
func interactiveWords(words []string) bool {
	prog := path.Base(words[0])
	args := words[1:]
	base := prog
	if m := versioned.FindStringSubmatch(prog); m != nil {
		base = m[1]
	}
	switch {
	case slices.Contains(terminalPrograms, prog):
		return true
	case slices.Contains(clientPrograms, prog):
		return !hasCodeOption(args) && operands(args) < 2
	case prog == "docker" || prog == "podman" || prog == "kubectl" || prog == "nerdctl" || prog == "lxc":
		return containerTerminal(args)
	case !slices.Contains(interactivePrograms, prog) && !slices.Contains(interactivePrograms, base):
		return false
	}
	for _, a := range args {
		if slices.Contains(interactiveOptions, a) {
			return true
		}
	}
	// A script, -c CODE or -e CODE is an operand or an option with one; a program given
	// nothing but options (bash --norc, python3 -q) reads its terminal.
	return operands(args) == 0 && !hasCodeOption(args)
}

// operands counts the arguments that are no option.
func operands(args []string) int {
	n := 0
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			n++
		}
	}
	return n
}

// hasCodeOption reports whether args give the program code to run instead of a terminal.
func hasCodeOption(args []string) bool {
	for _, a := range args {
		switch {
		case a == "-c", a == "-e", a == "-E", a == "--eval", a == "-m", a == "-r", a == "--command", a == "-f", a == "--file":
			return true
		case strings.HasPrefix(a, "-c") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			return true
		}
	}
	return false
}

// containerTerminal reports whether a container tool's arguments attach a terminal to a
// program in the container (docker exec -it, kubectl exec -ti, docker run --interactive).
func containerTerminal(args []string) bool {
	for _, a := range args {
		switch {
		case a == "--interactive", a == "--tty", a == "--stdin", a == "attach", a == "console":
			return true
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a[1:], "it"):
			return true
		}
	}
	return false
}
