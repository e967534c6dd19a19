package personas

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

// restore puts the most recently deleted persona named name back; an error fails the test.
func restore(t *testing.T, d locations.Dirs, name string) {
	t.Helper()
	back, err := PlanRestore(d, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := back.Apply(); err != nil {
		t.Fatal(err)
	}
}

func TestPlanTrashBrokenMovesOnlyAFailedFileAndRestoresIt(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent")}
	broken := "---\nname: broken\npermissions:\n  bash: block\n---\n"
	writeFiles(t, root, map[string]string{
		"agent/agents/broken.md": broken,
		"agent/agents/good.md":   "---\nname: good\ndescription: Fine\npermissions: read\n---\nBe good.\n",
		"agent/agents/notes.txt": "not a persona",
	})
	path := filepath.Join(d.GlobalAgents(), "broken.md")
	c := Load(d)
	if len(c.FailedFiles()) != 1 {
		t.Fatalf("failed files %q, want broken.md alone: %v", c.FailedFiles(), c.Problems())
	}
	for _, other := range []string{filepath.Join(d.GlobalAgents(), "good.md"), filepath.Join(d.GlobalAgents(), "notes.txt"), filepath.Join(root, "elsewhere.md")} {
		if _, err := PlanTrashBroken(c, other); err == nil || !strings.Contains(err.Error(), "not a persona file that failed to load") {
			t.Errorf("PlanTrashBroken(%s) = %v, want a refusal", other, err)
		}
	}
	ch, err := PlanTrashBroken(c, path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ch.Summary, "agentmgr restore broken") {
		t.Errorf("summary %q does not say how to restore", ch.Summary)
	}
	if err := ch.Apply(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the broken file is still there: %v", err)
	}
	restore(t, d, "broken")
	if got, _ := os.ReadFile(path); string(got) != broken {
		t.Errorf("restored %q, want the file as it was", got)
	}
}

func TestPlanTrashBrokenRefusesAFileChangedSince(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent")}
	writeFiles(t, root, map[string]string{"agent/agents/broken.md": "---\nname: [\n---\n"})
	path := filepath.Join(d.GlobalAgents(), "broken.md")
	ch, err := PlanTrashBroken(Load(d), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("---\nname: fixed\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := ch.Apply(); err == nil {
		t.Error("a file changed since it was read was moved to the trash")
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the changed file is gone: %v", err)
	}
}
