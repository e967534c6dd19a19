package shell

import "strings"

// sedOptions are GNU sed's options, read so that every script is found: the value of each
// -e/--expression, or else the first operand.
var sedOptions = optionSet{
	flags:    "bnrsuzE",
	args:     "eflL",
	attached: "i",
	longFlags: []string{"quiet", "silent", "debug", "follow-symlinks", "posix", "regexp-extended", "separate",
		"sandbox", "unbuffered", "null-data", "binary", "help", "version"},
	longArgs:     []string{"expression", "file", "line-length"},
	longAttached: []string{"in-place"},
}

// sedRunsCommands reports whether a sed call may run a command or write a
// file from its script: the e command, the e or w flag of s, the w and W
// commands. --sandbox turns all of them off. A script sed does not read
// the way this scanner does, or one only known at run time, counts as
// running one, and so does an option not known here (it may take the next
// word, so the script is not sure). fromFile is true when a script comes
// from a file by -f, attached or in a cluster (-nf FILE), which the text
// does not show; with a script from -f or --file, no operand is one.
func sedRunsCommands(args []word) (runs, fromFile bool) {
	var scripts []word
	sandbox, given := false, false
	s := scanOptions(args, &sedOptions, func(o option) {
		switch o.name {
		case "e", "expression":
			scripts = append(scripts, o.value)
		case "f":
			fromFile, given = true, true
		case "file":
			given = true
		case "sandbox":
			sandbox = true
		}
	})
	if s.unknown != "" || s.nonLiteral != "" {
		return true, fromFile
	}
	if len(scripts) == 0 && !given && s.rest < len(args) {
		scripts = append(scripts, args[s.rest])
	}
	if sandbox {
		return false, fromFile
	}
	for _, sc := range scripts {
		if !sc.literal || sedScriptRuns(sc.text) {
			return true, fromFile
		}
	}
	return false, fromFile
}

// sedScriptRuns scans a sed script command by command.
func sedScriptRuns(s string) bool {
	sc := sedScanner{s: s}
	for {
		sc.skip(" \t\n;")
		if sc.done() {
			return false
		}
		if !sc.addresses() {
			return true
		}
		sc.skip("! ")
		if sc.done() || sc.commandRuns() {
			return true
		}
	}
}

// sedScanner walks a sed script: s is the script, i where the scan is.
type sedScanner struct {
	s string
	i int
}

func (sc *sedScanner) done() bool { return sc.i >= len(sc.s) }

// skip moves past any of the bytes in set.
func (sc *sedScanner) skip(set string) {
	for sc.i < len(sc.s) && strings.IndexByte(set, sc.s[sc.i]) >= 0 {
		sc.i++
	}
}

// skipUntil moves up to the first of the bytes in set, or the end.
func (sc *sedScanner) skipUntil(set string) {
	for sc.i < len(sc.s) && strings.IndexByte(set, sc.s[sc.i]) < 0 {
		sc.i++
	}
}

// toLineEnd moves to the end of the line, a backslash escaping the byte after it.
func (sc *sedScanner) toLineEnd() {
	for sc.i < len(sc.s) && sc.s[sc.i] != '\n' {
		if sc.s[sc.i] == '\\' {
			sc.i++
		}
		sc.i++
	}
}

// addresses skips a command's address or address range (ADDR, ADDR,ADDR, ADDR,+N, ADDR,~N);
// it reports false when the text does not read as one.
func (sc *sedScanner) addresses() bool {
	var ok bool
	if sc.i, ok = sedAddress(sc.s, sc.i); !ok {
		return false
	}
	sc.skip(" \t")
	if sc.done() || sc.s[sc.i] != ',' {
		return true
	}
	sc.i++
	sc.skip(" \t")
	if !sc.done() && (sc.s[sc.i] == '+' || sc.s[sc.i] == '~') {
		sc.i++
	}
	if sc.i, ok = sedAddress(sc.s, sc.i); !ok {
		return false
	}
	sc.skip(" \t")
	return true
}

// commandRuns reads the command at the scan and its arguments, and reports whether it may
// run a command or write a file: e, w, W, the e or w flag of s, or anything not understood.
func (sc *sedScanner) commandRuns() bool {
	c := sc.s[sc.i]
	sc.i++
	var ok bool
	switch c {
	case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
	case '#', ':', 'a', 'i', 'c', 'r', 'R', 'v':
		sc.toLineEnd()
	case 'b', 't', 'T':
		sc.skipUntil(";\n}")
	case 'q', 'Q', 'l', 'L':
		sc.skip(" \t")
		sc.skip("0123456789")
	case 'y':
		sc.i, ok = sedDelimited(sc.s, sc.i, 2)
		return !ok
	case 's':
		if sc.i, ok = sedDelimited(sc.s, sc.i, 2); !ok {
			return true
		}
		flags := sc.i
		sc.skipUntil(";\n}")
		// e runs the pattern space as a command, w writes a file.
		return strings.ContainsAny(sc.s[flags:sc.i], "ewW")
	default:
		// e runs a command, w and W write files; anything else is not
		// understood here.
		return true
	}
	return false
}

// sedAddress skips an address at s[i:] (a line number, $, /re/ or \cREc
// with I or M flags, first~step); it reports false when the text does not
// read as one.
func sedAddress(s string, i int) (int, bool) {
	switch {
	case i >= len(s):
		return i, true
	case s[i] >= '0' && s[i] <= '9':
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '~') {
			i++
		}
	case s[i] == '$':
		i++
	case s[i] == '/':
		var ok bool
		if i, ok = sedDelimited(s, i, 1); !ok {
			return i, false
		}
		for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
			i++
		}
	case s[i] == '\\':
		var ok bool
		if i, ok = sedDelimited(s, i+1, 1); !ok {
			return i, false
		}
		for i < len(s) && (s[i] == 'I' || s[i] == 'M') {
			i++
		}
	}
	return i, true
}

// sedDelimited skips n parts delimited by the character at s[i] (s/a/b/
// has two after the s); it returns the index after the last delimiter.
func sedDelimited(s string, i, n int) (int, bool) {
	if i >= len(s) || s[i] == '\n' || s[i] == '\\' {
		return i, false
	}
	d := s[i]
	i++
	for part := 0; part < n; part++ {
		for i < len(s) && s[i] != d {
			if s[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(s) {
			return i, false
		}
		i++
	}
	return i, true
}
