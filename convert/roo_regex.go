package convert

import (
	"regexp"
	"strings"
)

// regexToGlobs rewrites a Roo fileRegex into agentmgr path patterns when it is one of the
// simple shapes people write (`\.md$`, `\.(md|mdx)$`, `^docs/.*`, `a|b`); ok is false for
// anything else, which a glob cannot say (look-ahead, classes, repetition).
func regexToGlobs(re string) (globs []string, ok bool) {
	if _, err := regexp.Compile(re); err != nil {
		return nil, false
	}
	for _, alt := range splitTop(re) {
		gs, ok := altToGlobs(alt)
		if !ok {
			return nil, false
		}
		globs = append(globs, gs...)
	}
	return globs, len(globs) > 0
}

// splitTop splits at the | outside parentheses.
func splitTop(re string) []string {
	var out []string
	start := 0
	scanParens(re, 0, func(i, depth int) bool {
		if re[i] == '|' && depth == 0 {
			out = append(out, re[start:i])
			start = i + 1
		}
		return true
	})
	return append(out, re[start:])
}

// scanParens walks the regex s from i on, past backslash escapes, and calls visit at each
// (, ) and | with the parenthesis depth after it, counted from i; it stops when visit returns
// false. splitTop and closingParen read the nesting by this one rule.
func scanParens(s string, i int, visit func(i, depth int) bool) {
	depth := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
			continue
		case '(':
			depth++
		case ')':
			depth--
		case '|':
		default:
			continue
		}
		if !visit(i, depth) {
			return
		}
	}
}

func altToGlobs(alt string) ([]string, bool) {
	head, tail := "*", "*"
	if s, ok := strings.CutPrefix(alt, "^"); ok {
		alt, head = s, ""
	}
	if s, ok := strings.CutSuffix(alt, "$"); ok && !strings.HasSuffix(s, `\`) {
		alt, tail = s, ""
	}
	variants, ok := seqToGlobs(alt)
	if !ok {
		return nil, false
	}
	for i, v := range variants {
		v = head + v + tail
		for strings.Contains(v, "**") {
			v = strings.ReplaceAll(v, "**", "*")
		}
		variants[i] = v
	}
	return variants, true
}

// seqToGlobs reads a regex sequence of literal characters, escapes, `.*` and groups of
// alternatives (each a sequence again) into the globs it stands for.
func seqToGlobs(alt string) ([]string, bool) {
	variants := []string{""}
	for i := 0; i < len(alt); i++ {
		var pieces []string
		switch c := alt[i]; {
		case c == '\\' && i+1 < len(alt) && strings.IndexByte(`.\/-_()[]{}+?*^$|`, alt[i+1]) >= 0:
			pieces = []string{alt[i+1 : i+2]}
			i++
		case strings.HasPrefix(alt[i:], ".*"):
			pieces = []string{"*"}
			i++
		case c == '(':
			end := closingParen(alt, i)
			if end < 0 {
				return nil, false
			}
			inner := strings.TrimPrefix(alt[i+1:end], "?:")
			for _, o := range splitTop(inner) {
				gs, ok := seqToGlobs(o)
				if !ok {
					return nil, false
				}
				pieces = append(pieces, gs...)
			}
			i = end
		case strings.IndexByte(`.[]{}+?*^$|)\`, c) >= 0:
			return nil, false
		default:
			pieces = []string{alt[i : i+1]}
		}
		var next []string
		for _, v := range variants {
			for _, p := range pieces {
				next = append(next, v+p)
			}
		}
		if len(next) > 64 {
			return nil, false // a combinatorial regex is no list of globs
		}
		variants = next
	}
	return variants, true
}

// closingParen finds the parenthesis closing the one at open, or -1.
func closingParen(s string, open int) int {
	at := -1
	scanParens(s, open, func(i, depth int) bool {
		if s[i] == ')' && depth == 0 {
			at = i
			return false
		}
		return true
	})
	return at
}

// globsToRegex writes agentmgr path patterns as one Roo fileRegex.
func globsToRegex(globs []string) string {
	alts := make([]string, len(globs))
	for i, g := range globs {
		parts := strings.Split(g, "*")
		for j := range parts {
			parts[j] = strings.ReplaceAll(regexp.QuoteMeta(parts[j]), `\?`, ".")
		}
		alts[i] = "^" + strings.Join(parts, ".*") + "$"
	}
	return strings.Join(alts, "|")
}

// mustRegexp compiles a fileRegex; one that does not compile matches nothing (Roo refuses the
// edit).
func mustRegexp(re string) *regexp.Regexp {
	r, err := regexp.Compile(re)
	if err != nil {
		return regexp.MustCompile(`$.^`)
	}
	return r
}
