package pi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
)

func TestStatusReportsEachSubagentExtensionAndWhetherItsChildrenAreGated(t *testing.T) {
	home := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(home, "agent")}
	testfiles.Write(t, filepath.Join(d.Agent, SettingsName), `{"packages": ["npm:pi-subagents@0.67.0", "npm:@gotgenes/pi-subagents", "npm:@tintinweb/pi-subagents@0.14.1", "npm:acme-subagents"]}`)
	r := Check(d, "/usr/bin/agentmgr", "test")
	if len(r.Subagents) != 4 {
		t.Fatalf("subagents = %+v; want four", r.Subagents)
	}
	known, fork, tintinweb, other := r.Subagents[0], r.Subagents[1], r.Subagents[2], r.Subagents[3]
	if known.Name != "pi-subagents" || !known.Known || known.Gated || !strings.Contains(known.Why, "agentmgr pi install") {
		t.Errorf("before install, pi-subagents = %+v; want known, not gated, saying to install", known)
	}
	for _, x := range []SubagentExtension{fork, tintinweb} {
		if !x.Known || x.Gated || !strings.Contains(x.Why, "agentmgr pi install") {
			t.Errorf("before install, %s = %+v; want known, not gated, saying to install", x.Name, x)
		}
	}
	if other.Known || other.Gated || !strings.Contains(other.Why, "does not know") || !strings.Contains(other.Name, "acme-subagents") {
		t.Errorf("acme-subagents = %+v; want unknown and not gated", other)
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
	for _, x := range r.Subagents[1:3] {
		if !x.Gated || x.Why != "" || x.Linked == "" || len(x.Asks) != 1 {
			t.Errorf("after install, %s = %+v; want gated, linked, asking only for isolated calls", x.Name, x)
		}
	}
	if !strings.Contains(r.Subagents[1].Linked, "subagents:child:session-created") || !strings.Contains(r.Subagents[2].Linked, "claims the Agent call") {
		t.Errorf("links: fork %q, tintinweb %q; want the fork's events and tintinweb's claimed call", r.Subagents[1].Linked, r.Subagents[2].Linked)
	}
	if !strings.Contains(strings.Join(r.Advice, "\n"), "acme-subagents") {
		t.Errorf("advice = %q; want a word about acme-subagents", r.Advice)
	}
	// An agent file that isolates its children: its spawns ask, and the advice says how to fix it.
	testfiles.Write(t, filepath.Join(d.Agent, "agents", "hermit.md"), "---\ndescription: Alone\nisolated: true\n---\n")
	r = Check(d, "/usr/bin/agentmgr", "test")
	if x := r.Subagents[2]; len(x.Asks) != 2 || !strings.Contains(x.Asks[1], "hermit.md sets `isolated: true`") {
		t.Errorf("with hermit.md, tintinweb = %+v; want its spawns named as asking", x)
	}
	if !strings.Contains(strings.Join(r.Advice, "\n"), "hermit.md") {
		t.Errorf("advice = %q; want hermit.md's fix", r.Advice)
	}
	// An agent file that chooses its own extensions leaves its children ungated.
	testfiles.Write(t, filepath.Join(d.Agent, "agents", "scout.md"), "---\nname: scout\ndescription: Recon\nextensions: /x/search.ts\n---\n")
	r = Check(d, "/usr/bin/agentmgr", "test")
	if x := r.Subagents[0]; x.Gated || !strings.Contains(x.Why, "scout.md") {
		t.Errorf("with scout.md's own extensions, pi-subagents = %+v; want not gated, naming scout.md", x)
	}
}
