package compat

import (
	"strconv"

	"github.com/agentmgr/agentmgr/pam"
	"github.com/agentmgr/agentmgr/personas"
)

// PiVersion is the pi release whose tool_call event pi-agent-manager 0.18.1 misreads.
const PiVersion = "pi 1.6"

// PatternRules is the warning for persona p when pi-agent-manager 0.18.1 would not apply its
// pattern rules under pi 1.6: its tool_call handler reads the call's arguments from
// event.args, and pi 1.6 passes them as event.input, so every pattern sees an empty value.
// Key-level rules (hiding a tool, bash: deny) still work; agentmgr's pi extension applies
// the patterns. ok is false for a persona without pattern rules (a preset's or a legacy
// list's rules are the AM's own and have none either). The app's persona list calls it for
// its mark.
func PatternRules(p *personas.Persona) (d Difference, ok bool) {
	if p.Form != personas.FormRules {
		return Difference{}, false
	}
	for _, r := range p.Rules {
		if r.Pattern == "*" {
			continue
		}
		d = Difference{
			File: p.Path, Line: r.Source.Line,
			Message: pam.Runtime + " does not apply pattern rules under " + PiVersion + " (it reads the call from event.args, " + PiVersion +
				" passes event.input, so every pattern sees an empty value): " + r.Permission + " " + strconv.Quote(r.Pattern) + " " + string(r.Action) +
				" and every other pattern rule of " + p.Name + " never " + verb(string(r.Action)) + " there; only key-level rules (hiding, " + r.Permission + ": deny) work. agentmgr's pi extension applies them",
			Fix: "run pi with agentmgr's extension (`agentmgr pi install`) instead of pi-agent-manager",
		}
		return d, true
	}
	return Difference{}, false
}

func verb(action string) string {
	switch action {
	case "ask":
		return "asks"
	case "deny":
		return "blocks"
	}
	return "decides"
}
