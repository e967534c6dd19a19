// Package policy composes, from the files on disk, everything that decides a persona's calls
// (docs/rules.md, docs/approvals.md): the persona's rules, the guards files, a session's approved rules
// and the yolo switch of the state file. The CLI, the app and the gate all call For, so that
// they decide alike.
package policy

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/sessions"
)

// For composes the policy for persona p with the guards and state of dirs and, when session
// is not "", that session's rules as the store holds them now. The problems are those of the
// guards files (a broken one makes every call ask, see guards.File). A broken state file
// leaves yolo off.
func For(dirs locations.Dirs, p *personas.Persona, session string) (*engine.Policy, []personas.Problem, error) {
	files, probs := LoadGuards(dirs)
	state, _ := personas.LoadState(dirs)
	pol := &engine.Policy{Persona: engine.Compile(p.Rules), Guards: CompileGuards(files), Yolo: state.Yolo}
	if session == "" {
		return pol, probs, nil
	}
	s, err := sessions.Open(dirs).Get(session)
	if err != nil {
		return nil, probs, fmt.Errorf("session rules: %w", err)
	}
	pol.Session = engine.Compile(s.Rules)
	return pol, probs, nil
}
