package wildcard

// Meet reports whether one string matches both plain wildcards a and b (`*` any run, `?` one
// character, everything else literal; see Alternatives for a pattern's plain wildcards). It
// walks the product of the two patterns' automata: a state (i, j) means some string took a to
// position i and b to position j. Linear in the product of the lengths, so hostile patterns
// cannot make it slow.
func Meet(a, b string) bool {
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

// AnyMeet reports whether some wildcard of xs and some of ys share a string: whether two
// patterns, given as their plain wildcards, overlap.
func AnyMeet(xs, ys []string) bool {
	for _, x := range xs {
		for _, y := range ys {
			if Meet(x, y) {
				return true
			}
		}
	}
	return false
}
