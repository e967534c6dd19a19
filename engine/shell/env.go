package shell

import (
	"fmt"
	"strings"
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
			if o.name == "C" || o.name == "chdir" {
				v := o.value
				lt.chdir = &v
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

// splitWords splits an env -S string into words the way GNU env does,
// which is not the way the shell does: space, tab, newline, vertical tab,
// form feed and carriage return separate words, and so does \_ outside
// quotes; '...' is verbatim, "..." knows \" \\ \$ and \_ (a space); a #
// at the start of a word starts a comment; \c ends the string. It fails
// (so the string is only shown, not trusted) on ${VAR}, which env expands
// at run time, on an escape env rejects, on an open quote, and on a word
// that is not literal in the command text.
func splitWords(w word) ([]word, bool) {
	if !w.literal {
		return nil, false
	}
	s := w.text
	var words []word
	var cur strings.Builder
	inWord := false
	end := func() {
		if inWord {
			words = append(words, word{text: cur.String(), literal: true})
			cur.Reset()
			inWord = false
		}
	}
	i := 0
	// escape reads the escape whose backslash is s[i], leaving i on its last byte: outside
	// quotes \_ ends the word; otherwise it adds the byte the escape stands for, or ends the
	// string (stop, for \c). bad is an escape env rejects, or a backslash at the end.
	escape := func(quoted bool) (stop, bad bool) {
		if i+1 >= len(s) {
			return false, true
		}
		i++
		if s[i] == '_' && !quoted {
			end()
			return false, false
		}
		r, ok := envEscape(s[i], quoted)
		if !ok {
			return false, true
		}
		if r == 0 {
			end()
			return true, false
		}
		cur.WriteByte(r)
		inWord = true
		return false, false
	}
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte(" \t\n\v\f\r", c) >= 0:
			end()
		case c == '#' && !inWord:
			return words, true
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			cur.WriteString(s[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			inWord = true
			for i++; ; i++ {
				if i >= len(s) {
					return nil, false
				}
				if s[i] == '"' {
					break
				}
				if s[i] == '$' {
					return nil, false
				}
				if s[i] == '\\' {
					if stop, bad := escape(true); stop || bad {
						return endOrFail(words, bad)
					}
					continue
				}
				cur.WriteByte(s[i])
			}
		case c == '$':
			return nil, false
		case c == '\\':
			if stop, bad := escape(false); stop || bad {
				return endOrFail(words, bad)
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	end()
	return words, true
}

// endOrFail is what splitWords returns where an escape stops it: the words so far after \c,
// nothing after an escape env rejects (bad).
func endOrFail(words []word, bad bool) ([]word, bool) {
	if bad {
		return nil, false
	}
	return words, true
}

// envEscape is the character an env -S escape stands for; 0 for \c, which
// ends the string; false for an escape env rejects.
func envEscape(c byte, quoted bool) (byte, bool) {
	switch c {
	case 'c':
		return 0, true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case '_':
		if quoted {
			return ' ', true
		}
	case '#', '$', '\\', '\'', '"':
		return c, true
	}
	return 0, false
}
