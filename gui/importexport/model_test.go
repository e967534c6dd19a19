package importexport

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/gui/internal/fixture"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// write writes content to path (making its folder) or fails the test.
func write(t *testing.T, path, content string) { t.Helper(); fixture.WriteFile(t, path, content) }

func TestGuessFormat(t *testing.T) {
	for path, want := range map[string]string{
		"proj/.claude/agents":        "claude",
		"proj/.claude/settings.json": "claude",
		"proj/.roomodes":             "roo",
		"x/custom_modes.yaml":        "roo",
		"a.opcode.json":              "opcode",
		"proj/.opencode/agent/x.md":  "opencode",
		"proj/opencode.json":         "opencode",
		"~/.gemini/policies/my.toml": "gemini",
		"~/.pi/agent/extensions/pi-permission-system/config.json": "pi-permission-system",
		"FyneApp.toml": "",
		"notes.txt":    "",
	} {
		if got := GuessFormat(path); got != want {
			t.Errorf("GuessFormat(%q) = %q, want %q", path, got, want)
		}
	}
}

// TestImportPickAndApply: a folder's items are all picked at first; only the picked ones are
// written, an existing persona is not replaced, and the written ones load.
func TestImportPickAndApply(t *testing.T) {
	root := t.TempDir()
	dirs := locations.Dirs{Agent: filepath.Join(root, "agent")}
	write(t, filepath.Join(root, ".roomodes"), "customModes:\n  - {slug: one, name: One, roleDefinition: You are one., groups: [read]}\n  - {slug: two, name: Two, roleDefinition: You are two., groups: [command]}\n  - {slug: three, name: Three, roleDefinition: You are three., groups: []}\n")
	write(t, filepath.Join(dirs.Agent, "agents", "three.md"), "---\ndescription: mine\npermissions: read\n---\nMine.\n")
	im := Read(GuessFormat(filepath.Join(root, ".roomodes")), filepath.Join(root, ".roomodes"))
	if len(im.Items) != 3 || im.PickedCount() != 3 || len(im.Errors) != 0 {
		t.Fatalf("read %d items, %d picked, errors %v", len(im.Items), im.PickedCount(), im.Errors)
	}
	if l := im.Label(0); !strings.HasPrefix(l, "one  (from .roomodes#one;") {
		t.Errorf("label %q", l)
	}
	if r := im.ReportText(1); !strings.Contains(r, "-> two") || !strings.Contains(r, "changed:") {
		t.Errorf("report:\n%s", r)
	}
	im.Picked[1] = false
	res := im.Apply(dirs, personas.ScopeGlobal)
	if len(res) != 2 || res[0].Err != nil || res[1].Err == nil || !strings.Contains(res[1].Err.Error(), "already exists") {
		t.Fatalf("results %+v", res)
	}
	c := personas.Load(dirs)
	if _, ok := c.Lookup("one"); !ok {
		t.Error("one was not imported")
	}
	if _, ok := c.Lookup("two"); ok {
		t.Error("two was imported although not picked")
	}
	if p, _ := c.Lookup("three"); p.Description != "mine" {
		t.Error("the existing three was replaced")
	}
}

// exportBuilder is the built-in builder's export to format, to be written under out.
func exportBuilder(t *testing.T, format, out string) *Export {
	t.Helper()
	p, _ := personas.LoadBuiltin("builder")
	ex, err := PrepareExport(p, format, out)
	if err != nil {
		t.Fatal(err)
	}
	return ex
}

func TestExportPrepareAndApply(t *testing.T) {
	root := t.TempDir()
	out := DefaultOut("claude", root)
	ex := exportBuilder(t, "claude", out)
	if txt := ex.ReportText(); !strings.Contains(txt, "enforced by gate") || !strings.Contains(txt, filepath.Join(out, "agents", "builder.md")) {
		t.Errorf("report:\n%s", txt)
	}
	if err := ex.Apply(); err != nil {
		t.Fatal(err)
	}
	if err := ex.Apply(); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a second export replaced the files: %v", err)
	}
}

// TestExportShowsFidelity: the export's report text, which the Export dialog shows, ends its
// report with the fidelity figure, and a Codex export goes into .codex.
func TestExportShowsFidelity(t *testing.T) {
	p, _ := personas.LoadBuiltin("planner")
	for _, format := range []string{"claude", "opencode", "kilo", "codex", "gemini"} {
		ex, err := PrepareExport(p, format, DefaultOut(format, "proj"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(ex.ReportText(), "fidelity: ") {
			t.Errorf("%s: the report has no fidelity figure:\n%s", format, ex.ReportText())
		}
	}
	if got := DefaultOut("codex", "proj"); got != filepath.Join("proj", ".codex") {
		t.Errorf("codex exports into %s", got)
	}
}

// TestExportCodexShowsFidelity: the Export dialog's report for Codex ends with the fidelity
// figure, and the file goes to the project's .codex/rules/.
func TestExportCodexShowsFidelity(t *testing.T) {
	root := t.TempDir()
	out := DefaultOut("codex", root)
	ex := exportBuilder(t, "codex", out)
	if txt := ex.ReportText(); !strings.Contains(txt, "fidelity: 2 of 8 rules enforced as written") || !strings.Contains(txt, filepath.Join(root, ".codex", "rules", "builder.rules")) {
		t.Errorf("report:\n%s", txt)
	}
}
