package policy

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestComposeReadsHomeSessionAndYolo(t *testing.T) {
	t.Parallel()
	persona := engine.Ruleset{{Permission: "read", Pattern: "~/x/*", Action: engine.Deny}, {Permission: "bash", Pattern: "*", Action: engine.Ask}}
	guards := CompileGuardRules([]engine.Ruleset{{{Permission: "read", Pattern: "$HOME/g", Action: engine.Deny}}}, "/h")
	pol := Compose(Parts{Persona: persona, Guards: guards, Home: "/h"})
	if pol.Session != nil {
		t.Error("no session rules: the policy has a session layer")
	}
	for _, v := range []string{"/h/x/a", "~/x/a", "/h/g"} {
		if d := pol.DecideTool("read", v); d.Action != engine.Deny {
			t.Errorf("read %q = %s, want deny (home /h)", v, d.Action)
		}
	}
	pol = Compose(Parts{Persona: persona, Session: engine.Ruleset{}, Guards: guards, Yolo: true, Home: "/h"})
	if pol.Session == nil {
		t.Error("an empty session is still a session layer")
	}
	if d := pol.DecideTool("bash", "ls"); d.Action != engine.Allow {
		t.Errorf("yolo: bash ls = %s, want allow", d.Action)
	}
}
