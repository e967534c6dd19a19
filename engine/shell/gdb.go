package shell

import "strings"

// gdbInspections are the gdb commands that only show the state of the program or core file
// being debugged: they run no shell command, script or function of the program (as shell,
// pipe, python, source, call and print do).
var gdbInspections = []string{"bt", "backtrace", "where", "info", "i", "frame", "f", "up", "down",
	"thread apply all bt", "thread apply all backtrace", "thread apply all where"}

// gdbOnlyInspects reports whether every command gdb's arguments give it (-ex, --ex,
// -eval-command, -iex, -x FILE) is a literal inspection command: then gdb runs no code a rule
// must name. A command file (-x), a command only known at run time or any other command does
// not count.
func gdbOnlyInspects(args []word) bool {
	seen := false
	for i := 0; i < len(args); i++ {
		name, value, attached := strings.Cut(strings.TrimLeft(args[i].text, "-"), "=")
		if !strings.HasPrefix(args[i].text, "-") {
			continue
		}
		switch name {
		case "ex", "eval-command", "iex", "init-eval-command":
		case "x", "command", "init-command", "ix":
			return false
		default:
			continue
		}
		v := word{text: value, literal: args[i].literal}
		if !attached {
			if i+1 >= len(args) {
				return false
			}
			i++
			v = args[i]
		}
		if !v.literal || !gdbInspection(v.text) {
			return false
		}
		seen = true
	}
	return seen
}

// gdbInspection reports whether the gdb command text only shows state: one of
// gdbInspections, with at most a count or "full" after it (info takes its subject).
func gdbInspection(text string) bool {
	f := strings.Fields(text)
	for _, c := range gdbInspections {
		cf := strings.Fields(c)
		if len(f) < len(cf) || strings.Join(f[:len(cf)], " ") != c {
			continue
		}
		rest := f[len(cf):]
		if c == "info" || c == "i" {
			return len(rest) >= 1 && len(rest) <= 2 && !strings.ContainsAny(strings.Join(rest, " "), "|!;$`")
		}
		return len(rest) == 0 || len(rest) == 1 && (rest[0] == "full" || isNumber(rest[0]) || strings.HasPrefix(rest[0], "-"))
	}
	return false
}
