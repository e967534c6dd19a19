package personas_test

import (
	"testing"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/pam"
)

// An examples block must not cost a persona its place in pi-agent-manager, which reads the same
// folder: the model of its loader must load every shape the block takes.
func TestPiAgentManagerLoadsPersonasWithExamples(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"flow.md":  "---\nname: flow\ndescription: d\npermissions: {read: allow}\nexamples:\n  allow: [\"read: a\", todo]\n  deny: ['bash: rm -rf /']\n---\nbody\n",
		"block.md": "---\nname: block\ndescription: d\npermissions: {read: allow}\nexamples:\n  ask:\n    - bash: git push\n    - \"edit: x\"\n---\nbody\n",
	}
	for _, n := range builtin.Names {
		b, _ := builtin.File(n)
		files[n+".md"] = string(b)
	}
	for name, data := range files {
		if res := pam.LoadFile(name, []byte(data)); !res.Loads || res.Breaks {
			t.Errorf("pi-agent-manager would not load %s: %+v", name, res)
		}
	}
}
