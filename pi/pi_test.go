package pi

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/ownedfile/ownedfiletest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
)

// The extension uses pi's API and Node's own modules only: no package of its own.
func TestExtensionImportsNothingButPiAndNode(t *testing.T) {
	for _, line := range strings.Split(source, "\n") {
		if !strings.HasPrefix(line, "import ") {
			continue
		}
		if !strings.Contains(line, `from "node:`) && !strings.HasPrefix(line, "import type ") {
			t.Errorf("the extension imports a package: %s", line)
		}
	}
}

// The extension passes the contract of agentmgr's files in other programs' folders.
func TestExtensionContract(t *testing.T) { ownedfiletest.Run(t, contract) }

var contract = ownedfiletest.Runtime{
	Header: Header, Noun: "extension", Render: Render, Parse: Parse, Path: Path, Install: Install, Uninstall: Uninstall,
	NotOurs:    "export default function () {}\n",
	Neighbours: []ownedfiletest.Neighbour{{Path: filepath.Join("other", "index.ts"), Content: "export default function () {}\n"}},
}

func TestCheck(t *testing.T) {
	home := t.TempDir()
	bin := filepath.Join(home, "agentmgr")
	testfiles.Write(t, bin, "binary")
	d := locations.Dirs{Agent: filepath.Join(home, "agent"), Project: filepath.Join(home, "proj", ".pi")}

	r := Check(d, bin, "2.0")
	if r.Global.Installed || r.Project == nil || r.Project.Installed || !hasAdvice(r, "not installed") {
		t.Fatalf("nothing installed: %+v", r)
	}
	if _, err := Install(d.GlobalExtensions(), bin, "1.0"); err != nil {
		t.Fatal(err)
	}
	r = Check(d, bin, "2.0")
	if !r.Global.Installed || r.Global.Current || r.Global.Version != "1.0" || r.Global.Binary != bin || !hasAdvice(r, "to update it") {
		t.Fatalf("an older extension: %+v", r)
	}
	if _, err := Install(d.GlobalExtensions(), bin, "2.0"); err != nil {
		t.Fatal(err)
	}
	if r = Check(d, bin, "2.0"); !r.Global.Current || len(r.Advice) != 0 {
		t.Fatalf("a current extension: %+v", r)
	}
	if err := os.Remove(bin); err != nil {
		t.Fatal(err)
	}
	if r = Check(d, bin, "2.0"); !r.Global.BinaryMissing || !hasAdvice(r, "which is gone") {
		t.Fatalf("a missing binary: %+v", r)
	}
}

func TestOthers(t *testing.T) {
	home := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(home, "agent"), Project: filepath.Join(home, "proj", ".pi")}
	testfiles.Write(t, filepath.Join(d.GlobalExtensions(), "pi-agent-manager", "src", "index.ts"), "")
	testfiles.Write(t, filepath.Join(d.Agent, "settings.json"), `{"packages": ["npm:pi-permission-system@1.0.0", {"source": "git:github.com/x/other"}], "extensions": ["-pi-agent-manager"]}`)
	testfiles.Write(t, filepath.Join(d.Project, "settings.json"), `{"packages": [{"source": "npm:@someone/pi-agent-manager"}]}`)
	got := Others(d)
	want := []struct{ name, off string }{
		{"pi-agent-manager", "move " + filepath.Join(d.GlobalExtensions(), "pi-agent-manager")},
		{"pi-permission-system", "`pi remove npm:pi-permission-system@1.0.0`"},
		{"pi-agent-manager", "`pi remove -l npm:@someone/pi-agent-manager`"},
	}
	if len(got) != len(want) {
		t.Fatalf("Others = %+v, want %d", got, len(want))
	}
	for i, w := range want {
		if got[i].Name != w.name || !strings.HasPrefix(got[i].Off, w.off) {
			t.Errorf("Others[%d] = %+v, want %s turned off by %s", i, got[i], w.name, w.off)
		}
	}
}

// hasAdvice reports whether one of r's sentences of advice holds s.
func hasAdvice(r Report, s string) bool {
	return slices.ContainsFunc(r.Advice, func(a string) bool { return strings.Contains(a, s) })
}

