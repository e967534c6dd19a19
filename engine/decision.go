package engine

import "strings"

// Decision is the answer for one call: the action, the rule that decided it (nil when no rule
// matched and the default ask applied), and what was matched. Calls with several values or shell
// units carry the decision of each part.
type Decision struct {
	Action Action
	Rule   *Rule
	// Ref locates Rule in the Policy that decided (layer, guards file, position); meaningful
	// only when Rule is not nil.
	Ref        RuleRef
	Permission string // the permission key evaluated
	Value      string // the value the deciding rule matched
	Reason     string // a deny rule's reason, or why an ask was forced
	Units      []UnitDecision
	Values     []Decision // per value, when the call had several
}

// UnitDecision is the decision for one shell command of a call.
type UnitDecision struct {
	Text       string
	Permission string // "" for a shell command; edit or read for a file the command writes or reads
	Action     Action
	Rule       *Rule
	Ref        RuleRef // where Rule is in the Policy, when Rule is not nil
	Reason     string
	Suggestion string // the "always" suggestion for this unit
}

// Source is where the deciding rule came from: "path:line", "builtin:planner", "preset:plan",
// "session", "guard", "rules", or "default" when no rule matched.
func (d Decision) Source() string {
	if d.Rule == nil {
		return "default"
	}
	return d.Rule.Source.String()
}

// Explain says in one line why the call got its action, for people and for agents.
func (d Decision) Explain() string {
	var b strings.Builder
	b.WriteString(string(d.Action))
	if d.Value != "" || d.Rule != nil {
		b.WriteString(" " + quote(d.Permission) + " " + quote(d.Value))
	}
	if d.Rule == nil {
		b.WriteString("  <- no rule matched (default ask)")
	} else {
		b.WriteString("  <- " + d.Rule.String() + "  (" + d.Rule.Source.Location() + ")")
	}
	if d.Reason != "" {
		b.WriteString(": " + d.Reason)
	}
	return b.String()
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// Combine merges the decisions of several values of one call (docs/rules.md): any deny denies,
// naming the first denied value and its rule; otherwise any ask asks, listing every asked value;
// otherwise the call is allowed. An empty list is decided like one empty value by the caller.
func Combine(key string, parts []Decision) Decision {
	if len(parts) == 1 {
		return parts[0]
	}
	out := Decision{Action: Allow, Permission: key, Values: parts}
	var asked []string
	first := -1
	for i, p := range parts {
		switch {
		case p.Action == Deny && out.Action != Deny:
			out.Action, first = Deny, i
		case p.Action == Ask && out.Action == Allow:
			out.Action, first = Ask, i
		}
		if p.Action == Ask {
			asked = append(asked, p.Value)
		}
	}
	if first < 0 && len(parts) > 0 {
		first = 0
	}
	if first >= 0 {
		out.Rule, out.Ref, out.Value, out.Reason = parts[first].Rule, parts[first].Ref, parts[first].Value, parts[first].Reason
	}
	if out.Action == Ask && len(asked) > 1 {
		out.Reason = joinReason(out.Reason, "asks for "+strings.Join(quoteAll(asked), ", "))
	}
	return out
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quote(s)
	}
	return out
}

func joinReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
