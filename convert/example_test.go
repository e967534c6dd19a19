package convert_test

import (
	"fmt"
	"os"

	"github.com/agentmgr/agentmgr/convert"
)

// A Claude Code settings file becomes one persona: allow, then ask, then deny.
func ExampleImportClaudeSettings() {
	settings := []byte(`{"permissions": {"allow": ["Bash(git diff:*)"], "deny": ["Bash(rm:*)"]}}`)
	it, err := convert.ImportClaudeSettings("settings.json", "team", settings)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range it.Draft.Rules {
		fmt.Println(r)
	}
	it.Report.WriteText(os.Stdout)
	// Output:
	// "*" "*" ask
	// "read" "*" allow
	// "grep" "*" allow
	// "glob" "*" allow
	// "list" "*" allow
	// "bash" "git diff *" allow
	// "bash" "rm *" deny
	// settings.json -> team (enforced by file)
	//   kept:    permissions (2 rules, as allow, then ask, then deny)
	//   changed: description: (none) -> Permissions imported from the Claude Code settings file settings.json (a settings file has no description)
	//   changed: tools no rule names: asked about by Claude Code -> "*": ask (Claude Code asks before edits, commands, fetches and other tools unless a rule allows them; the persona says so first, so that a deny never hides a whole tool)
	//   changed: reads with no rule: allowed inside the working directory -> read, grep, glob, list allowed (Claude Code reads without asking inside the working directory; the persona allows reads everywhere unless a rule says otherwise)
	//   fidelity: 2 of 2 rules enforced as written, 0 stricter, 0 looser, 0 lost
}
