package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/serve"
)

// A pi session's questions, one JSON line each: the active persona (the built-in planner in
// an empty agent dir) hides the tools it denies, and a shell call is decided by its rule.
func Example() {
	agent, _ := os.MkdirTemp("", "agent")
	defer os.RemoveAll(agent)
	d := locations.Dirs{Agent: agent}
	s := serve.New(func(string) locations.Dirs { return d })
	in := strings.NewReader(`{"id":1,"type":"agent","tools":["read","bash","edit"]}
{"id":2,"type":"decide","session":"s1","tool":"bash","input":{"command":"rm -rf /"}}
not json
`)
	var out strings.Builder
	_ = s.Serve(context.Background(), in, &out)
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r struct {
			ID     any      `json:"id"`
			Name   string   `json:"name"`
			Hidden []string `json:"hidden"`
			Action string   `json:"action"`
			Reason string   `json:"reason"`
			Error  string   `json:"error"`
		}
		_ = json.Unmarshal([]byte(line), &r)
		switch {
		case r.Error != "":
			fmt.Println(r.ID, "error:", r.Error)
		case r.Name != "":
			fmt.Println(r.ID, r.Name, "hides", r.Hidden)
		default:
			fmt.Println(r.ID, r.Action+":", r.Reason)
		}
	}
	// Output:
	// 1 planner hides [bash edit]
	// 2 deny: agentmgr persona "planner": deny bash "rm -rf /" by rule "*" "*" deny (builtin:planner line 8)
	// <nil> error: the line is not a valid request: invalid character 'o' in literal null (expecting 'u')
}
