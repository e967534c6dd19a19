package convert

import (
	"testing"
)

// FuzzParseCodexRules feeds the .rules parser arbitrary text: it never panics, an error names
// its place, and what it accepts renders and parses back to the same policy, which the import
// then turns into a persona that renders.
func FuzzParseCodexRules(f *testing.F) {
	for _, s := range []string{
		"prefix_rule(pattern = [\"git\", [\"push\", \"fetch\"]], decision = \"prompt\")\n",
		"# c\nprefix_rule(pattern=['a\\'b'], match=[\"a 'b c'\"], not_match=[[\"x\"]])",
		"host_executable(name = \"git\", paths = [\"/usr/bin/git\"])",
		"prefix_rule(pattern=[\"rm\"], decision=\"forbidden\", justification=\"no\\x41\")",
		"network_rule(host=\"x\")",
		"prefix_rule(pattern=[[[[\"a\"]]]])",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		pol, _, err := parseCodexRules("f.rules", []byte(src))
		if err != nil {
			if len(err.Error()) < len("f.rules:1:1: ") || err.Error()[:8] != "f.rules:" {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		back, _, err := parseCodexRules("f.rules", pol.render([]string{"fuzz"}))
		if err != nil {
			t.Fatalf("the rendering does not parse: %v\n%s", err, pol.render(nil))
		}
		if !samePolicy(pol, back) {
			t.Fatalf("round trip changed the policy:\n%+v\n%+v", pol, back)
		}
		it, err := ImportCodexRules("f.rules", []byte(src))
		if err != nil {
			return // too many alternatives: a clear error
		}
		if _, err := it.Draft.Render(); err != nil {
			t.Fatalf("imported persona does not render: %v", err)
		}
	})
}
