package preview

import (
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// FuzzStatusAgreesWithEngine holds the status of a fuzzed persona to the engine: whatever the
// rules, the engine's decision for the fuzzed value is one of the status's outcomes, each
// outcome's example is decided as listed, and a uniform status is the action of the call.
func FuzzStatusAgreesWithEngine(f *testing.F) {
	f.Add("bash", "git *", byte(0), "*", "*", byte(2), "bash", "git push origin", false)
	f.Add("read", "~/.ssh/*", byte(2), "*", "*", byte(0), "read", "/home/u/.ssh/id", true)
	f.Add("b*", "* ?*", byte(1), "bash", "git ", byte(0), "bash", "git", false)
	f.Add("edit", `src\*`, byte(2), "edit", "*.go", byte(0), "write", `src\a.go`, true)
	f.Fuzz(func(t *testing.T, p1, v1 string, a1 byte, p2, v2 string, a2 byte, tool, value string, guard bool) {
		if len(p1)+len(v1)+len(p2)+len(v2)+len(tool)+len(value) > 200 {
			return
		}
		// Rules come from files the persona reader has checked to be UTF-8; the engine
		// compares an invalid byte in a plain pattern byte for byte but in a wildcard pattern
		// as U+FFFD, which no rule from a file can hold. Values may be anything.
		for _, s := range []string{p1, v1, p2, v2} {
			if !utf8.ValidString(s) {
				return
			}
		}
		act := func(b byte) string { return string([]engine.Action{engine.Allow, engine.Ask, engine.Deny}[int(b)%3]) }
		persona := rules(p1, v1, act(a1), p2, v2, act(a2))
		var guards []engine.Ruleset
		if guard {
			guards = []engine.Ruleset{guardRules(p2, v1, "deny")}
		}
		e := NewEvaluator(persona, nil, guards, Options{Home: testHome})
		st := e.Status(tool)
		if e.Policy().Hidden(tool) != (st.Kind == KindHidden) {
			t.Fatalf("tool %q: status %s, engine hidden %v", tool, st.Kind, e.Policy().Hidden(tool))
		}
		if st.Kind == KindHidden {
			return
		}
		key := mapping.KeyForTool(tool)
		for _, o := range st.Outcomes {
			if d := e.Policy().Decide(key, o.Example); d.Action != o.Action || !sameRef(refOf(d.Rule, d.Ref), o.Rule) {
				t.Fatalf("outcome %q lists %s, engine decides %s", o.Example, o.Action, d.Action)
			}
		}
		if !st.Approximate {
			checkValue(t, e, st, tool, value, func() string { return fmt.Sprint(persona, guards) })
		}
	})
}
