// Package runtimeinstall is the model of the app's runtime screens (pi, OpenCode, Codex,
// Gemini CLI): the state
// of agentmgr's file in a runtime's config folders, as internal/ownedfile reports it, and the
// one action a screen offers, Install or Update. It knows no Fyne. What differs between the
// runtimes is a Runtime: how the state is read, how the file is installed, and the words.
package runtimeinstall

import (
	"fmt"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// Runtime is one runtime's file as its screen sees it. Pi and OpenCode make the two.
type Runtime struct {
	// Thing names the file in sentences: "pi extension", "OpenCode plugin".
	Thing string
	// What each state means for the runtime's calls, ending a sentence: installed nowhere
	// (Off), only in the project (Here), starting a binary that is gone (Gone), current (On).
	Off, Here, Gone, On string
	// Next says when the runtime loads a file just installed, as a sentence.
	Next string

	// Check reads the file's state now, in the global folder and the project's.
	Check func() State
	// Path is the file in the global folder, where Install writes it.
	Path string
	// Install writes the file into the global folder.
	Install func() (ownedfile.Outcome, error)
	// Also is what installing does besides writing the file (pi: have pi-subagents' children
	// load it), nil for nothing. Its error is told after the outcome; the file stays installed.
	Also func() error
}

// State is a runtime's file in the global folder and the project's, and what else decides
// the same calls.
type State struct {
	Global  ownedfile.State
	Project *ownedfile.State // nil outside a project
	Others  []string         // one line each, as the screen shows them
	Advice  []string         // what to do, in order
	// NotEnforcing, when set, says why an installed hook of agentmgr's is not run before the
	// runtime's calls (Codex skips a hook it does not trust): installing again fixes it.
	NotEnforcing string
}

// fileState is the state of a runtime's own file in the global folder and the project's, with
// the report's advice, and line saying each of others (what else decides the same calls).
func fileState[O any](global ownedfile.State, project *ownedfile.State, advice []string, others []O, line func(O) string) State {
	s := State{Global: global, Project: project, Advice: advice}
	for _, o := range others {
		s.Others = append(s.Others, line(o))
	}
	return s
}

// Model is a runtime screen's state, as last checked.
type Model struct {
	rt      Runtime
	state   State
	message string
}

// New checks rt's state at once.
func New(rt Runtime) *Model {
	m := &Model{rt: rt}
	m.Refresh()
	return m
}

// Refresh checks the state again (the CLI or another app may have installed the file since).
func (m *Model) Refresh() { m.state = m.rt.Check() }

// State is the state as last checked.
func (m *Model) State() State { return m.state }

// Action is what the screen's button does for the global file: "Install" when there is
// none, "Update" when it is not what this app would write, "" when it is current or when a
// file that is not agentmgr's sits in its place (the person must move it first).
func (m *Model) Action() string {
	g := m.state.Global
	switch {
	case !g.Installed:
		return "Install"
	case g.Problem != "":
		return ""
	case !g.Current, m.state.NotEnforcing != "":
		return "Update"
	}
	return ""
}

// Summary is the state in one sentence.
func (m *Model) Summary() string {
	g, thing := m.state.Global, m.rt.Thing
	switch {
	case !g.Installed && m.state.Project.Usable():
		return "The " + thing + " is installed for this project only: " + m.rt.Here
	case !g.Installed:
		return "The " + thing + " is not installed: " + m.rt.Off
	case g.Problem != "":
		return "Another file is where the " + thing + " belongs: " + g.Problem + "."
	case m.state.NotEnforcing != "":
		return "The " + thing + " is installed but not enforcing: " + m.state.NotEnforcing + "."
	case g.BinaryMissing:
		return "The " + thing + " starts an agentmgr that is gone: " + m.rt.Gone
	case !g.Current && g.Version == "":
		return "The " + thing + " starts another agentmgr (" + g.Binary + ")."
	case !g.Current:
		return fmt.Sprintf("The %s was installed by another agentmgr (%s).", thing, g.Version)
	}
	return "The " + thing + " is installed and current: " + m.rt.On
}

// Details are the lines under the summary: where the file is, what it starts, what else
// decides the same calls, and the advice.
func (m *Model) Details() []string {
	s := m.state
	var out []string
	for _, st := range []*ownedfile.State{&s.Global, s.Project} {
		if st == nil || !st.Installed && st.Scope == "project" {
			continue
		}
		line := st.Scope + ": " + st.Path
		if st.Installed && st.Binary != "" {
			line += " (starts " + st.Binary + ")"
		}
		out = append(out, line)
	}
	out = append(out, s.Others...)
	for _, a := range s.Advice {
		out = append(out, "→ "+a)
	}
	return out
}

// Message says what the last Run did, or why it failed.
func (m *Model) Message() string { return m.message }

// Run does Action: it installs or updates the file in the global folder, as the CLI's
// install does, then checks again.
func (m *Model) Run() error {
	action := m.Action()
	if action == "" {
		return nil
	}
	outcome, err := m.rt.Install()
	var also error
	if err == nil && m.rt.Also != nil {
		also = m.rt.Also()
	}
	m.Refresh()
	if err != nil {
		m.message = action + " failed: " + err.Error()
		return err
	}
	m.message = fmt.Sprintf("%s %s; %s", outcome, m.rt.Path, m.rt.Next)
	if also != nil {
		m.message += " " + also.Error()
	}
	return nil
}
