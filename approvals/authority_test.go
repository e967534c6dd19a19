package approvals

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// Small vocabularies for the soundness fuzz: every key and pattern meets several others.
var (
	fuzzKeys     = []string{"bash", "read", "*", "b*", "bash *"}
	fuzzPatterns = []string{"*", "rm *", "rm -i *", "git", "git *", "a?c", "x*", "~/s/*", `~\s\k`}
	fuzzActions  = []engine.Action{engine.Allow, engine.Ask, engine.Deny}
	fuzzValues   = map[string][]string{
		"bash": {"rm -rf /", "rm -i x", "git", "git push", "abc", "x", ""},
		"read": {"~/s/k", "abc", "x.env", "git"},
	}
)

func fuzzRules(b []byte) engine.Ruleset {
	var rs engine.Ruleset
	for i := 0; i+2 < len(b); i += 3 {
		rs = append(rs, engine.Rule{
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
		for _, next := range []engine.Ruleset{append(append(engine.Ruleset{}, old...), fuzzRules(nextB)...), fuzzRules(nextB)} {
			if CheckAuthority(old, next, ToolAuthority) != nil {
				continue
			}
			before, after := engine.CompileWithHome(old, "/h"), engine.CompileWithHome(next, "/h")
			for _, persona := range []engine.Ruleset{nil, rules("*", "*", "allow"), rules("*", "*", "ask"), rules("*", "*", "deny"), rules("bash", "*", "allow", "bash", "rm *", "deny")} {
				p := engine.CompileWithHome(persona, "/h")
				for key, values := range fuzzValues {
					for _, v := range values {
						b := (&engine.Policy{Persona: p, Session: before}).Decide(key, v)
						a := (&engine.Policy{Persona: p, Session: after}).Decide(key, v)
						if engine.Stricter(a.Action, b.Action) != a.Action {
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
