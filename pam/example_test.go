package pam_test

import (
	"fmt"

	"github.com/agentmgr/agentmgr/pam"
)

func ExampleBuild() {
	x := pam.Build([]pam.Input{
		{File: "reviewer.md", Data: []byte("---\ndescription: reviews\npermissions:\n  \"*\": deny\n  bash: {\"git *\": allow}\n---\n")},
		{File: "strict.md", Data: []byte("---\ndescription: d\npermissions:\n  bash: {\"rm *\": {action: deny, reason: no}}\n---\n")},
	})
	for _, f := range x.Files {
		fmt.Println(f.File, f.Loads, f.Reason == "")
	}
	fmt.Println(x.Start, x.Cycle)
	fmt.Println(pam.HiddenTools(x.Agents[2].Rules, []string{"bash", "read"}))
	// Output:
	// reviewer.md true true
	// strict.md false false
	// planner [planner builder reviewer]
	// [bash read]
}
