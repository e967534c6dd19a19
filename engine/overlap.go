package engine

import (
	"strings"
)

// RulesOverlap reports whether some call could be matched by both rules: their permission
// patterns share a key and their value patterns share a value. It may answer true for rules
// that cannot meet in practice (it reads every pattern both as a path and as plain text), never
// false for rules that can.
func RulesOverlap(a, b Rule) bool {
	return formsMeet(keyForms(a.Permission), keyForms(b.Permission)) &&
		formsMeet(patternForms(a.Pattern), patternForms(b.Pattern))
}

func formsMeet(xs, ys []string) bool {
	for _, x := range xs {
		for _, y := range ys {
			if globsMeet(x, y) {
				return true
			}
		}
	}
	return false
}

// keyForms lists the plain wildcards a permission pattern stands for: as written and without
// an optional " *" tail (keys are names: no paths, no home).
func keyForms(p string) []string {
	s := collapseStars(p)
	if t, ok := strings.CutSuffix(s, " *"); ok {
		return []string{s, t}
	}
	return []string{s}
}

// patternForms lists the plain wildcards a value pattern stands for (see CompilePattern): as
// written and with `\` read as `/`, each with its home directory expanded or not, and each
// with and without an optional " *" tail.
func patternForms(p string) []string {
	s := collapseStars(p)
	bases := []string{s}
	if strings.Contains(s, `\`) {
		bases = append(bases, strings.ReplaceAll(s, `\`, "/"))
	}
	for _, b := range bases {
		if e, ok := expandHome(b, ""); ok {
			bases = append(bases, e)
		}
	}
	var out []string
	for _, b := range bases {
		out = append(out, b)
		if t, ok := strings.CutSuffix(b, " *"); ok {
			out = append(out, t)
		}
	}
	return out
}

// globsMeet reports whether one string matches both wildcards (`*` any run, `?` one character,
// everything else literal). It walks the product of the two patterns' automata: a state (i, j)
// means some string took a to position i and b to position j. Linear in the product of the
// lengths, so hostile patterns cannot make it slow.
func globsMeet(a, b string) bool {
	x, y := []rune(a), []rune(b)
	w := len(y) + 1
	seen := make([]bool, (len(x)+1)*w)
	stack := []int{0}
	push := func(i, j int) {
		if !seen[i*w+j] {
			seen[i*w+j] = true
			stack = append(stack, i*w+j)
		}
	}
	seen[0] = true
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, j := s/w, s%w
		if i == len(x) && j == len(y) {
			return true
		}
		// A star may match nothing.
		if i < len(x) && x[i] == '*' {
			push(i+1, j)
		}
		if j < len(y) && y[j] == '*' {
			push(i, j+1)
		}
		if i == len(x) || j == len(y) {
			continue
		}
		// Both read one character: two literals must agree; a wildcard takes any character.
		if x[i] != '*' && x[i] != '?' && y[j] != '*' && y[j] != '?' && x[i] != y[j] {
			continue
		}
		ni, nj := i+1, j+1
		if x[i] == '*' {
			ni = i
		}
		if y[j] == '*' {
			nj = j
		}
		push(ni, nj)
	}
	return false
}
