package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// A backup never goes through a symbolic link: a linked backups folder, a linked folder on the
// way to it or a linked PATH.bak refuses the write, and nothing lands where the link points.
func TestReplaceRefusesABackupThroughALink(t *testing.T) {
	tests := []struct {
		name string
		link string // relative to the project's .pi folder; points to the outside folder
		dir  bool   // the backups go to .pi/agent-manager/backups, else beside the file
	}{
		{"a linked backups folder", "agent-manager/backups", true},
		{"a linked folder on the way", "agent-manager", true},
		{"a linked PATH.bak", "agents/a.md.bak", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			pi := filepath.Join(root, "proj", ".pi")
			outside := filepath.Join(root, "outside")
			path := filepath.Join(pi, "agents", "a.md")
			testfiles.WriteMode(t, path, "v0", 0o600)
			os.MkdirAll(outside, 0o755)
			os.MkdirAll(filepath.Dir(filepath.Join(pi, tt.link)), 0o755)
			target := outside
			if !tt.dir {
				target = filepath.Join(outside, "victim")
				testfiles.WriteMode(t, target, "keep me", 0o600)
			}
			if err := os.Symlink(target, filepath.Join(pi, tt.link)); err != nil {
				t.Fatal(err)
			}
			opts := Options{Backup: true}
			if tt.dir {
				opts.BackupDir, opts.BackupKeep = filepath.Join(pi, "agent-manager", "backups"), 3
			}
			err := Replace(path, []byte("v1"), opts)
			if err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
				t.Errorf("Replace with %s: %v, want a refusal naming the link", tt.link, err)
			}
			if got := testfiles.Read(t, path); got != "v0" {
				t.Errorf("the file became %q; a refused backup must leave it as it was", got)
			}
			ents, _ := os.ReadDir(outside)
			if tt.dir && len(ents) != 0 || !tt.dir && testfiles.Read(t, target) != "keep me" {
				t.Errorf("something was written through the link into %s: %v", outside, ents)
			}
		})
	}
}
