// Package opencodeinstall is the model of the app's OpenCode screen: the state of agentmgr's
// OpenCode plugin (opencode.Status) and the one action it offers, Install or Update in
// OpenCode's global config folder. It knows no Fyne.
package opencodeinstall

import (
	"fmt"

	"github.com/agentmgr/agentmgr/opencode"
)

// Model is the OpenCode screen's state for the folders of Dirs, against the binary and
// version that would install the plugin now (the running app's agentmgr).
type Model struct {
	Dirs    opencode.Dirs
	Binary  string
	Version string

	report  opencode.Report
	message string
}

// New checks the plugin's state at once.
func New(dirs opencode.Dirs, binary, version string) *Model {
	m := &Model{Dirs: dirs, Binary: binary, Version: version}
	m.Refresh()
	return m
}

// Refresh checks the plugin's state again (`agentmgr opencode install` may have run since).
func (m *Model) Refresh() { m.report = opencode.Status(m.Dirs, m.Binary, m.Version) }

// Report is the state as last checked, the same as `agentmgr opencode status` prints.
func (m *Model) Report() opencode.Report { return m.report }

// Action is what the screen's button does for the global plugin: "Install" when there is
// none, "Update" when it is not what this app would write, "" when it is current or when a
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
	case !g.Installed && m.report.Active():
		return "The OpenCode plugin is installed for this project only: OpenCode asks agentmgr here."
	case !g.Installed:
		return "The OpenCode plugin is not installed: OpenCode decides its tool calls by its own rules."
	case g.Problem != "":
		return "Another file is where the OpenCode plugin belongs: " + g.Problem + "."
	case g.BinaryMissing:
		return "The OpenCode plugin starts an agentmgr that is gone: OpenCode blocks every tool call."
	case !g.Current:
		return fmt.Sprintf("The OpenCode plugin was installed by another agentmgr (%s).", g.Version)
	}
	return "The OpenCode plugin is installed and current: OpenCode asks agentmgr about every tool call."
}

// Details are the lines under the summary: where the plugin is, what it starts, the other
// plugins and permission settings that also decide, and the advice.
func (m *Model) Details() []string {
	r := m.report
	var out []string
	for _, st := range []*opencode.PluginState{&r.Global, r.Project} {
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
		out = append(out, "also deciding: "+o.Kind+" "+o.Name+" ("+o.Where+"): "+o.Effect)
	}
	for _, a := range r.Advice {
		out = append(out, "→ "+a)
	}
	return out
}

// Message says what the last Run did, or why it failed.
func (m *Model) Message() string { return m.message }

// Run does Action: it installs or updates the plugin in OpenCode's global config folder, as
// `agentmgr opencode install` does, then checks again.
func (m *Model) Run() error {
	action := m.Action()
	if action == "" {
		return nil
	}
	outcome, err := opencode.Install(m.Dirs.Global, m.Binary, m.Version)
	m.Refresh()
	if err != nil {
		m.message = action + " failed: " + err.Error()
		return err
	}
	m.message = fmt.Sprintf("%s %s; OpenCode loads it when it starts next.", outcome, opencode.Path(m.Dirs.Global))
	return nil
}
