package personas

import (
	"fmt"
	"strings"
	"testing"
)

// bigPersona is a persona file with n bash rules, each its own pattern.
func bigPersona(n int) []byte {
	var b strings.Builder
	b.WriteString("---\nname: big\ndescription: many rules\npermissions:\n  \"*\": ask\n  bash:\n")
	for i := range n {
		fmt.Fprintf(&b, "    \"tool%06d *\": allow\n", i)
	}
	b.WriteString("---\nBody.\n")
	return []byte(b.String())
}

// BenchmarkLoad40000Rules parses one persona of 40,000 rules (about 1 MiB, the persona size
// limit); one op is one whole Parse. Parsing must be linear: a quadratic step made this 17 s.
func BenchmarkLoad40000Rules(b *testing.B) {
	data := bigPersona(40000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		p, probs := Parse("big.md", data, ScopeGlobal)
		if p == nil || len(Errors(probs)) > 0 {
			b.Fatalf("the big persona does not parse: %v", probs)
		}
	}
}
