package personas

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writePersona(t *testing.T, dir, name, content string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSaveRefusedWhenTheFileChangedOnDisk(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := writePersona(t, dir, "a.md", persona("original"), 0o644)
	d, err := Open(path, ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("description", "mine"); err != nil {
		t.Fatal(err)
	}
	theirs := persona("theirs")
	if err := os.WriteFile(path, []byte(theirs), 0o644); err != nil {
		t.Fatal(err)
	}
	written, err := d.Save()
	if written || !errors.Is(err, ErrChangedOnDisk) {
		t.Fatalf("Save after an outside change = %v, %v; want refused with ErrChangedOnDisk", written, err)
	}
	if got, _ := os.ReadFile(path); string(got) != theirs {
		t.Errorf("the other change was overwritten: file is %q, want %q", got, theirs)
	}
	if d.Persona().Description != "mine" {
		t.Errorf("the refused edit was lost from the document: description %q", d.Persona().Description)
	}
	if _, err := os.Stat(path + ".bak"); err == nil {
		t.Errorf("a refused save left a .bak")
	}
	os.Remove(path)
	if _, err := d.Save(); !errors.Is(err, ErrChangedOnDisk) {
		t.Errorf("Save after the file was deleted = %v, want ErrChangedOnDisk", err)
	}
}

func TestSaveWritesAtomicallyWithBackupAndMode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	orig := "---\r\n# keep me\r\ndescription: one\r\npermissions: read\r\n---\r\nbody\r\n"
	path := writePersona(t, dir, "a.md", orig, 0o600)
	d, err := Open(path, ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if written, err := d.Save(); written || err != nil {
		t.Fatalf("saving an unchanged persona = %v, %v; want nothing written", written, err)
	}
	if _, err := os.Stat(path + ".bak"); err == nil {
		t.Fatalf("an unchanged save wrote a .bak")
	}
	if err := d.Set("description", "two"); err != nil {
		t.Fatal(err)
	}
	if written, err := d.Save(); !written || err != nil {
		t.Fatalf("Save = %v, %v; want written", written, err)
	}
	want := "---\r\n# keep me\r\ndescription: two\r\npermissions: read\r\n---\r\nbody\r\n"
	if got, _ := os.ReadFile(path); string(got) != want {
		t.Errorf("saved %q, want %q", got, want)
	}
	if got, _ := os.ReadFile(path + ".bak"); string(got) != orig {
		t.Errorf(".bak = %q, want the previous content %q", got, orig)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode = %v, want 0600 kept", st.Mode().Perm())
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 2 {
		t.Errorf("folder holds %d files after save, want a.md and a.md.bak only (no temp files)", len(ents))
	}
	// A second save keeps one generation: the .bak is the content before it.
	if err := d.Set("description", "three"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Save(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path + ".bak"); string(got) != want {
		t.Errorf(".bak after the second save = %q, want %q", got, want)
	}
}

func TestEditsThatWouldBreakThePersonaAreRefused(t *testing.T) {
	t.Parallel()
	d, err := NewDocument("a.md", []byte(persona("d")), ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	before := string(d.Bytes())
	tests := []struct {
		name string
		edit func() error
		want string
	}{
		{"unknown type", func() error { return d.Set("type", "helper") },
			"the change would make a.md invalid; nothing was changed:\na.md:3:7: type: unknown type \"helper\"; expected primary or subagent"},
		{"invalid name", func() error { return d.Set("name", "Not Valid") },
			"the change would make a.md invalid; nothing was changed:\na.md:2:7: name: \"Not Valid\" is not a valid name; use lower-case letters, digits, - and _, starting with a letter or digit"},
		{"removing the description", func() error { return d.Unset("description") },
			"the change would make a.md invalid; nothing was changed:\na.md:1:1: missing field description; add one line that says what this persona does"},
		{"steps must be positive", func() error { return d.Set("steps", "-2") },
			"steps: expected a positive whole number of steps, got \"-2\""},
		{"rules of a preset need expanding", func() error { return d.RemoveRule(0) },
			"a.md: the permissions are the preset \"read\"; turn them into a rule map first (`agentmgr rule expand a`) to edit single rules"},
	}
	for _, tt := range tests {
		err := tt.edit()
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error %v\nwant %s", tt.name, err, tt.want)
		}
		if string(d.Bytes()) != before {
			t.Errorf("%s: the refused edit changed the text to %q", tt.name, d.Bytes())
		}
	}
}

func TestNewDocumentSaveRefusesToReplaceAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := writePersona(t, dir, "a.md", persona("there"), 0o644)
	d, err := NewDocument(path, []byte(persona("new")), ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Save(); err == nil {
		t.Fatalf("Save of a new document over an existing file succeeded")
	}
	if got, _ := os.ReadFile(path); string(got) != persona("there") {
		t.Errorf("existing file replaced: %q", got)
	}
}

// A persona file that is a symlink to a file elsewhere (a dotfiles repository, say) stays a
// link, and its backup stays in the agents folder beside the link.
func TestSaveThroughASymlinkKeepsTheLinkAndABackupNamedAfterIt(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "dotfiles"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := writePersona(t, filepath.Join(root, "dotfiles"), "reviewer.md", "---\ndescription: Reviews.\npermissions: read\n---\nBody.\n", 0o644)
	link := filepath.Join(root, "agents", "reviewer.md")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	doc, err := Open(link, ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Set("description", "Reviews carefully."); err != nil {
		t.Fatal(err)
	}
	if _, err := doc.Save(); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link became a regular file (%v)", err)
	}
	if got, _ := os.ReadFile(target); !strings.Contains(string(got), "Reviews carefully.") {
		t.Errorf("the target was not written: %s", got)
	}
	if bak, err := os.ReadFile(BackupPath(link)); err != nil || !strings.Contains(string(bak), "description: Reviews.\n") {
		t.Errorf("no backup named after the link: %v", err)
	}
	if _, err := os.Stat(target + ".bak"); err == nil {
		t.Errorf("the backup was written beside the target, outside the agents folder")
	}
}

// Backups of persona files in an agents folder go to agent-manager/backups beside it, the last
// BackupKeep per file: nothing piles up in the folder pi reads.
func TestBackupsDoNotPileUpInTheAgentsFolder(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	agents := filepath.Join(root, "agents")
	if err := os.MkdirAll(agents, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(agents, "a.md")
	if err := os.WriteFile(path, []byte("---\ndescription: v0\npermissions: read\n---\nP.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 5; i++ {
		doc, err := Open(path, ScopeGlobal)
		if err != nil {
			t.Fatal(err)
		}
		if err := doc.Set("description", fmt.Sprintf("v%d", i)); err != nil {
			t.Fatal(err)
		}
		if _, err := doc.Save(); err != nil {
			t.Fatal(err)
		}
	}
	ents, _ := os.ReadDir(agents)
	if len(ents) != 1 || ents[0].Name() != "a.md" {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("the agents folder holds %q after five saves; want a.md alone", names)
	}
	dir := filepath.Join(root, "agent-manager", "backups")
	if BackupDir(path) != dir || BackupPath(path) != filepath.Join(dir, "a.md.bak") {
		t.Fatalf("BackupDir = %q, BackupPath = %q; want them in %s", BackupDir(path), BackupPath(path), dir)
	}
	for i, want := range []string{"v4", "v3", "v2"} {
		name := filepath.Join(dir, "a.md.bak")
		if i > 0 {
			name += fmt.Sprintf(".%d", i)
		}
		if got, err := os.ReadFile(name); err != nil || !strings.Contains(string(got), "description: "+want+"\n") {
			t.Errorf("%s = %q (%v); want the text of %s", filepath.Base(name), got, err, want)
		}
	}
	if bs, _ := os.ReadDir(dir); len(bs) != BackupKeep {
		t.Errorf("%d backups kept; want the last %d", len(bs), BackupKeep)
	}
	// A file outside an agents folder keeps its backup beside it.
	if got := BackupPath(filepath.Join(root, "x.md")); got != filepath.Join(root, "x.md.bak") {
		t.Errorf("BackupPath outside an agents folder = %q", got)
	}
}
