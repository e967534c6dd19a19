package gemini

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// SettingsName is Gemini CLI's settings file in its folder.
const SettingsName = "settings.json"

// HookTimeout is the hook's timeout in milliseconds: more than the gate waits for the person
// (its default --timeout, 120 s) and its start, since Gemini CLI runs a call whose hook timed
// out.
const HookTimeout = 130_000

// hookName names agentmgr's handler in Gemini CLI's /hooks list and its hooksConfig.disabled.
const hookName = "agentmgr"

// Folder is Gemini CLI's user folder: .gemini in $GEMINI_CLI_HOME when set, else in the home.
func Folder(getenv func(string) string, home string) string {
	if h := getenv("GEMINI_CLI_HOME"); h != "" && filepath.IsAbs(h) {
		home = h
	}
	return filepath.Join(home, ".gemini")
}

// Hook is agentmgr's BeforeTool handler for the binary at binary; its matcher is a regular
// expression matching every tool.
func Hook(binary string) ownedfile.Hook {
	return ownedfile.Hook{
		Event: "BeforeTool", Matcher: ".*", Timeout: HookTimeout, Mark: "gate gemini", Name: hookName,
		Command: ownedfile.HookCommand(binary, "gate gemini", "Gemini CLI", "`agentmgr gemini install`"),
	}
}

// Install merges agentmgr's hook, starting binary, into settings.json in Gemini CLI's folder.
func Install(folder, binary string) (ownedfile.Outcome, error) {
	if err := ownedfile.RequireAbs(binary, "Gemini CLI", "hook"); err != nil {
		return "", err
	}
	outcome, _, err := ownedfile.InstallHook(filepath.Join(folder, SettingsName), Hook(binary))
	return outcome, err
}

// Uninstall removes agentmgr's hook from settings.json in folder; it reports whether there
// was one.
func Uninstall(folder string) (bool, error) {
	return ownedfile.UninstallHook(filepath.Join(folder, SettingsName), Hook(""))
}

// Report is the state of agentmgr's hook in Gemini CLI's settings.
type Report struct {
	Settings  string `json:"settings"`
	Installed bool   `json:"installed"`
	Command   string `json:"command,omitempty"`
	// Current is true when the hook is exactly what this binary would install.
	Current       bool `json:"current"`
	BinaryMissing bool `json:"binaryMissing,omitempty"`
	// Disabled is set when the settings turn hooks off (hooksConfig.enabled false) or this one
	// (hooksConfig.disabled names it).
	Disabled bool `json:"disabled,omitempty"`
	// Enforcing is true when Gemini CLI runs the hook before every tool call.
	Enforcing bool     `json:"enforcing"`
	Problem   string   `json:"problem,omitempty"`
	Binary    string   `json:"binary"`
	Advice    []string `json:"advice"`
}

// advice words the status's advice for Gemini CLI.
var advice = ownedfile.HookAdvice{Program: "Gemini CLI", Subcommand: "gemini"}

// Status reports agentmgr's hook in folder against binary, the one install would write.
func Status(folder, binary string) Report {
	r := Report{Settings: filepath.Join(folder, SettingsName), Binary: binary, Advice: []string{}}
	h := Hook(binary)
	at, found, err := ownedfile.FindHook(r.Settings, h)
	switch {
	case err != nil:
		r.Problem = err.Error()
		r.Advice = append(r.Advice, r.Problem)
		return r
	case !found:
		r.Advice = append(r.Advice, advice.NotInstalled())
		return r
	}
	r.Installed, r.Command = true, at.Command
	r.Current = at.Is(h)
	r.BinaryMissing = at.BinaryGone()
	r.Disabled = disabled(r.Settings, at.Command)
	r.Enforcing = !r.Disabled && (at.Matcher == ".*" || at.Matcher == "*" || at.Matcher == "")
	switch {
	case r.Disabled:
		r.Advice = append(r.Advice, "the settings turn the hook off (hooksConfig): agentmgr is not enforcing")
	default:
		r.Advice = advice.Handler(r.Advice, at, r.Enforcing, r.Current)
	}
	return r
}

// disabled reports whether settings turn hooks off, or name agentmgr's among the disabled.
func disabled(path, command string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var s struct {
		HooksConfig struct {
			Enabled  *bool    `json:"enabled"`
			Disabled []string `json:"disabled"`
		} `json:"hooksConfig"`
	}
	if json.Unmarshal(data, &s) != nil {
		return false
	}
	hc := s.HooksConfig
	return hc.Enabled != nil && !*hc.Enabled || slices.Contains(hc.Disabled, hookName) || slices.Contains(hc.Disabled, command)
}
