package shell

import "strings"

// sedRunsCommands reports whether a sed call may run a command or write a
// file from its script: the e command, the e or w flag of s, the w and W
// commands. --sandbox turns all of them off. A script sed does not read
// the way this scanner does, or one only known at run time, counts as
// running one.
func sedRunsCommands(args []word) bool {
	var scripts []word
	explicit := false
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--sandbox":
			return false
		case t == "--":
			if !explicit && i+1 < len(args) {
				scripts = append(scripts, args[i+1])
			}
			i = len(args)
		case t == "-e" || t == "--expression":
			if i+1 < len(args) {
				scripts = append(scripts, args[i+1])
			}
			explicit = true
			i++
		case strings.HasPrefix(t, "--expression="):
			scripts = append(scripts, word{text: t[len("--expression="):], literal: args[i].literal})
			explicit = true
		case t == "-l" || t == "--line-length":
			i++
		case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && len(t) > 1:
			// A cluster: -ne SCRIPT, -nEe SCRIPT, -es/x/y/.
			if j := strings.IndexByte(t, 'e'); j > 0 && !strings.ContainsAny(t[1:j], "il") {
				explicit = true
				if j+1 < len(t) {
					scripts = append(scripts, word{text: t[j+1:], literal: args[i].literal})
				} else if i+1 < len(args) {
					scripts = append(scripts, args[i+1])
					i++
				}
			}
		case strings.HasPrefix(t, "-"):
		case !explicit:
			scripts = append(scripts, args[i])
			explicit = true
		}
	}
	for _, s := range scripts {
		if !s.literal || sedScriptRuns(s.text) {
			return true
		}
	}
	return false
}

// sedScriptRuns scans a sed script command by command.
func sedScriptRuns(s string) bool {
	i := 0
	skipSpace := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	toLineEnd := func() {
		for i < len(s) && s[i] != '\n' {
			if s[i] == '\\' {
				i++
			}
			i++
		}
	}
	for i < len(s) {
		for i < len(s) && strings.IndexByte(" \t\n;", s[i]) >= 0 {
			i++
		}
		if i >= len(s) {
			return false
		}
		var ok bool
		if i, ok = sedAddress(s, i); !ok {
			return true
		}
		skipSpace()
		if i < len(s) && s[i] == ',' {
			i++
			skipSpace()
			if i < len(s) && (s[i] == '+' || s[i] == '~') {
				i++
			}
			if i, ok = sedAddress(s, i); !ok {
				return true
			}
			skipSpace()
		}
		for i < len(s) && (s[i] == '!' || s[i] == ' ') {
			i++
		}
		if i >= len(s) {
			return true
		}
		c := s[i]
		i++
		switch c {
		case '{', '}', '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		case '#', ':', 'a', 'i', 'c', 'r', 'R', 'v':
			toLineEnd()
		case 'b', 't', 'T':
			for i < len(s) && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
				i++
			}
		case 'q', 'Q', 'l', 'L':
			skipSpace()
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		case 'y':
			if i, ok = sedDelimited(s, i, 2); !ok {
				return true
			}
		case 's':
			if i, ok = sedDelimited(s, i, 2); !ok {
				return true
			}
			for i < len(s) && strings.IndexByte(";\n}", s[i]) < 0 {
				switch s[i] {
				case 'e', 'w', 'W':
					return true
				}
				i++
			}
		default:
			// e runs a command, w and W write files; anything else is not
			// understood here.
			return true
		}
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
