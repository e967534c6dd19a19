package shell

import "strings"

// optionSet describes the options a wrapper accepts: just enough to tell
// where its operands, and so the command it runs, begin.
type optionSet struct {
	flags    string // short options without an argument
	args     string // short options with an argument: -uroot or -u root
	attached string // short options whose optional argument must be attached: -i[R]
	anyFlag  bool   // any other letter is a flag too (shells have dozens)

	longFlags    []string // --name
	longArgs     []string // --name=value or --name value
	longAttached []string // --name or --name=value
	anyLong      bool     // any other long option is a flag
	exactLong    bool     // a long option only spelled in full, never by a prefix

	plus    bool // +x options as well as -x (shells)
	numeric bool // -N and --N are options (nice's old form)
}

// option is one option found by scanOptions.
type option struct {
	name     string // the letter of a short option, the name of a long one
	value    word   // its argument, when hasValue
	hasValue bool
}

// scan is the result of scanOptions.
type scan struct {
	rest       int    // index of the first operand
	dashDash   bool   // options ended with "--"
	unknown    string // the first option not understood, if any
	nonLiteral string // the first option only known at run time, if any
	missing    string // the first option whose argument is missing, if any
}

// scanShellString reads the options at the front of args as scanOptions
// does, and returns the value of the last -c or --command: the shell string
// of a program that runs one that way (flock, script); nil when none.
func scanShellString(args []word, set *optionSet) (*word, scan) {
	var str *word
	s := scanOptions(args, set, func(o option) {
		if o.name == "c" || o.name == "command" {
			v := o.value
			str = &v
		}
	})
	return str, s
}

// scanOptions reads the options at the front of args, calling visit (when
// not nil) for each, and stops at the first operand, at "-" alone, or after
// "--". An option it does not know is taken as a flag without argument and
// reported, so the caller can ask rather than trust the guess.
func scanOptions(args []word, set *optionSet, visit func(option)) scan {
	var s scan
	emit := func(o option) {
		if visit != nil {
			visit(o)
		}
	}
	i := 0
	for i < len(args) {
		w := args[i]
		t := w.text
		if t == "--" && w.literal {
			s.rest, s.dashDash = i+1, true
			return s
		}
		if len(t) < 2 || !(t[0] == '-' || (set.plus && t[0] == '+')) {
			break
		}
		i++
		if !w.literal {
			// Only an option whose argument is attached can be read safely
			// (-u$USER); anything else may expand to other options.
			if t[0] == '-' && t[1] != '-' && strings.IndexByte(set.args, t[1]) >= 0 {
				o := option{name: t[1:2], hasValue: true}
				o.value, i = s.shortValue(args, i, t, 1, false)
				emit(o)
				continue
			}
			if s.nonLiteral == "" {
				s.nonLiteral = t
			}
			continue
		}
		if set.numeric && isNumericOption(t) {
			emit(option{name: strings.TrimLeft(t, "-")})
			continue
		}
		if t[0] == '-' && t[1] == '-' {
			i = s.long(args, i, set, emit)
			continue
		}
		i = s.cluster(args, i, set, emit)
	}
	s.rest = i
	return s
}

// long reads the long option args[i-1]; it returns the index of the next
// word to read.
func (s *scan) long(args []word, i int, set *optionSet, emit func(option)) int {
	t := args[i-1].text
	name, value, hasValue := strings.Cut(t[2:], "=")
	kind, full := set.longKind(name)
	o := option{name: full}
	if hasValue {
		o.value, o.hasValue = word{text: value, literal: args[i-1].literal}, true
	}
	switch kind {
	case longArg:
		if !hasValue && i < len(args) {
			o.value, o.hasValue = args[i], true
			i++
		} else if !hasValue {
			s.noteMissing(t)
		}
	case longUnknown:
		if s.unknown == "" {
			s.unknown = t
		}
		o.name = name
	}
	emit(o)
	return i
}

