package approvalqueue

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

const (
	strictMD = "---\ndescription: asks for git\npermissions:\n  \"*\": allow\n  bash:\n    \"*\": allow\n    \"git *\": ask\n---\n"
	looseMD  = "---\ndescription: anything\npermissions:\n  \"*\": allow\n---\n"
)

// writePersonas writes the persona files of d and dates every file an hour back, so that no
// stamp is too fresh to be trusted and the answers are kept.
func writePersonas(t *testing.T, d locations.Dirs, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(d.GlobalAgents(), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(d.GlobalAgents(), name+".md"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testfiles.Settle(t, d.Agent)
}

// The app answers a forwarded request from the policy prepared for its persona: asked again,
// it loads no catalog and compiles nothing (the very same policy answers); a change to the
// persona's file prepares it anew, and another persona has its own.
func TestRequestPolicyIsPreparedOncePerPersona(t *testing.T) {
	t.Parallel()
	d := locations.Dirs{Agent: t.TempDir()}
	writePersonas(t, d, map[string]string{"strict": strictMD, "loose": looseMD})
	loads := 0
	rp := &requestPolicies{dirs: d, load: func(d locations.Dirs) *personas.Catalog { loads++; return personas.Load(d) }}
	ask := func(agent string) (*engine.Policy, engine.Action) {
		t.Helper()
		pol, err := rp.policy(inbox.Request{Agent: agent})
		if err != nil {
			t.Fatal(err)
		}
		return pol, decide.Judge(pol, decide.Call{Key: "bash", Value: "git push"}).Action
	}
	first, got := ask("strict")
	if got != engine.Ask || loads != 1 {
		t.Fatalf("strict: %s after %d catalog loads, want ask after one", got, loads)
	}
	again, got := ask("strict")
	if got != engine.Ask || loads != 1 || again != first {
		t.Fatalf("strict again: %s after %d catalog loads (same policy: %v), want the prepared one", got, loads, again == first)
	}
	if _, got := ask("loose"); got != engine.Allow || loads != 2 {
		t.Fatalf("loose: %s after %d catalog loads, want allow, prepared on its own", got, loads)
	}
	if err := os.WriteFile(filepath.Join(d.GlobalAgents(), "strict.md"), []byte(looseMD), 0o644); err != nil {
		t.Fatal(err)
	}
	if pol, got := ask("strict"); got != engine.Allow || loads != 3 || pol == first {
		t.Errorf("strict after its file changed: %s after %d catalog loads, want allow from a new load", got, loads)
	}
	if _, err := rp.policy(inbox.Request{Agent: "nobody"}); err == nil {
		t.Error("a request naming no persona got a policy")
	}
}
