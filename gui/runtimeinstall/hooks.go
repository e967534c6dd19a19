package runtimeinstall

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/codex"
	"github.com/agentmgr/agentmgr/gemini"
	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// Codex is the Codex screen's model for Codex's home codexHome, against the binary that would
// install the hook now: codex.Status's report, and codex.Install, which trusts the hook too.
func Codex(codexHome, binary string) *Model {
	return hookModel("Codex", filepath.Join(codexHome, codex.HooksName), func() State {
		r := codex.Status(codexHome, binary)
		return hookState(r.Hooks, r.Installed, r.Current, r.Command, r.BinaryMissing, r.Problem).
			checked(r.Advice, r.Enforcing, "Codex skips it without a word ("+r.Trust+")")
	}, func() (ownedfile.Outcome, error) { return codex.Install(codexHome, binary) })
}

// Gemini is the Gemini CLI screen's model for Gemini CLI's folder, against the binary that
// would install the hook now: gemini.Status's report, and gemini.Install.
func Gemini(folder, binary string) *Model {
	return hookModel("Gemini CLI", filepath.Join(folder, gemini.SettingsName), func() State {
		r := gemini.Status(folder, binary)
		return hookState(r.Settings, r.Installed, r.Current, r.Command, r.BinaryMissing, r.Problem).
			checked(r.Advice, r.Enforcing, "the settings turn it off")
	}, func() (ownedfile.Outcome, error) { return gemini.Install(folder, binary) })
}

// hookModel is the model of the screen of a runtime called name that runs agentmgr as a hook
// of its settings file at path: the sentences are the same for every such runtime.
func hookModel(name, path string, check func() State, install func() (ownedfile.Outcome, error)) *Model {
	return New(Runtime{
		Thing:   name + " hook",
		Off:     name + " decides its tool calls by its own rules.",
		Gone:    "its fallback blocks every " + name + " tool call.",
		On:      name + " asks agentmgr about every tool call.",
		Next:    name + " runs it from its next session on.",
		Check:   check,
		Install: install,
		Path:    path,
	})
}

// hookFile is a hook's state in its settings file, as the screens read a file's state.
type hookFile ownedfile.State

// hookState is a hook's report in the form the screens read a file's state.
func hookState(path string, installed, current bool, command string, missing bool, problem string) hookFile {
	return hookFile{Scope: "global", Path: path, Installed: installed, Current: current,
		Binary: ownedfile.HookBinary(command), BinaryMissing: missing, Problem: problem}
}

// checked is the screen's state of the hook f with the report's advice; a hook installed
// without a problem that the runtime does not run (enforcing false) says why not.
func (f hookFile) checked(advice []string, enforcing bool, why string) State {
	s := State{Global: ownedfile.State(f), Advice: advice}
	if f.Installed && f.Problem == "" && !enforcing {
		s.NotEnforcing = why
	}
	return s
}
