package shell

import "strings"

// perlSubstitutes reports whether a perl command line only runs
// substitutions on its input (perl -pi -e 's/a/b/g' FILE): every -e code is
// one or more s/// or tr/// (y///) statements whose flags run no code (no e,
// no ee) and whose patterns and replacements hold no code ((?{ }), @{[ ]},
// ${ }, backticks), and the other options only say how to read and write
// the input (-p, -n, -l, -a, -0, -i, -w). Such a command edits text as sed
// does; anything else is code a rule must name.
func perlSubstitutes(args []word) bool {
	codes := 0
	for i := 0; i < len(args); i++ {
		t := args[i].text
		if !strings.HasPrefix(t, "-") || t == "-" {
			break // the files
		}
		if t == "--" {
			break
		}
		if strings.HasPrefix(t, "-i") {
			continue // in place, with an optional backup suffix
		}
		for j := 1; j < len(t); j++ {
			c := t[j]
			switch {
			case c >= '0' && c <= '9' || strings.IndexByte("pnlaw", c) >= 0:
			case c == 'i':
				j = len(t) // in place; the rest is the backup suffix
			case c == 'e' || c == 'E':
				code := t[j+1:]
				if code == "" {
					if i+1 >= len(args) {
						return false
					}
					i++
					code = args[i].text
					if !args[i].literal {
						return false
					}
				}
				if !substitutionsOnly(code) {
					return false
				}
				codes++
				j = len(t)
			default:
				return false
			}
		}
	}
	return codes > 0
}

// substitutionsOnly reports whether perl code is only s/// and tr/// (y///)
// statements with a punctuation delimiter and harmless flags.
func substitutionsOnly(code string) bool {
	for stmt := range strings.SplitSeq(code, ";") {
		stmt = strings.TrimSpace(stmt)
		if stmt == "" {
			continue
		}
		op, parts := "", 0
		switch {
		case strings.HasPrefix(stmt, "s"):
			op, parts = "s", 2
		case strings.HasPrefix(stmt, "tr"):
			op, parts = "tr", 2
		case strings.HasPrefix(stmt, "y"):
			op, parts = "y", 2
		default:
			return false
		}
		rest := stmt[len(op):]
		if len(rest) < 3 {
			return false
		}
		d := rest[0]
		if strings.IndexByte("/#|!,:%@~^+=", d) < 0 {
			return false
		}
		body, flags, ok := splitDelimited(rest[1:], d, parts)
		if !ok || strings.Trim(flags, "gimsxrcdu") != "" {
			return false
		}
		for _, bad := range []string{"(?{", "(??{", "@{", "${", "`", "(*{"} {
			if strings.Contains(body, bad) {
				return false
			}
		}
	}
	return true
}

// splitDelimited reads n fields closed by the delimiter d (a backslash
// escapes it) and returns their text and what follows the last one.
func splitDelimited(s string, d byte, n int) (string, string, bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case d:
			n--
			if n == 0 {
				return s[:i], s[i+1:], true
			}
		}
	}
	return "", "", false
}
