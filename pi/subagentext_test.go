package pi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

func TestStatusReportsEachSubagentExtensionAndWhetherItsChildrenAreGated(t *testing.T) {
	home := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(home, "agent")}
	mustWriteFile(t, filepath.Join(d.Agent, SettingsName), `{"packages": ["npm:pi-subagents@0.67.0", "npm:@gotgenes/pi-subagents"]}`)
	r := Check(d, "/usr/bin/agentmgr", "test")
	if len(r.Subagents) != 2 {
		t.Fatalf("subagents = %+v; want two", r.Subagents)
	}
	known, other := r.Subagents[0], r.Subagents[1]
	if known.Name != "pi-subagents" || !known.Known || known.Gated || !strings.Contains(known.Why, "agentmgr pi install") {
		t.Errorf("before install, pi-subagents = %+v; want known, not gated, saying to install", known)
	}
	if other.Known || other.Gated || !strings.Contains(other.Why, "does not know") {
		t.Errorf("the fork = %+v; want unknown and not gated", other)
	}
	if _, err := Install(d.GlobalExtensions(), "/usr/bin/agentmgr", "test"); err != nil {
		t.Fatal(err)
	}
	if _, err := GateChildren(d.GlobalExtensions()); err != nil {
		t.Fatal(err)
	}
	r = Check(d, "/usr/bin/agentmgr", "test")
	if x := r.Subagents[0]; !x.Gated || x.Why != "" {
		t.Errorf("after install, pi-subagents = %+v; want gated", x)
	}
	if !strings.Contains(strings.Join(r.Advice, "\n"), "@gotgenes/pi-subagents") {
		t.Errorf("advice = %q; want a word about the fork", r.Advice)
	}
	// An agent file that chooses its own extensions leaves its children ungated.
	mustWriteFile(t, filepath.Join(d.Agent, "agents", "scout.md"), "---\nname: scout\ndescription: Recon\nextensions: /x/search.ts\n---\n")
	r = Check(d, "/usr/bin/agentmgr", "test")
	if x := r.Subagents[0]; x.Gated || !strings.Contains(x.Why, "scout.md") {
		t.Errorf("with scout.md's own extensions, pi-subagents = %+v; want not gated, naming scout.md", x)
	}
}