func TestOthersFindsARenamedAgentManagerByItsContents(t *testing.T) {
	home := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(home, "agent")}
	testfiles.Write(t, filepath.Join(d.GlobalExtensions(), "agents-ext", "src", "index.ts"), `const keys = ["piAgentManager.next"];`)
	testfiles.Write(t, filepath.Join(d.GlobalExtensions(), "am2", "package.json"), `{"name": "pi-agent-manager", "version": "0.18.1"}`)
	testfiles.Write(t, filepath.Join(d.GlobalExtensions(), "pi-subagents", "index.ts"), `// loads pi-permission-system when asked`)
	if _, err := Install(d.GlobalExtensions(), "/usr/bin/agentmgr", "test"); err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, o := range Others(d) {
		found = append(found, filepath.Base(o.Where)+"="+o.Name)
	}
	if strings.Join(found, ",") != "agents-ext=pi-agent-manager,am2=pi-agent-manager" {
		t.Fatalf("Others = %v; want the two renamed copies of pi-agent-manager, not agentmgr's own nor pi-subagents", found)
	}
}

func TestStatusTellsAPiPermissionSystemUserToImportThenRemove(t *testing.T) {
	home := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(home, "agent"), Project: filepath.Join(home, "proj", ".pi")}
	bin := filepath.Join(home, "agentmgr")
	testfiles.Write(t, bin, "binary")
	if _, err := Install(d.GlobalExtensions(), bin, "1.0"); err != nil {
		t.Fatal(err)
	}
	// The package is gone; its configuration stays in the folder it kept it in.
	config := filepath.Join(d.GlobalExtensions(), "pi-permission-system")
	testfiles.Write(t, filepath.Join(config, "config.json"), `{"permission":{"bash":"ask"}}`)
	r := Check(d, bin, "1.0")
	if len(r.Others) != 0 {
		t.Errorf("others = %+v; a folder holding only configuration is no extension", r.Others)
	}
	if len(r.Leftovers) != 1 || r.Leftovers[0].Where != config || !hasAdvice(r, "`agentmgr import pi-permission-system`, then remove "+config) {
		t.Errorf("leftovers = %+v, advice %q; want the import, then the folder's removal", r.Leftovers, r.Advice)
	}
	// Installed as a package: import, then turn it off.
	testfiles.Write(t, filepath.Join(d.Project, "settings.json"), `{"packages": ["npm:@gotgenes/pi-permission-system@20.7.3"]}`)
	r = Check(d, bin, "1.0")
	if len(r.Others) != 1 || r.Others[0].Import != "agentmgr import pi-permission-system" ||
		!hasAdvice(r, "Bring its rules over with `agentmgr import pi-permission-system`, then turn it off: `pi remove -l npm:@gotgenes/pi-permission-system@20.7.3`") {
		t.Errorf("others = %+v, advice %q; want the import, then pi remove", r.Others, r.Advice)
	}
	// Before agentmgr is installed: the import first too.
	bare := d
	bare.Agent = filepath.Join(home, "other")
	if r := Check(bare, bin, "1.0"); !hasAdvice(r, "`agentmgr import pi-permission-system`, then run `agentmgr pi install` and turn it off") {
		t.Errorf("advice without agentmgr installed = %q; want the import, the install, then turning it off", r.Advice)
	}
	// Its code in the folder: an extension, flagged as one.
	testfiles.Write(t, filepath.Join(config, "index.ts"), "export default function () {}\n")
	if r = Check(d, bin, "1.0"); len(r.Leftovers) != 0 || len(r.Others) != 2 {
		t.Errorf("with its code: others %+v, leftovers %+v; want it flagged as installed", r.Others, r.Leftovers)
	}
}

// The extension's own linking of a child session to its parent, run by Node 22 (`make deps-pi`).
func TestExtensionLinksAChildToItsParent(t *testing.T) {
	tools := findPi(t)
	ext := filepath.Join(t.TempDir(), "index.ts")
	testfiles.Write(t, ext, source)
	if out := tools.script("links.mjs", ext).Output(t, nil); strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("links.mjs printed %q, want ok", out)
	}
}
