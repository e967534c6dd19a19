// Package policy composes, from the files on disk, everything that decides a persona's calls
// (docs/rules.md, docs/approvals.md): the persona's rules, the guards files, a session's approved rules
// and the yolo switch of the state file. The CLI and the gate call For; the app's previews,
// which hold the rules as edited, call Compose, which For calls too, so that they decide alike.
package policy

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/sessions"
	"github.com/agentmgr/agentmgr/trust"
)

// For composes the policy for persona p with the guards and state of dirs and, when session
// is not "", that session's rules as the store holds them now. The problems are those of the
// guards files (a broken one makes every call ask, see guards.File), which decide with the
// built-in guard (AllGuards). A broken state file leaves yolo off.
func For(dirs locations.Dirs, p *personas.Persona, session string) (*engine.Policy, []personas.Problem, error) {
	return ForChain(dirs, []*personas.Persona{p}, session)
}

// ForChain is For for a call made at the end of a chain of agents: chain holds the persona of
// each agent on it that has one, outermost (the session's) first, and must not be empty. The
// last decides the call as its persona and the others as its callers: every one of them
// decides, and the most restrictive answer wins (docs/gate.md, subagents). The session rules
// are those of every session named, in order ("" names none): a pi subagent's call is decided
// by its parent session's rules and by its own in that session.
func ForChain(dirs locations.Dirs, chain []*personas.Persona, ids ...string) (*engine.Policy, []personas.Problem, error) {
	if len(chain) == 0 {
		return nil, nil, fmt.Errorf("no persona to decide with")
	}
	if err := dirs.Check(); err != nil {
		return nil, nil, err
	}
	p := chain[len(chain)-1]
	st := trust.Of(dirs)
	files, probs := loadGuards(dirs, st)
	files = append([]GuardsFile{BuiltinGuard(dirs)}, files...)
	state, _ := personas.LoadState(dirs)
	// The home directory the folders were found from is the one `~` stands for in every rule.
	parts := Parts{Name: p.Name, Persona: p.Rules, Guards: compileGuardsWithHome(files, dirs.Home), Yolo: state.Yolo, Home: dirs.Home}
	for _, c := range chain[:len(chain)-1] {
		parts.Callers = append(parts.Callers, Caller{Name: c.Name, Rules: c.Rules})
	}
	for _, session := range ids {
		if session == "" {
			continue
		}
		s, err := sessions.Open(dirs).Get(session)
		if err != nil {
			return nil, probs, fmt.Errorf("session rules of %q: %w", session, err)
		}
		// Non-nil even when the session approved nothing yet: the session is there.
		parts.Session = append(append(engine.Ruleset{}, parts.Session...), s.Rules...)
	}
	pol := Compose(parts)
	pol.Note = Note(dirs, st)
	return pol, probs, nil
}

// Note is what every decision made with the files of dirs adds to its reason, so that the
// agent and the person see it in the runtime: that the project's personas and guards are not
// used and why, and that a .pi folder another user owns was passed over. "" when there is
// nothing to say.
func Note(dirs locations.Dirs, st trust.Status) string {
	note := st.Note()
	if dirs.Ignored != "" {
		if note != "" {
			note += "; "
		}
		note += dirs.Ignored
	}
	return note
}
