package personas

import (
	"path/filepath"

	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// BackupKeep is how many backups of each persona file are kept.
const BackupKeep = 3

// BackupDir is where the backups of the persona file at path go: for a file in an agents
// folder (AGENT/agents or PROJECT/.pi/agents), agentmgr's folder beside it,
// agent-manager/backups, so that pi, which reads the agents folder, never sees them and they
// do not pile up there; "" (beside the file, as PATH.bak) for a file anywhere else.
func BackupDir(path string) string {
	dir := filepath.Dir(path)
	if filepath.Base(dir) != "agents" {
		return ""
	}
	return filepath.Join(filepath.Dir(dir), "agent-manager", "backups")
}

// BackupPath is the newest backup of the persona file at path (see BackupDir).
func BackupPath(path string) string {
	if d := BackupDir(path); d != "" {
		return filepath.Join(d, filepath.Base(path)+".bak")
	}
	return path + ".bak"
}

// BackupOptions are the options that make atomicfile keep a persona file's backups where
// BackupDir says; every writer of persona files uses them.
func BackupOptions(path string, o atomicfile.Options) atomicfile.Options {
	o.Backup = true
	o.BackupDir, o.BackupKeep = BackupDir(path), BackupKeep
	return o
}
