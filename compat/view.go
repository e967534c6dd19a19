package compat

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/pam"
	"github.com/agentmgr/agentmgr/personas"
)

// View is pi-agent-manager 0.18.1's answer for one persona, next to agentmgr's: what the app's
// persona list, Preview and Matrix show.
type View struct {
	Status string   // StatusLoads, StatusSkips, StatusBreaks, or StatusUnread
	Reason string   // why it is skipped, breaks or is unread
	Hidden []string // the tools the AM hides (sorted); nil unless it loads
}

// ViewOf is the AM's answer for persona p, whose file text is data (the edited text in the
// app), over tools. A built-in is the AM's own built-in of that name.
func ViewOf(p *personas.Persona, data []byte, tools []string) View {
	switch {
	case p.Scope == personas.ScopeBuiltin:
		for _, b := range pam.Builtins() {
			if b.Name == p.Name {
				return View{Status: StatusLoads, Hidden: pam.HiddenTools(b.Rules, tools)}
			}
		}
		return View{Status: StatusUnread, Reason: pam.Runtime + " has no built-in " + p.Name}
	case p.Scope == personas.ScopeProject:
		return View{Status: StatusUnread, Reason: pam.Runtime + " never reads a project's .pi/agents"}
	case !strings.HasSuffix(p.Path, ".md"):
		return View{Status: StatusUnread, Reason: pam.Runtime + " does not read the legacy JSON file"}
	}
	r := pam.LoadFile(filepath.Base(p.Path), data)
	switch {
	case r.Breaks:
		return View{Status: StatusBreaks, Reason: r.Reason}
	case !r.Loads:
		return View{Status: StatusSkips, Reason: r.Reason}
	}
	return View{Status: StatusLoads, Hidden: pam.HiddenTools(r.Agent.Rules, tools)}
}

// Hides reports whether the AM hides tool; false when it does not load the persona.
func (v View) Hides(tool string) bool { return slices.Contains(v.Hidden, tool) }

// Differs reports whether the AM loads the persona and hides tool where agentmgr does not, or
// the other way round.
func (v View) Differs(tool string, agentmgrHides bool) bool {
	return v.Status == StatusLoads && v.Hides(tool) != agentmgrHides
}

// Mark is the short mark of the persona list: "" when the AM loads the file, else what it does.
func (v View) Mark() string {
	switch v.Status {
	case StatusSkips:
		return "skipped by " + pam.Runtime
	case StatusBreaks:
		return "breaks " + pam.Runtime
	}
	return ""
}

// ShortMark is Mark for a narrow place (the persona list, a matrix row): "AM skips" or
// "AM breaks", where AM is pi-agent-manager 0.18.1; "" when it loads the file.
func (v View) ShortMark() string {
	switch v.Status {
	case StatusSkips:
		return "AM skips"
	case StatusBreaks:
		return "AM breaks"
	}
	return ""
}

// Note is the line Preview shows: "" when the AM hides the same tools as agentmgr, else both
// answers side by side and which one applies.
func (v View) Note(agentmgrHidden []string) string {
	mine := append([]string{}, agentmgrHidden...)
	slices.Sort(mine)
	switch v.Status {
	case StatusSkips, StatusBreaks, StatusUnread:
		if v.Status == StatusUnread {
			return v.Reason + "."
		}
		return v.Mark() + ": " + v.Reason + ". " + Enforcer
	}
	if slices.Equal(v.Hidden, mine) {
		return ""
	}
	return "Hidden by agentmgr: " + list(mine) + "    Hidden by " + pam.Runtime + ": " + list(v.Hidden) + ". " + Enforcer
}

// Enforcer says which answer applies.
const Enforcer = "Which one applies depends on what you run: agentmgr's gate or pi extension, or pi-agent-manager itself."
