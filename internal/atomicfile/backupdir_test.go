package atomicfile

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// With BackupDir the replaced content goes there, not beside the file, and only the last
// BackupKeep generations are kept, newest first.
func TestReplaceKeepsGenerationsInTheBackupDir(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "agents", "a.md")
	backups := filepath.Join(dir, "state", "backups")
	testfiles.WriteMode(t, path, "v0", 0o600)
	for i := 1; i <= 4; i++ {
		if err := Replace(path, []byte("v"+strconv.Itoa(i)), Options{Backup: true, BackupDir: backups, BackupKeep: 2}); err != nil {
			t.Fatal(err)
		}
	}
	if got := testfiles.Read(t, path); got != "v4" {
		t.Fatalf("file = %q", got)
	}
	if _, err := os.Stat(path + ".bak"); err == nil {
		t.Error("a backup was written beside the file")
	}
	if got := testfiles.Read(t, filepath.Join(backups, "a.md.bak")); got != "v3" {
		t.Errorf("newest backup = %q; want v3", got)
	}
	if got := testfiles.Read(t, filepath.Join(backups, "a.md.bak.1")); got != "v2" {
		t.Errorf("older backup = %q; want v2", got)
	}
	if ents, _ := os.ReadDir(backups); len(ents) != 2 {
		t.Errorf("%d backups kept; want 2", len(ents))
	}
}
