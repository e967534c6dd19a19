package preview

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/mapping"
)

// Vocabulary of the random personas: the shapes real rules take, and the corner cases of
// docs/rules.md (tails, home, `?`, backslashes, catch-alls that are not `*`).
var (
	randPermissions = []string{"*", "bash", "read", "edit", "webfetch", "task", "ctx_*", "b*", "re?d", "mcp *", "todo", "**"}
	randPatterns    = []string{"*", "**", "git *", "git push *", "rm *", "rm -rf *", "*.env", "src/*", "~/.ssh/*", "$HOME/*",
		"?", "a?c", "ls", "* *", "", "sudo *", "x*", `src\*`, "*a*", "~", "é?", "*/.git/*", "* ?*", "git ?*", "~/*", "git "}
	randFragments = []string{"git", " ", "push", "rm", "-rf", "/", "src", ".env", "~", "$HOME", testHome, "a", "c", "x",
		"ls", "sudo", `\`, "é", "*", ".ssh", ".git", "", "b", "  "}
	randActions = []engine.Action{engine.Allow, engine.Ask, engine.Deny}
)

func randRules(r *rand.Rand, n int, guard bool) engine.Ruleset {
	var triples []string
	for range n {
		triples = append(triples, randPermissions[r.IntN(len(randPermissions))],
			randPatterns[r.IntN(len(randPatterns))], string(randActions[r.IntN(len(randActions))]))
	}
	if guard {
		return guardRules(triples...)
	}
	return rules(triples...)
}

func randValue(r *rand.Rand) string {
	var b strings.Builder
	for range 1 + r.IntN(4) {
		b.WriteString(randFragments[r.IntN(len(randFragments))])
	}
	return b.String()
}

func sameRef(a, b *RuleRef) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Layer == b.Layer && a.Set == b.Set && a.Index == b.Index
}

// TestStatusAgreesWithEngine is the property the matrix rests on: for random personas, guards
// and tools, a hidden cell is exactly engine.Policy.Hidden (what `agentmgr tools` prints), and
// for every value the engine's decision (what `agentmgr check` prints) is one of the status's
// outcomes; a uniform status is the action of every call, and each listed outcome is real.
func TestStatusAgreesWithEngine(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(8, 2026))
	tools := mapping.KnownTools("todo", "ctx_search", "ctx_execute", "mcp", "custom")
	personas := 400
	if testing.Short() {
		personas = 60
	}
	for p := range personas {
		persona := randRules(r, 1+r.IntN(8), false)
		var guards []engine.Ruleset
		for range r.IntN(3) {
			guards = append(guards, randRules(r, 1+r.IntN(3), true))
		}
		e := NewEvaluator(persona, nil, guards, Options{Home: testHome, Yolo: r.IntN(8) == 0})
		pol := e.Policy()
		for _, tool := range tools {
			key := mapping.KeyForTool(tool)
			cell, st := e.Cell(tool), e.Status(tool)
			if cell.Kind != st.Kind {
				t.Fatalf("persona %d %v guards %v, tool %s: Cell %s but Status %s", p, persona, guards, tool, cell.Kind, st.Kind)
			}
			if hidden := pol.Hidden(tool); hidden != (st.Kind == KindHidden) {
				t.Fatalf("persona %d %v guards %v, tool %s: status %s, engine hidden = %v", p, persona, guards, tool, st.Kind, hidden)
			}
			if st.Kind == KindHidden {
				continue
			}
			if st.Approximate {
				t.Fatalf("persona %d %v, tool %s: status is approximate for a small rule set", p, persona, tool)
			}
			for _, o := range st.Outcomes {
				d := pol.Decide(key, o.Example)
				if d.Action != o.Action || !sameRef(refOf(d.Rule, d.Ref), o.Rule) {
					t.Fatalf("persona %d %v guards %v, tool %s: outcome %q says %s by %v, engine decides %s by %v",
						p, persona, guards, tool, o.Example, o.Action, o.Rule, d.Action, d.Rule)
				}
			}
			for range 40 {
				v := randValue(r)
				checkValue(t, e, st, tool, v, func() string { return fmt.Sprintf("persona %d %v guards %v", p, persona, guards) })
			}
		}
	}
}

// checkValue holds one value's engine decisions to the status.
func checkValue(t *testing.T, e *Evaluator, st Status, tool, v string, who func() string) {
	t.Helper()
	pol := e.Policy()
	d := pol.Decide(st.Key, v)
	found := false
	for _, o := range st.Outcomes {
		if o.Action == d.Action && sameRef(o.Rule, refOf(d.Rule, d.Ref)) {
			found = true
		}
	}
	if !found {
		t.Fatalf("%s, tool %s, value %q: engine decides %s by %v, which no outcome lists: %q", who(), tool, v, d.Action, d.Rule, outcomeText(st.Outcomes))
	}
	if st.Kind == KindDepends {
		return
	}
	want := st.Outcomes[0].Action
	call := pol.DecideTool(tool, v)
	if call.Action == want {
		return
	}
	// A shell command the analysis cannot read asks, whatever the rules allow (fail closed).
	if mapping.IsShellKey(st.Key) && want == engine.Allow && call.Action == engine.Ask {
		for _, u := range call.Units {
			if u.Action == engine.Ask && u.Reason == "" {
				t.Fatalf("%s, tool %s, value %q: status allow, unit %q asks with no reason", who(), tool, v, u.Text)
			}
		}
		return
	}
	// Executable configuration (.git/config, .npmrc) is written only with a rule naming it,
	// beyond what the rules' value space shows, as the shell analysis' own asks are.
	if st.Key == shell.EditKey && want == engine.Allow && call.Action == engine.Ask && strings.Contains(call.Reason, "executable configuration") {
		if _, ok := shell.ExecConfigFile(v); ok {
			return
		}
	}
	t.Fatalf("%s, tool %s, value %q: status %s, `agentmgr check` would say %s (%s)", who(), tool, v, st.Kind, call.Action, call.Explain())
}
