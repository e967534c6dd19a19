package shell

import "fmt"

// find runs the command of each -exec, -execdir, -ok and -okdir action,
// up to its ";" (or "+" right after "{}"). Each such command is looked
// through like any other. "{}" stays as it is in the text, but a word
// holding it is filled in with a file name, so it is not literal: as a
// command name or in a shell script it makes the unit ask.
func find(_ string, args []word, _ stdin) lookThrough {
	lt := lookThrough{edits: findFiles(args)}
	for i := 0; i < len(args); i++ {
		w := args[i]
		if !w.literal && w.split && lt.ask == "" {
			// An unquoted expansion can split into several words, among
			// them an action such as -exec or -delete.
			lt.ask = fmt.Sprintf("find has the argument %s, which may expand to actions that are only known when the command runs", w.text)
		}
		switch w.text {
		case "-exec", "-ok":
		case "-execdir", "-okdir":
			// Each command runs in the directory of the file it is given.
			lt.chdirUnknown = true
		default:
			continue
		}
		start := i + 1
		end := start
		for end < len(args) {
			t := args[end].text
			if t == ";" || (t == "+" && end > start && args[end-1].text == "{}") {
				break
			}
			end++
		}
		if end > start {
			lt.commands = append(lt.commands, filledIn(args[start:end], "{}"))
		}
		i = end
	}
	return lt
}
