package serve

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// TestSkillsAreDecidedAndDeniedOnesNamed: the agent request names the skills the persona
// denies, so the pi extension leaves them out of the prompt; a skill is decided on its name.
func TestSkillsAreDecidedAndDeniedOnesNamed(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "skilled.md"), "---\ndescription: d\npermissions:\n  \"*\": ask\n  skill:\n    \"*\": ask\n    \"dangerous-*\": deny\n    librarian: allow\n---\n")
	f.use(t, "skilled")
	a := f.one(t, `{"id":1,"type":"agent","tools":["read"],"skills":["librarian","dangerous-deploy","notes"]}`)
	if got := fmt.Sprint(a["deniedSkills"]); got != "[dangerous-deploy]" {
		t.Errorf("deniedSkills = %s, want [dangerous-deploy] (%v)", got, a)
	}
	for skill, want := range map[string]string{"librarian": "allow", "dangerous-deploy": "deny", "notes": "ask"} {
		d := f.one(t, fmt.Sprintf(`{"id":2,"type":"decide","session":"s","tool":"skill","value":%q}`, skill))
		if d["action"] != want {
			t.Errorf("skill %s: %v, want %s", skill, d["action"], want)
		}
	}
}
