package engine

import (
	"strings"
	"testing"
)

// allGlobs lists every pattern of up to n symbols over a small alphabet.
func allGlobs(alphabet string, n int) []string {
	out := []string{""}
	level := []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, p := range level {
			for _, c := range alphabet {
				next = append(next, p+string(c))
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

func TestGlobsMeetAgreesWithBruteForce(t *testing.T) {
	// A shortest common string spends each character on a non-star symbol of one of the two
	// patterns, so strings up to 6 characters decide every pair of 3-symbol patterns; 'c'
	// stands for a character neither pattern names.
	patterns := allGlobs("ab*?", 3)
	values := allGlobs("abc", 6)
	for _, a := range patterns {
		for _, b := range patterns {
			want := false
			for _, v := range values {
				if starGlob(a).Match(v) && starGlob(b).Match(v) {
					want = true
					break
				}
			}
			if got := globsMeet(a, b); got != want {
				t.Fatalf("globsMeet(%q, %q) = %v, want %v", a, b, got, want)
			}
		}
	}
}

func TestRulesOverlap(t *testing.T) {
	tests := []struct {
		a, b Rule
		want bool
	}{
		{Rule{Permission: "bash", Pattern: "rm *"}, Rule{Permission: "bash", Pattern: "rm -i x"}, true},
		{Rule{Permission: "bash", Pattern: "rm *"}, Rule{Permission: "read", Pattern: "rm x"}, false},
		{Rule{Permission: "b*", Pattern: "rm *"}, Rule{Permission: "*h", Pattern: "*"}, true},
		{Rule{Permission: "bash", Pattern: "git"}, Rule{Permission: "bash", Pattern: "git *"}, true},
		{Rule{Permission: "bash", Pattern: "git push *"}, Rule{Permission: "bash", Pattern: "git status"}, false},
		{Rule{Permission: "read", Pattern: "a/b/*"}, Rule{Permission: "read", Pattern: `a\b\c`}, true},
		{Rule{Permission: "read", Pattern: "~/x/*"}, Rule{Permission: "read", Pattern: HomeDir() + "/x/y"}, HomeDir() != ""},
		{Rule{Permission: "read", Pattern: "**.env"}, Rule{Permission: "read", Pattern: "*.env.example"}, false},
		{Rule{Permission: "mcp *", Pattern: "x"}, Rule{Permission: "mcp", Pattern: "x"}, true},
		{Rule{Permission: "mcp *", Pattern: "x"}, Rule{Permission: "mcpx", Pattern: "x"}, false},
	}
	for _, tt := range tests {
		if got := rulesOverlap(tt.a, tt.b); got != tt.want {
			t.Errorf("rulesOverlap(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := rulesOverlap(tt.b, tt.a); got != tt.want {
			t.Errorf("rulesOverlap(%v, %v) = %v, want %v (swapped)", tt.b, tt.a, got, tt.want)
		}
	}
}

// Small vocabularies for the soundness fuzz: every key and pattern meets several others.
var (
	fuzzKeys     = []string{"bash", "read", "*", "b*", "bash *"}
	fuzzPatterns = []string{"*", "rm *", "rm -i *", "git", "git *", "a?c", "x*", "~/s/*", `~\s\k`}
	fuzzActions  = []Action{Allow, Ask, Deny}
	fuzzValues   = map[string][]string{
		"bash": {"rm -rf /", "rm -i x", "git", "git push", "abc", "x", ""},
		"read": {"~/s/k", "abc", "x.env", "git"},
	}
)

func fuzzRules(b []byte) Ruleset {
	var rs Ruleset
	for i := 0; i+2 < len(b); i += 3 {
		rs = append(rs, Rule{
			Permission: fuzzKeys[int(b[i])%len(fuzzKeys)],
			Pattern:    fuzzPatterns[int(b[i+1])%len(fuzzPatterns)],
			Action:     fuzzActions[int(b[i+2])%len(fuzzActions)],
		})
	}
	return rs
}

// FuzzCheckAuthorityOnlyTightens checks that every write CheckAuthority lets a tool make
// leaves every call at least as restricted as before, under every persona.
func FuzzCheckAuthorityOnlyTightens(f *testing.F) {
	f.Add([]byte{0, 1, 2}, []byte{0, 1, 2, 0, 2, 1})
	f.Add([]byte{0, 0, 0, 0, 1, 2}, []byte{0, 1, 2, 2, 0, 1})
	f.Add([]byte{}, []byte{0, 3, 1, 1, 7, 2})
	f.Add([]byte{1, 7, 2}, []byte{1, 7, 2, 1, 8, 1})
	f.Fuzz(func(t *testing.T, oldB, nextB []byte) {
		if len(oldB) > 30 || len(nextB) > 36 {
			return
		}
		old := fuzzRules(oldB)
		// Most random pairs are refused; build next from old plus the fuzzed tail so that
		// accepted writes are common too, and also try next as given.
		for _, next := range []Ruleset{append(append(Ruleset{}, old...), fuzzRules(nextB)...), fuzzRules(nextB)} {
			if CheckAuthority(old, next, ToolAuthority) != nil {
				continue
			}
			before, after := CompileWithHome(old, "/h"), CompileWithHome(next, "/h")
			for _, persona := range []Ruleset{nil, rules("*", "*", "allow"), rules("*", "*", "ask"), rules("*", "*", "deny"), rules("bash", "*", "allow", "bash", "rm *", "deny")} {
				p := CompileWithHome(persona, "/h")
				for key, values := range fuzzValues {
					for _, v := range values {
						b := (&Policy{Persona: p, Session: before}).Decide(key, v)
						a := (&Policy{Persona: p, Session: after}).Decide(key, v)
						if Stricter(a.Action, b.Action) != a.Action {
							t.Fatalf("tool write %v -> %v accepted, but %s %q went from %s to %s under persona %v",
								old, next, key, v, b.Action, a.Action, persona)
						}
					}
				}
			}
		}
	})
}

func TestCheckAuthorityOperatorMayDoAnything(t *testing.T) {
	old := rules("bash", "rm *", "deny")
	if err := CheckAuthority(old, rules("bash", "*", "allow"), OperatorAuthority); err != nil {
		t.Errorf("operator write refused: %v", err)
	}
	err := CheckAuthority(old, rules("bash", "*", "allow"), ToolAuthority)
	if err == nil || !strings.Contains(err.Error(), "removes or changes a deny rule") {
		t.Errorf("tool write replacing a deny with an allow: err = %v, want the deny named", err)
	}
}
