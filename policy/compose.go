package policy

import "github.com/agentmgr/agentmgr/engine"

// Parts are the rules that decide a persona's calls, already read: For reads them from disk,
// the app's previews hold them in memory as a person edits them. Both compose them with
// Compose, so that the app decides exactly as the gate does.
type Parts struct {
	// Name is the persona's name, which decisions name (engine.Policy.Decider).
	Name    string
	Persona engine.Ruleset
	// Callers are the other personas on a subagent call's chain, outermost first: each decides
	// too and the most restrictive answer wins (engine.Policy.Callers).
	Callers []Caller
	// Session is the session's approved rules; nil for no session.
	Session engine.Ruleset
	// Guards are the guards files, each compiled on its own (CompileGuards or
	// CompileGuardRules), so that many policies can share them.
	Guards []*engine.Compiled
	Yolo   bool
	// Home is the directory `~` and `$HOME` stand for in the persona's and the session's
	// patterns, as the caller found it (locations.Dirs.Home); "" leaves them literal.
	Home string
}

// Caller is a persona on a call's chain other than the one making it: its name and rules.
type Caller struct {
	Name  string
	Rules engine.Ruleset
}

// Compose is the one composition of a persona's policy: its rules, its callers', the session's,
// the guards and yolo, as engine.Policy decides with them.
func Compose(p Parts) *engine.Policy {
	home := p.Home
	pol := &engine.Policy{Name: p.Name, Persona: engine.CompileWithHome(p.Persona, home), Guards: p.Guards, Yolo: p.Yolo}
	for _, c := range p.Callers {
		pol.Callers = append(pol.Callers, engine.Caller{Name: c.Name, Rules: engine.CompileWithHome(c.Rules, home)})
	}
	if p.Session != nil {
		pol.Session = engine.CompileWithHome(p.Session, home)
	}
	return pol
}

// CompileGuardRules compiles the rules of each guards file on its own, ready for
// Parts.Guards; home as in Parts.
func CompileGuardRules(files []engine.Ruleset, home string) []*engine.Compiled {
	out := make([]*engine.Compiled, len(files))
	for i, rs := range files {
		out[i] = engine.CompileWithHome(rs, home)
	}
	return out
}
