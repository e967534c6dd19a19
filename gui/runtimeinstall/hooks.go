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
	return New(Runtime{
		Thing: "Codex hook",
		Off:   "Codex decides its tool calls by its own rules.",
		Gone:  "its fallback blocks every Codex tool call.",
		On:    "Codex asks agentmgr about every tool call.",
		Next:  "Codex runs it from its next session on.",
		Check: func() State {
			r := codex.Status(codexHome, binary)
			s := State{Global: hookState(r.Hooks, r.Installed, r.Current, r.Command, r.BinaryMissing, r.Problem), Advice: r.Advice}
			if r.Installed && r.Problem == "" && !r.Enforcing {
				s.NotEnforcing = "Codex skips it without a word (" + r.Trust + ")"
			}
			return s
		},
		Install: func() (ownedfile.Outcome, error) { return codex.Install(codexHome, binary) },
		Path:    filepath.Join(codexHome, codex.HooksName),
	})
}

// Gemini is the Gemini CLI screen's model for Gemini CLI's folder, against the binary that
// would install the hook now: gemini.Status's report, and gemini.Install.
func Gemini(folder, binary string) *Model {
	return New(Runtime{
		Thing: "Gemini CLI hook",
		Off:   "Gemini CLI decides its tool calls by its own rules.",
		Gone:  "its fallback blocks every Gemini CLI tool call.",
		On:    "Gemini CLI asks agentmgr about every tool call.",
		Next:  "Gemini CLI runs it from its next session on.",
		Check: func() State {
			r := gemini.Status(folder, binary)
			s := State{Global: hookState(r.Settings, r.Installed, r.Current, r.Command, r.BinaryMissing, r.Problem), Advice: r.Advice}
			if r.Installed && r.Problem == "" && !r.Enforcing {
				s.NotEnforcing = "the settings turn it off"
			}
			return s
		},
		Install: func() (ownedfile.Outcome, error) { return gemini.Install(folder, binary) },
		Path:    filepath.Join(folder, gemini.SettingsName),
	})
}

// hookState is a hook's report in the form the screens read a file's state.
func hookState(path string, installed, current bool, command string, missing bool, problem string) ownedfile.State {
	return ownedfile.State{Scope: "global", Path: path, Installed: installed, Current: current,
		Binary: ownedfile.HookBinary(command), BinaryMissing: missing, Problem: problem}
}
