package codex

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// Trust states of a hook, as Codex's hooks/list names them.
const (
	Trusted   = "trusted"
	Untrusted = "untrusted" // no trust recorded: Codex skips the hook
	Modified  = "modified"  // trusted once, changed since: Codex skips the hook
)

// Report is the state of agentmgr's hook in Codex's home.
type Report struct {
	Hooks     string `json:"hooks"`  // hooks.json
	Config    string `json:"config"` // config.toml
	Installed bool   `json:"installed"`
	Command   string `json:"command,omitempty"` // the installed hook's command line
	// Current is true when the hook is exactly what this binary would install.
	Current bool   `json:"current"`
	Trust   string `json:"trust,omitempty"` // trusted, untrusted or modified
	Key     string `json:"key,omitempty"`   // the key its trust is kept under
	// BinaryMissing is set when the binary the hook starts is gone: the hook's fallback then
	// blocks every call.
	BinaryMissing bool `json:"binaryMissing,omitempty"`
	// HooksOff is set when config.toml turns Codex's hooks feature off.
	HooksOff bool `json:"hooksOff,omitempty"`
	// Enforcing is true when Codex runs the hook before every tool call: installed, trusted,
	// for every tool, hooks not turned off.
	Enforcing bool     `json:"enforcing"`
	Problem   string   `json:"problem,omitempty"`
	Binary    string   `json:"binary"` // this binary
	Advice    []string `json:"advice"`
}

// advice words the status's advice for Codex.
var advice = ownedfile.HookAdvice{Program: "Codex", Subcommand: "codex"}

// Status reports agentmgr's hook in codexHome against binary, the one install would write: is
// it there, does Codex trust it as it stands (the hash Codex computes, TrustHash, against the
// one config.toml records), and does its binary exist.
func Status(codexHome, binary string) Report {
	r := Report{Hooks: filepath.Join(codexHome, HooksName), Config: filepath.Join(codexHome, ConfigName), Binary: binary, Advice: []string{}}
	h := Hook(binary)
	at, found, err := ownedfile.FindHook(r.Hooks, h)
	switch {
	case err != nil:
		r.Problem = err.Error()
	case !found:
		r.Advice = append(r.Advice, advice.NotInstalled())
		return r
	}
	if r.Problem != "" {
		r.Advice = append(r.Advice, r.Problem)
		return r
	}
	r.Installed, r.Command = true, at.Command
	r.Current = at.Is(h)
	r.Key = TrustKey(r.Hooks, at.Group, at.Handler)
	cfg, err := readConfig(r.Config)
	if err != nil {
		r.Problem = err.Error()
		r.Advice = append(r.Advice, r.Problem)
		return r
	}
	switch recorded := cfg.state[r.Key]; {
	case recorded == "":
		r.Trust = Untrusted
	case recorded == TrustHash(at.Matcher, at.Command, at.Timeout):
		r.Trust = Trusted
	default:
		r.Trust = Modified
	}
	r.BinaryMissing = at.BinaryGone()
	r.HooksOff = cfg.hooksOff
	r.Enforcing = r.Trust == Trusted && (at.Matcher == "*" || at.Matcher == "") && !r.HooksOff
	switch {
	case r.HooksOff:
		r.Advice = append(r.Advice, r.Config+" turns Codex's hooks off ([features] hooks = false): agentmgr is not enforcing; remove that line")
	case !r.Enforcing && r.Trust != Trusted:
		r.Advice = append(r.Advice, "Codex skips the hook without a word because it is "+r.Trust+": agentmgr is not enforcing; run `agentmgr codex install` to trust it")
	default:
		r.Advice = advice.Handler(r.Advice, at, r.Enforcing, r.Current)
	}
	return r
}
