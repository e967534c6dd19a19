package serve

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestPolicyShowsEveryLayerAndWhereEachRuleIsWritten(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, f.dirs.GlobalGuards(), "bash:\n  \"rm -rf /*\": deny\n")
	persona := filepath.Join(f.dirs.Agent, "agents", "guarded.md")
	type view struct {
		Policy PolicyView `json:"policy"`
	}
	read := func(line string) PolicyView {
		t.Helper()
		got := f.one(t, line)
		b, _ := json.Marshal(got)
		var v view
		if err := json.Unmarshal(b, &v); err != nil || got["error"] != nil {
			t.Fatalf("%s: %v %v", line, got, err)
		}
		return v.Policy
	}
	v := read(`{"id":3,"type":"policy","session":"s1"}`)
	if v.Agent != "guarded" || len(v.Layers) != 4 || v.Layers[3].Kind != "session" || len(v.Layers[3].Rules) != 0 {
		t.Fatalf("policy = %+v; want the built-in guard, guarded's guard and persona layers, and no session rules yet", v)
	}
	if b := v.Layers[0]; b.Kind != "builtin-guard" || len(b.Rules) != 0 || !strings.Contains(b.Summary, "agentmgr's own files") {
		t.Errorf("first layer = %+v; want the built-in guard, summed up", b)
	}
	g, p := v.Layers[1], v.Layers[2]
	if g.Kind != "guard" || len(g.Rules) != 1 || g.Rules[0].Pattern != "rm -rf /*" || !strings.Contains(g.Rules[0].Where, f.dirs.GlobalGuards()+":2") {
		t.Errorf("guard layer = %+v; want rm -rf /* from %s:2", g, f.dirs.GlobalGuards())
	}
	if p.Kind != "persona" || p.Name != "guarded" || len(p.Rules) != 6 || p.Rules[5].Pattern != "ls *" || p.Rules[5].Where != persona+":10" {
		t.Errorf("persona layer = %+v; want guarded's six rules, ls * on %s:10", p, persona)
	}

	// A child's policy: its caller's persona, then its own.
	v = read(`{"id":4,"type":"policy","session":"c1","subagent":"helper","parent":"s1"}`)
	kinds := []string{}
	for _, l := range v.Layers {
		kinds = append(kinds, l.Kind+":"+l.Name)
	}
	if got := strings.Join(kinds, " "); !strings.Contains(got, "caller:guarded persona:helper") {
		t.Errorf("child's layers = %s; want the caller guarded, then helper", got)
	}
	if r := f.one(t, `{"id":5,"type":"policy","session":"../x"}`); !strings.Contains(str(r["error"]), "session") {
		t.Errorf("a bad session id: %v; want an error", r)
	}
}
