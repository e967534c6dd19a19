package logfeed

import (
	"path"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// Proposal is a persona rule that would decide a logged call from now on: the step from "it
// asked (or denied)" to "my persona says so", which the Log and Approvals offer in one click.
type Proposal struct {
	Persona    string
	Permission string
	Pattern    string
	Action     engine.Action
	// Tool and Values are the call, for the preview of what the rule decides.
	Tool   string
	Values []string
}

// Propose is the rule a person most likely means for e: for its persona and permission key,
// the pattern an "always" would offer (a command's first words by arity, a destructive command
// as itself; a path's folder; "*" for other tools), allowing what asked and denying what was
// denied or allowed. ok is false for an entry with no persona or key to write a rule for.
func Propose(e reviewlog.Entry) (p Proposal, ok bool) {
	if e.Agent == "" || e.Permission == "" {
		return Proposal{}, false
	}
	p = Proposal{Persona: e.Agent, Permission: e.Permission, Pattern: "*", Tool: toolOf(e.Permission), Values: e.Values}
	if len(e.Values) > 0 {
		v := e.Values[0]
		switch {
		case mapping.IsShellKey(e.Permission):
			p.Pattern = shell.AlwaysPattern(v, shell.Suggest(v))
		case mapping.IsPathKey(e.Permission):
			p.Pattern = folderOf(v)
		}
	}
	p.Action = engine.Deny
	if e.Action == string(engine.Ask) {
		p.Action = engine.Allow
	}
	return p, true
}

// toolOf is a tool the permission key stands for (the log keeps the runtime's tool name, such
// as Claude Code's "Bash", which the pi-named tool table does not know).
func toolOf(key string) string {
	if ts := mapping.ToolsForKey(key); len(ts) > 0 {
		return ts[0]
	}
	return key
}

// folderOf is the folder of a path followed by "/*", or the path itself when it names no folder.
func folderOf(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if dir := path.Dir(p); dir != "." && dir != p {
		return strings.TrimSuffix(dir, "/") + "/*"
	}
	return p
}

// Decide is what rules, and then rules with the proposal after them, decide for the call: the
// preview shown before the rule is added.
func (p Proposal) Decide(rules engine.Ruleset, home string) (before, after engine.Decision) {
	pol := &engine.Policy{Persona: engine.CompileWithHome(rules, home)}
	before = pol.DecideToolValues(p.Tool, p.Values)
	with := append(rules[:len(rules):len(rules)], engine.Rule{Permission: p.Permission, Pattern: p.Pattern, Action: p.Action})
	pol = &engine.Policy{Persona: engine.CompileWithHome(with, home)}
	return before, pol.DecideToolValues(p.Tool, p.Values)
}
