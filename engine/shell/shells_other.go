package shell

// Shells agentmgr does not parse, and at/batch, which read a script from standard input.

import (
	"fmt"
	"strings"
)

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
