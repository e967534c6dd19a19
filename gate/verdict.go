package gate

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

// ByGate says the gate itself settled the call, without a rule or a person: the input was bad,
// the policy could not be loaded, or nobody answered. It extends engine's resolvers.
const ByGate approvals.Resolver = "gate"

// Verdict is the gate's answer to a call, before it is rendered in a protocol.
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

// Refusal is the verdict on a call the gate could not decide, saying why: it fails closed.
func Refusal(why string) Verdict {
	return Verdict{Action: engine.Deny, DecidedBy: ByGate, Reason: "agentmgr gate denied the call: " + why}
}

func refuse(format string, a ...any) Verdict { return Refusal(fmt.Sprintf(format, a...)) }

// ruleVerdict is the verdict a rule reached without asking anyone.
func ruleVerdict(agent string, c Call, d engine.Decision) Verdict {
	v := Verdict{
		Action: d.Action, DecidedBy: approvals.ByRule, Agent: agent, Rule: d.Rule, Source: d.Source(),
		Reason: fmt.Sprintf("agentmgr persona %q: %s", agent, explain(c, d)),
	}
	if d.Rule != nil && d.Rule.Source.Kind == engine.FromSession {
		v.DecidedBy = approvals.BySessionRule
	}
	if c.Shell() {
		v.Units = units(d)
	}
	return v
}

// explain says what was decided, by which rule and where that rule is written, and for a
// shell call which of its commands decided. Values are Go-quoted so that a command with
// newlines stays one line.
func explain(c Call, d engine.Decision) string {
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

// units copies a shell decision's commands into the wire form.
func units(d engine.Decision) []Unit {
	out := make([]Unit, len(d.Units))
	for i, u := range d.Units {
		out[i] = Unit{Text: u.Text, Permission: u.Permission, Action: u.Action, Rule: u.Rule, Reason: u.Reason, Suggestion: u.Suggestion}
		if u.Rule != nil {
			out[i].Source = u.Rule.Source.String()
		}
	}
	return out
}
