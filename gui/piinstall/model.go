// Package piinstall is the model of the app's pi screen: the state of agentmgr's pi extension
// (pi.Check) and the one action it offers, Install or Update. It knows no Fyne.
package piinstall

import (
	"fmt"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/pi"
)

// Model is the pi screen's state for the agent dir of Dirs, against the binary and version
// that would install the extension now (the running app).
type Model struct {
	Dirs    locations.Dirs
	Binary  string
	Version string

	report  pi.Report
	message string
}

// New checks the extension's state at once.
func New(dirs locations.Dirs, binary, version string) *Model {
	m := &Model{Dirs: dirs, Binary: binary, Version: version}
	m.Refresh()
	return m
}

// Refresh checks the extension's state again (another process may have installed it).
func (m *Model) Refresh() { m.report = pi.Check(m.Dirs, m.Binary, m.Version) }

// Report is the state as last checked, the same as `agentmgr pi status` prints.
func (m *Model) Report() pi.Report { return m.report }

// Action is what the screen's button does for the agent dir's extension: "Install" when there
// is none, "Update" when it is not what this app would write, "" when it is current or when a
// file that is not agentmgr's sits in its place (the person must move it first).
func (m *Model) Action() string {
	g := m.report.Global
	switch {
	case !g.Installed:
		return "Install"
	case g.Problem != "":
		return ""
	case !g.Current:
		return "Update"
	}
	return ""
}

// Summary is the state in one sentence.
func (m *Model) Summary() string {
	g := m.report.Global
	switch {
	case !g.Installed:
		return "The pi extension is not installed: pi does not follow the active agent."
	case g.Problem != "":
		return "Another file is where the pi extension belongs: " + g.Problem + "."
	case g.BinaryMissing:
		return "The pi extension starts an agentmgr that is gone: pi blocks every tool call."
	case !g.Current:
		return fmt.Sprintf("The pi extension was installed by another agentmgr (%s).", g.Version)
	}
	return "The pi extension is installed and current: pi follows the active agent."
}

// Details are the lines under the summary: where the extension is, what it starts, other
// extensions that gate the same calls, and the advice.
func (m *Model) Details() []string {
	r := m.report
	var out []string
	for _, st := range []*pi.Status{&r.Global, r.Project} {
		if st == nil || !st.Installed && st.Scope == "project" {
			continue
		}
		line := st.Scope + ": " + st.Path
		if st.Installed && st.Binary != "" {
			line += " (starts " + st.Binary + ")"
		}
		out = append(out, line)
	}
	for _, o := range r.Others {
		out = append(out, "also installed: "+o.Name+" ("+o.Where+")")
	}
	for _, a := range r.Advice {
		out = append(out, "→ "+a)
	}
	return out
}

// Message says what the last Run did, or why it failed.
func (m *Model) Message() string { return m.message }

// Run does Action: it installs or updates the extension in the agent dir, then checks again.
func (m *Model) Run() error {
	action := m.Action()
	if action == "" {
		return nil
	}
	outcome, err := pi.Install(m.Dirs.GlobalExtensions(), m.Binary, m.Version)
	if err == nil {
		// As `agentmgr pi install`: pi-subagents' children load the extension too.
		if _, gerr := pi.GateChildren(m.Dirs.GlobalExtensions()); gerr != nil {
			defer func() { m.message += " pi-subagents' children will not load it: " + gerr.Error() }()
		}
	}
	m.Refresh()
	if err != nil {
		m.message = action + " failed: " + err.Error()
		return err
	}
	m.message = fmt.Sprintf("%s %s; restart pi or run /reload in it.", outcome, pi.Path(m.Dirs.GlobalExtensions()))
	return nil
}
