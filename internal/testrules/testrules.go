// Package testrules is for tests: rulesets the tests of several packages decide by, written
// once so that the packages' tests agree on what each allows.
package testrules

import "github.com/agentmgr/agentmgr/engine"

// E2EPersona is the persona of the gate's and the inbox's end-to-end tests: it asks for shell
// commands and edits, allows reads and git status, denies rm. Each call returns a new slice,
// which the caller may change.
func E2EPersona() engine.Ruleset {
	return engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Ask},
		{Permission: "read", Pattern: "*", Action: engine.Allow},
		{Permission: "bash", Pattern: "git status*", Action: engine.Allow},
		{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
	}.WithSource(engine.Source{Kind: engine.FromRequest})
}
