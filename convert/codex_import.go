package convert

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
)

// maxCodexExpansion bounds the rules one prefix_rule's alternatives expand into.
const maxCodexExpansion = 256

// codexFallbackLine is the header line agentmgr's export writes with the persona's catch-all.
var codexFallbackLine = regexp.MustCompile(`(?m)^#\s*agentmgr-fallback:\s*(allow|ask|deny)\s*$`)

// ImportCodexRules converts a Codex `.rules` file into a persona named after the file. Codex
// applies the strictest matching rule; agentmgr the last, so the rules are written allow first,
// then prompt (ask), then forbidden (deny), each prefix as the pattern "WORDS *". Commands no
// rule matches are decided by Codex's approval policy, which is not in the file: they become
// the catch-all bash "*" ask (or the catch-all an agentmgr export recorded in its header).
// The rules' match and not_match examples become the persona's examples block.
func ImportCodexRules(source string, data []byte) (*Item, error) {
	pol, other, err := parseCodexRules(source, data)
	if err != nil {
		return nil, err
	}
	rep := newReport(source, "", EnforcedByFile)
	d := &Draft{}
	d.Name = nameFor(strings.TrimSuffix(filepath.Base(source), ".rules"), rep)
	rep.Target = d.Name
	d.Description = "Imported from the Codex rules " + filepath.Base(source)
	rep.change("description", "", d.Description, "a .rules file has no description")

	fallback := engine.Ask
	if m := codexFallbackLine.FindSubmatch(data); m != nil {
		fallback = engine.Action(m[1])
		rep.keep("catch-all (the agentmgr-fallback line)")
	} else {
		rep.change("bash commands no rule matches", "Codex's approval policy", `bash "*" ask`,
			"the approval policy is not part of the file; agentmgr asks for a command no rule matches")
	}
	d.Rules = append(d.Rules, engine.Rule{Permission: "bash", Pattern: "*", Action: fallback})

	// The figure counts the file's prefix rules and its other calls (lost); the approval
	// policy and Codex's sandbox are not rules of the file.
	verdicts := newRuleVerdicts(len(pol.Rules) + len(other))
	for _, tier := range []string{"allow", "prompt", "forbidden"} {
		for i, r := range pol.Rules {
			if r.Decision != tier {
				continue
			}
			pats, err := codexPatterns(source, r)
			if err != nil {
				return nil, err
			}
			for _, pat := range pats {
				// A Codex prefix rule names a program, not an effect: it covers no other program
				// that has the same effect (effects: false), so a round trip decides as before.
				d.Rules = append(d.Rules, engine.Rule{Permission: "bash", Pattern: pat, Action: codexActions[tier], Reason: r.Justification, NoEffects: true})
			}
			if len(r.Pattern) > 0 && len(pats) > 1 {
				rep.change(fmt.Sprintf("prefix_rule at line %d", r.Line), "alternatives", fmt.Sprintf("%d rules", len(pats)), "one agentmgr rule per alternative")
			}
			for _, alts := range r.Pattern {
				for _, w := range alts {
					if strings.ContainsAny(w, "*? \t\n") {
						rep.change(fmt.Sprintf("prefix_rule at line %d, word %q", r.Line, w), "a literal word", "a wildcard pattern",
							"agentmgr's patterns match the command's words joined by spaces, and * and ? are wildcards there")
						verdicts.mark(i, widened(r.Decision))
					}
				}
			}
		}
	}
	rep.keep(fmt.Sprintf("%d prefix rules (allow first, then prompt as ask, then forbidden as deny, so the last match decides as Codex's strictest does)", len(pol.Rules)))
	for _, h := range pol.Hosts {
		rep.change("host_executable "+h.Name, strings.Join(h.Paths, ", "), "every path of "+h.Name,
			"agentmgr matches a command named by any path by its base name too (looser for an allow, stricter for a deny)")
		for i, r := range pol.Rules {
			if len(r.Pattern) > 0 && contains(r.Pattern[0], h.Name) {
				verdicts.mark(i, widened(r.Decision))
			}
		}
	}
	for j, c := range other {
		rep.lose(fmt.Sprintf("%s(...) at line %d", c.Name, c.Line), "not a prefix rule or host_executable; agentmgr has no equivalent")
		verdicts.mark(len(pol.Rules)+j, ruleLost)
	}
	rep.Fidelity = verdicts.fidelity()
	rep.change("other tools", "Codex's sandbox and approval policy", "no rules (ask)", "a .rules file decides shell commands only")

	examples := codexImportExamples(pol, fallback)
	if len(examples) > 0 {
		d.Passthrough = append(d.Passthrough, yaml.MapItem{Key: "examples", Value: examples})
		rep.keep("match and not_match as examples")
	}
	return &Item{Draft: d, Report: rep}, nil
}

// codexPatterns spells a prefix rule as agentmgr patterns: its words, then " *" (a prefix
// matches the command alone or with more words); alternatives expand into one pattern each.
func codexPatterns(source string, r codexRule) ([]string, error) {
	out := []string{""}
	for _, alts := range r.Pattern {
		if len(out)*len(alts) > maxCodexExpansion {
			return nil, starError(source, r.Line, 1, "prefix_rule: its alternatives make more than %d patterns; split it into several rules", maxCodexExpansion)
		}
		var next []string
		for _, o := range out {
			for _, w := range alts {
				if o == "" {
					next = append(next, w)
				} else {
					next = append(next, o+" "+w)
				}
			}
		}
		out = next
	}
	for i := range out {
		out[i] += " *"
	}
	return out, nil
}

// codexImportExamples makes the examples block: a rule's match examples expect its decision
// (or a stricter one that matches too: Codex applies the strictest), a not_match example what
// the other rules or the fallback decide.
func codexImportExamples(pol *codexPolicy, fallback engine.Action) yaml.MapSlice {
	lists := map[engine.Action][]string{}
	seen := map[string]bool{}
	add := func(argv []string) {
		s := shellJoin(argv)
		if seen[s] {
			return
		}
		seen[s] = true
		a := fallback
		if d := pol.decide(argv); d != "" {
			a = codexActions[d]
		}
		lists[a] = append(lists[a], "bash: "+s)
	}
	for _, r := range pol.Rules {
		for _, m := range r.Match {
			add(m)
		}
		for _, m := range r.NotMatch {
			add(m)
		}
	}
	var out yaml.MapSlice
	for _, a := range []engine.Action{engine.Allow, engine.Ask, engine.Deny} {
		if len(lists[a]) > 0 {
			out = append(out, yaml.MapItem{Key: string(a), Value: lists[a]})
		}
	}
	return out
}

// widened is the verdict for a Codex rule of decision that now matches more commands: an
// allow lets more run (looser), a prompt or forbidden stops more (stricter).
func widened(decision string) int {
	if decision == "allow" {
		return ruleLooser
	}
	return ruleStricter
}
