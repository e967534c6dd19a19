package personas

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

func TestCreateDuplicateRenameDeleteRestore(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
	writeFiles(t, root, map[string]string{
		"agent/agents/rev.md":         "---\n# mine\nname: reviewer  # short\ndescription: Reviews\npermissions: read\n---\nReview.\n",
		"agent/pi-agent-manager.json": `{"agents":[{"name":"old","description":"from json","permissions":["read","web"],"icon":"🦉","extraInstructions":"Be old."}]}`,
	})

	// Create from a preset.
	doc, err := Create(d, ScopeGlobal, "writer", "Writes docs", "PLAN")
	if err != nil {
		t.Fatal(err)
	}
	if diff := doc.Diff(); !strings.HasPrefix(diff, "--- /dev/null\n") || !strings.Contains(diff, "+permissions: plan\n") {
		t.Errorf("Create diff:\n%s", diff)
	}
	if _, err := doc.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(d, ScopeGlobal, "writer", "", ""); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("creating writer twice: %v", err)
	}
	if _, err := Create(locations.Dirs{Agent: d.Agent}, ScopeProject, "x", "", ""); err == nil || !strings.Contains(err.Error(), "no project") {
		t.Errorf("project scope without a project: %v", err)
	}
	if _, err := Create(d, ScopeGlobal, "Bad Name", "", ""); err == nil {
		t.Errorf("invalid name accepted")
	}

	// Duplicate a file (only the name changes), a built-in and a legacy JSON agent.
	c := Load(d)
	dup, err := Duplicate(c, "reviewer", "critic", ScopeProject)
	if err != nil {
		t.Fatal(err)
	}
	want := "---\n# mine\nname: critic  # short\ndescription: Reviews\npermissions: read\n---\nReview.\n"
	if string(dup.Bytes()) != want || dup.Path() != filepath.Join(d.Project, "agents", "critic.md") {
		t.Errorf("Duplicate = %s %q, want %q", dup.Path(), dup.Bytes(), want)
	}
	if _, err := dup.Save(); err != nil {
		t.Fatal(err)
	}
	bdup, err := Duplicate(c, "planner", "my-planner", ScopeGlobal)
	if err != nil || bdup.Persona().Name != "my-planner" || len(bdup.Persona().Rules) != 22 {
		t.Fatalf("Duplicate(planner) = %v, %v", bdup, err)
	}
	jdup, err := Duplicate(c, "old", "owl", ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if p := jdup.Persona(); p.Prompt != "Be old." || p.Form != FormLegacy || strings.Join(p.Legacy, ",") != "read,web" || p.Icon != "🦉" {
		t.Errorf("Duplicate(old from JSON) = %+v", p)
	}

	// Rename: file and name field together; the active agent follows.
	if err := SaveState(d, State{Active: "reviewer", Envelope: true}); err != nil {
		t.Fatal(err)
	}
	fc, err := PlanRename(Load(d), "reviewer", "auditor")
	if err != nil {
		t.Fatal(err)
	}
	if diff := fc.Diff(); !strings.Contains(diff, "-name: reviewer  # short\n+name: auditor  # short\n") {
		t.Errorf("rename diff:\n%s", diff)
	}
	if err := fc.Apply(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(d.GlobalAgents(), "rev.md")); err == nil {
		t.Errorf("rev.md still there after the rename")
	}
	if st, _ := LoadState(d); st.Active != "auditor" {
		t.Errorf("active after rename = %q, want auditor", st.Active)
	}
	if _, err := PlanRename(Load(d), "planner", "x"); err == nil || !strings.Contains(err.Error(), "built-in") {
		t.Errorf("renaming a built-in: %v", err)
	}
	if _, err := PlanRename(Load(d), "auditor", "writer"); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("renaming onto an existing file: %v", err)
	}

	// Delete moves to the trash; restore brings it back; a file in the way blocks the restore.
	del, err := PlanDelete(Load(d), "auditor")
	if err != nil {
		t.Fatal(err)
	}
	if err := del.Apply(); err != nil {
		t.Fatal(err)
	}
	if _, ok := Load(d).Lookup("auditor"); ok {
		t.Errorf("auditor still listed after delete")
	}
	trash, err := Trash(d)
	if err != nil || len(trash) != 1 || trash[0].Name != "auditor" {
		t.Fatalf("Trash = %v, %v", trash, err)
	}
	if _, err := PlanDelete(Load(d), "old"); err == nil || !strings.Contains(err.Error(), "legacy list") {
		t.Errorf("deleting a legacy JSON agent: %v", err)
	}
	restore(t, d, "auditor")
	if p, ok := Load(d).Lookup("auditor"); !ok || p.Description != "Reviews" {
		t.Errorf("auditor not restored: %v", p)
	}
	if trash, _ := Trash(d); len(trash) != 0 {
		t.Errorf("trash after restore = %v, want empty", trash)
	}
	if _, err := PlanRestore(d, "auditor"); err == nil {
		t.Errorf("restoring twice succeeded")
	}
}

// Renaming a persona to its own name changes nothing and says so; no .bak, no rewrite.
func TestRenameToTheSameNameIsANoOp(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent")}
	writeFiles(t, root, map[string]string{"agent/agents/rev.md": "---\nname: rev\ndescription: Reviews\npermissions: read\n---\nReview.\n"})
	path := filepath.Join(d.Agent, "agents", "rev.md")
	for _, newName := range []string{"rev", "REV"} {
		fc, err := PlanRename(Load(d), "rev", newName)
		if err != nil {
			t.Fatalf("PlanRename(rev, %s): %v", newName, err)
		}
		if want := "rev.md is already named rev; nothing to rename"; fc.Summary != want || fc.Diff() != "" {
			t.Errorf("PlanRename(rev, %s) = %q with diff %q, want %q and no diff", newName, fc.Summary, fc.Diff(), want)
		}
		if err := fc.Apply(); err != nil {
			t.Errorf("applying the no-op rename: %v", err)
		}
		if _, err := os.Stat(path + ".bak"); err == nil {
			t.Errorf("renaming rev to %s wrote %s.bak; want the file untouched", newName, path)
		}
	}
}
