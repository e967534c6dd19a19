package approvals

import "github.com/agentmgr/agentmgr/engine"

// CheckAuthority decides whether a writer with authority by may replace the session rules old
// with next. The operator may write anything. Any other writer may only tighten, and since
// deciding that for arbitrary wildcards in general would be fragile, a tool-side write is
// accepted only in the one shape that provably tightens:
//
//   - next keeps old's rules in their order, except that it may drop allow rules: dropping an
//     allow hands its calls back to earlier rules or to the persona, and the persona's decision
//     was never looser than the session's allow;
//   - and then appends rules at the end, each of them a deny (nothing is stricter), or an ask
//     whose permission and pattern can match no call that an earlier deny rule of next matches
//     (an ask after a deny would turn that deny into ask).
//
// Everything else loosens or may loosen, and needs the operator: removing or changing a deny or
// an ask, changing any rule in place (widening a pattern, editing a reason), reordering, and
// adding an allow anywhere. The error names the first such rule and says why.
func CheckAuthority(old, next engine.Ruleset, by Authority) *AuthorityError {
	if by == OperatorAuthority {
		return nil
	}
	j := 0
	for i, r := range old {
		if j < len(next) && sameRule(r, next[j]) {
			j++
			continue
		}
		if r.Action != engine.Allow {
			return &AuthorityError{Index: i + 1, Rule: r, Why: "removes or changes " + article(r.Action) + " rule"}
		}
	}
	for k := j; k < len(next); k++ {
		r := next[k]
		switch r.Action {
		case engine.Deny:
			continue
		case engine.Ask:
			for d := 0; d < k; d++ {
				if next[d].Action == engine.Deny && engine.RulesOverlap(next[d], r) {
					return &AuthorityError{Index: k + 1, Rule: r,
						Why: "adds an ask rule that can override the deny rule " + next[d].String()}
				}
			}
		default:
			return &AuthorityError{Index: k + 1, Rule: r, Why: "adds an allow rule"}
		}
	}
	return nil
}

// sameRule compares what decides: key, pattern, action and reason, not where a rule came from.
func sameRule(a, b engine.Rule) bool {
	return a.Permission == b.Permission && a.Pattern == b.Pattern && a.Action == b.Action && a.Reason == b.Reason
}

func article(a engine.Action) string {
	if a == engine.Ask || a == engine.Allow {
		return "an " + string(a)
	}
	return "a " + string(a)
}
