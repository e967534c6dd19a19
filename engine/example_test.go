package engine_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
)

// A policy decides each call with the last rule that matches; a shell command is decided
// command by command, and the call gets the strictest answer.
func ExamplePolicy_DecideTool() {
	rules := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Ask},
		{Permission: "read", Pattern: "*", Action: engine.Allow},
		{Permission: "read", Pattern: "*.env", Action: engine.Deny},
		{Permission: "bash", Pattern: "git diff *", Action: engine.Allow},
		{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
	}
	pol := engine.NewPolicy(rules)
	for _, call := range [][2]string{
		{"read", "main.go"},
		{"read", "prod.env"},
		{"bash", "git diff HEAD"},
		{"bash", "git diff && rm -rf build"},
		{"edit", "main.go"},
	} {
		d := pol.DecideTool(call[0], call[1])
		fmt.Printf("%-5s %-26q %s\n", call[0], call[1], d.Action)
	}
	// Output:
	// read  "main.go"                  allow
	// read  "prod.env"                 deny
	// bash  "git diff HEAD"            allow
	// bash  "git diff && rm -rf build" deny
	// edit  "main.go"                  ask
}

// A session's rules (what a person approved with "always") turn an ask into allow, never a
// deny; guards win wherever they are stricter, and yolo never loosens them.
func ExamplePolicy_guardsAndSession() {
	pol := &engine.Policy{
		Persona: engine.Compile(engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Ask}}),
		Session: engine.Compile(engine.Ruleset{{Permission: "edit", Pattern: "*", Action: engine.Allow}}),
		Guards:  []*engine.Compiled{engine.Compile(engine.Ruleset{{Permission: "edit", Pattern: "*.env", Action: engine.Deny, Source: engine.Source{Kind: engine.FromGuard}}})},
		Yolo:    true,
	}
	fmt.Println(pol.DecideTool("edit", "main.go").Action)
	fmt.Println(pol.DecideTool("edit", ".env").Action)
	fmt.Println(pol.DecideTool("read", "main.go").Action)
	// Output:
	// allow
	// deny
	// allow
}
