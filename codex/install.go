package codex

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

// The files agentmgr edits in Codex's home.
const (
	HooksName  = "hooks.json"
	ConfigName = "config.toml"
)

// HookTimeout is the hook's timeout in seconds: more than the gate waits for the person (its
// default --timeout, 120 s) and its start, so that Codex, which runs a call whose hook timed
// out, never sees the gate time out.
const HookTimeout = 130

// Home is Codex's home folder: $CODEX_HOME when set to an absolute path, else ~/.codex.
func Home(getenv func(string) string, home string) string {
	if h := getenv("CODEX_HOME"); h != "" && filepath.IsAbs(h) {
		return h
	}
	return filepath.Join(home, ".codex")
}

// Hook is agentmgr's PreToolUse handler for the binary at binary.
func Hook(binary string) ownedfile.Hook {
	return ownedfile.Hook{
		Event: "PreToolUse", Matcher: "*", Timeout: HookTimeout, Mark: "gate codex",
		Command: ownedfile.HookCommand(binary, "gate codex", "Codex", "`agentmgr codex install`"),
	}
}

// Install writes agentmgr's hook, starting binary, into hooks.json in Codex's home codexHome
// and trusts it in config.toml, as Codex's own review of a hook does: Codex runs no hook it
// has not been told to trust. Run again after the binary moved, it rewrites the hook and its
// trust.
func Install(codexHome, binary string) (ownedfile.Outcome, error) {
	if err := ownedfile.RequireAbs(binary, "Codex", "hook"); err != nil {
		return "", err
	}
	hooks := filepath.Join(codexHome, HooksName)
	h := Hook(binary)
	outcome, at, err := ownedfile.InstallHook(hooks, h)
	if err != nil {
		return "", err
	}
	cfg, err := readConfig(filepath.Join(codexHome, ConfigName))
	if err != nil {
		return "", err
	}
	key := TrustKey(hooks, at.Group, at.Handler)
	if outcome == ownedfile.Unchanged && cfg.state[key] != TrustHash(h.Matcher, h.Command, h.Timeout) {
		outcome = ownedfile.Updated // the hook was there, but Codex skipped it
	}
	if err := cfg.trust(key, TrustHash(h.Matcher, h.Command, h.Timeout)); err != nil {
		return "", err
	}
	return outcome, nil
}

// Uninstall removes agentmgr's hook from hooks.json in codexHome, and the trust install
// wrote for it. It reports whether there was a hook to remove.
func Uninstall(codexHome string) (bool, error) {
	hooks := filepath.Join(codexHome, HooksName)
	h := Hook("")
	at, found, err := ownedfile.FindHook(hooks, h)
	if err != nil || !found {
		return false, err
	}
	if _, err := ownedfile.UninstallHook(hooks, h); err != nil {
		return false, err
	}
	cfg, err := readConfig(filepath.Join(codexHome, ConfigName))
	if err != nil {
		return true, err
	}
	return true, cfg.untrust(TrustKey(hooks, at.Group, at.Handler))
}
