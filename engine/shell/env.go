package shell

import (
	"fmt"

	"mvdan.cc/sh/v3/syntax"
)

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
		end := skipAssignments(args, rest)
		lt.env = append(lt.env, args[rest:end]...)
		rest = end
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
