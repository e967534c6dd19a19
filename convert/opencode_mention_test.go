package convert

import (
	"fmt"
	"testing"

	"github.com/goccy/go-yaml"
)

// bashPatterns returns the exported bash rules of a fixture persona, pattern to action.
func bashPatterns(t *testing.T, name string) (map[string]string, *Export) {
	t.Helper()
	fm, ex := exportedFixture(t, name)
	perm, _ := get(fm, "permission")
	bash, _ := get(perm.(yaml.MapSlice), "bash")
	out := map[string]string{}
	for _, it := range bash.(yaml.MapSlice) {
		out[fmt.Sprint(it.Key)] = fmt.Sprint(it.Value)
	}
	return out, ex
}

func TestExportOpenCode_mentionsAsk(t *testing.T) {
	pats, ex := bashPatterns(t, "builderish")
	for _, p := range []string{"go build rm -rf *", "go build * rm -rf *", "go build * rm -rf", "go build sudo *"} {
		if pats[p] != "ask" {
			t.Errorf("bash %q: %q, want ask", p, pats[p])
		}
	}
	found := false
	for _, c := range ex.Report.Changed {
		found = found || c.What == "bash mentions"
	}
	if !found {
		t.Errorf("no bash mentions entry in %+v", ex.Report.Changed)
	}
	// Without the mention rules `go build *`, `go test *` and `make *` allowed what agentmgr asks.
	if f := ex.Report.Fidelity; f == nil || f.Looser != 0 || f.Exact != f.Rules {
		t.Errorf("fidelity %v, want every rule enforced as written", f)
	}
}

func TestExportOpenCode_noMentionOfItself(t *testing.T) {
	// agentmgr allows `git git push --force x` under `git *: allow`: no twin may ask it.
	pats, _ := bashPatterns(t, "gitonly")
	if a, ok := pats["git git push --force *"]; ok {
		t.Errorf("bash \"git git push --force *\": %s written; agentmgr allows it", a)
	}
	// It asks `git log git push --force x`.
	if pats["git * git push --force *"] != "ask" {
		t.Errorf("bash \"git * git push --force *\": %q, want ask", pats["git * git push --force *"])
	}
}
