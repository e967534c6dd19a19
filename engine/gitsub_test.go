package engine

import "testing"

func TestUnknownGitSubcommandAsks(t *testing.T) {
	allowList := &Policy{Persona: Compile(rules("*", "*", "ask", "bash", "git status*", "allow", "bash", "git *", "allow", "bash", "git lg *", "allow"))}
	denyList := &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "git push *", "ask"))}
	plain := &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "rm *", "deny"))}
	checkPolicies(t, []policyCase{
		{allowList, "git statusx", Ask},
		{allowList, "git status", Allow},
		{allowList, "git status --short", Allow},
		{allowList, "git lg --oneline", Allow}, // a rule names the alias
		{allowList, "git -C sub p origin main", Ask},
		{allowList, "git lfs pull", Allow},
		{denyList, "git p origin main", Ask}, // the alias may be push
		{denyList, "git log --oneline", Allow},
		{plain, "git p", Allow},                     // no rule about git: the catch-all consents
		{allowList, "git -c alias.s=status s", Ask}, // -c needs a rule naming it, as before
	})
}
