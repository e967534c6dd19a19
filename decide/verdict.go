package decide

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// ByGate says agentmgr itself settled the call, without a rule or a person: the input was bad,
// the policy could not be loaded, or nobody answered. It extends engine's resolvers; the word
// on the wire is "gate", as every enforcer has always written it.
const ByGate approvals.Resolver = "gate"

// Verdict is an enforcer's answer to a call, before a protocol renders it (gate claude, gate
// json, serve, and the runtimes added after them).
type Verdict struct {
	Action    engine.Action      // allow, deny, or ask (Claude Code prompts itself)
	Reason    string             // one sentence for the person or the agent; names the rule and its source
	DecidedBy approvals.Resolver // rule, session rule, person, or gate
	Agent     string             // the persona that decided; "" when none could be loaded
	Rule      *engine.Rule       // the deciding rule, when a rule decided
	Source    string             // the deciding rule's source, "default" when no rule matched
	Units     []Unit             // the shell commands of the call, each decided
}

// Unit is one shell command of a call and its decision, as the protocols and the inbox carry it.
type Unit struct {
	Text string `json:"text"`
	// Permission is edit or read for a file the command writes or reads (a redirection, tee
	// FILE), as eval says it; "" for a command.
	Permission string        `json:"permission,omitempty"`
	Action     engine.Action `json:"action"`
	Rule       *engine.Rule  `json:"rule"`
	Source     string        `json:"source,omitempty"`
	Reason     string        `json:"reason,omitempty"`
	Suggestion string        `json:"suggestion,omitempty"`
}

// Refusal is the verdict on a call agentmgr could not decide, saying why: it fails closed.
func Refusal(why string) Verdict {
	return Verdict{Action: engine.Deny, DecidedBy: ByGate, Reason: "agentmgr gate denied the call: " + why}
}

func refuse(format string, a ...any) Verdict { return Refusal(fmt.Sprintf(format, a...)) }

// RuleVerdict is the verdict decision d of persona agent reached on c without asking anyone.
func RuleVerdict(agent string, c Call, d engine.Decision) Verdict {
	v := Verdict{
		Action: d.Action, DecidedBy: approvals.ByRule, Agent: agent, Rule: d.Rule, Source: d.Source(),
		Reason: fmt.Sprintf("agentmgr persona %q: %s", agent, Explain(c, d)),
	}
	if d.Rule != nil && d.Rule.Source.Kind == engine.FromSession {
		v.DecidedBy = approvals.BySessionRule
	}
	if c.Shell() {
		v.Units = Units(d)
	}
	return v
}

// Explain says what was decided, by which rule and where that rule is written, and for a
// shell call which of its commands decided. Values are Go-quoted so that a command with
// newlines stays one line.
func Explain(c Call, d engine.Decision) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %q", d.Action, d.Permission, d.Value)
	if c.Shell() && len(d.Units) > 1 {
		fmt.Fprintf(&b, " (the strictest of %d commands)", len(d.Units))
	}
	if d.Rule == nil {
		b.WriteString(": no rule matched (default ask)")
	} else {
		fmt.Fprintf(&b, " by rule %s (%s)", d.Rule, d.Rule.Source.Location())
	}
	if d.Reason != "" {
		b.WriteString(": " + d.Reason)
	}
	return b.String()
}

// Units copies a shell decision's commands into the wire form.
func Units(d engine.Decision) []Unit {
	out := make([]Unit, len(d.Units))
	for i, u := range d.Units {
		out[i] = Unit{Text: u.Text, Permission: u.Permission, Action: u.Action, Rule: u.Rule, Reason: u.Reason, Suggestion: u.Suggestion}
		if u.Rule != nil {
			out[i].Source = u.Rule.Source.String()
		}
	}
	return out
}

// RulesText lists rules as `key "pattern"`, comma-separated, for the reason of an always reply.
func RulesText(rs engine.Ruleset) string {
	if len(rs) == 0 {
		return "no rule stored"
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%s %q", r.Permission, r.Pattern)
	}
	return strings.Join(parts, ", ")
}

// ToolOfKey names a tool the engine maps to key. Asks carry the agent's own tool name (Claude
// Code's "Bash"), which the engine's pi-named table does not know; the key is what decides.
func ToolOfKey(key string) string { return mapping.ToolsForKey(key)[0] }
