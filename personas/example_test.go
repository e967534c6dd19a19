package personas_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// Editing a persona changes only what the edit is about: comments, key order, quoting and the
// body stay byte for byte.
func ExampleDocument_InsertRule() {
	src := `---
description: Reviews diffs  # shown in the picker
permissions:
  "*": ask
  bash:
    "git diff *": allow
---
Review the diff.
`
	doc, err := personas.NewDocument("reviewer.md", []byte(src), personas.ScopeGlobal)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := doc.InsertRule(len(doc.Rules()), engine.Rule{Permission: "bash", Pattern: "rm *", Action: engine.Deny}); err != nil {
		fmt.Println(err)
		return
	}
	if err := doc.Set("description", "Reviews diffs carefully"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(doc.Bytes()))
	// Output:
	// ---
	// description: Reviews diffs carefully  # shown in the picker
	// permissions:
	//   "*": ask
	//   bash:
	//     "git diff *": allow
	//     "rm *": deny
	// ---
	// Review the diff.
}