// cluster reads the short options of args[i-1] (-abc, -uroot); it returns
// the index of the next word to read.
func (s *scan) cluster(args []word, i int, set *optionSet, emit func(option)) int {
	t := args[i-1].text
	for j := 1; j < len(t); j++ {
		c := t[j]
		o := option{name: t[j : j+1]}
		switch {
		case strings.IndexByte(set.args, c) >= 0:
			o.hasValue = true
			o.value, i = s.shortValue(args, i, t, j, true)
			emit(o)
			return i
		case strings.IndexByte(set.attached, c) >= 0:
			if j+1 < len(t) {
				o.value, o.hasValue = word{text: t[j+1:], literal: true}, true
			}
			emit(o)
			return i
		case strings.IndexByte(set.flags, c) >= 0 || set.anyFlag:
		default:
			if s.unknown == "" {
				s.unknown = string(t[0]) + string(c)
			}
		}
		emit(o)
	}
	return i
}

// shortValue reads the argument of the short option t[j] of the word t (args[i-1]): the rest
// of t, literal when t is, or else the next word. It returns the argument and the index of the
// next word to read, and notes the option when it has none.
func (s *scan) shortValue(args []word, i int, t string, j int, literal bool) (word, int) {
	if j+1 < len(t) {
		return word{text: t[j+1:], literal: literal}, i
	}
	if i < len(args) {
		return args[i], i + 1
	}
	s.noteMissing(t)
	return word{}, i
}

// noteMissing records the option t as the first whose argument is missing, unless one was.
func (s *scan) noteMissing(t string) {
	if s.missing == "" {
		s.missing = t
	}
}

type longKind int

const (
	longUnknown longKind = iota
	longFlag
	longArg
	longAttached
)

// longKind classifies a long option name. Like getopt_long, it accepts an
// unambiguous prefix of a known name (--us for --user) and returns the full
// name, unless the set wants names in full (exactLong).
func (set *optionSet) longKind(name string) (longKind, string) {
	groups := [...]struct {
		names []string
		kind  longKind
	}{{set.longFlags, longFlag}, {set.longArgs, longArg}, {set.longAttached, longAttached}}
	for _, g := range groups {
		for _, n := range g.names {
			if n == name {
				return g.kind, n
			}
		}
	}
	found, kind, matches := "", longUnknown, 0
	if name != "" && !set.exactLong {
		for _, g := range groups {
			for _, n := range g.names {
				if strings.HasPrefix(n, name) {
					found, kind, matches = n, g.kind, matches+1
				}
			}
		}
	}
	if matches == 1 {
		return kind, found
	}
	if set.anyLong {
		return longFlag, name
	}
	return longUnknown, name
}

// leadingOptions walks the options at the front of args for a program whose options are not
// getopt's (firejail's --name=value, bwrap's options of fixed arity, valgrind's): every word
// that starts with '-', up to the first that does not, or up to "--", which ends them. visit
// gets each option's index and returns how many words after it the option takes, or stop to
// end the walk there. leadingOptions returns the index of the first operand, at most
// len(args); -1 when visit stopped.
func leadingOptions(args []word, visit func(i int) (takes int, stop bool)) int {
	i := 0
	for i < len(args) {
		t := args[i].text
		if t == "--" {
			return i + 1
		}
		if !strings.HasPrefix(t, "-") {
			return i
		}
		takes, stop := visit(i)
		if stop {
			return -1
		}
		i += 1 + takes
	}
	return min(i, len(args))
}

// isNumericOption reports whether t is -N or --N with N all digits.
func isNumericOption(t string) bool {
	return isDigits(strings.TrimPrefix(strings.TrimPrefix(t, "-"), "-"))
}

// isAssignment reports whether w is a NAME=value operand, as env and sudo
// take before the command: env takes any word with '=' after its first
// character for one, whatever the name (BASH_FUNC_f%%=() { ...; }).
func isAssignment(w word) bool {
	i := strings.IndexByte(w.text, '=')
	if i <= 0 {
		return false
	}
	if w.literal {
		return true
	}
	// Not literal: only a plain name before the '=' keeps it an
	// assignment whatever the value expands to (FOO=$X).
	for _, c := range w.text[:i] {
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
