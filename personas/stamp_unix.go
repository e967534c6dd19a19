//go:build unix

package personas

import (
	"os"
	"syscall"
)

// fileIDs are the file's inode number and status-change time (Unix nanoseconds): a file
// renamed into place has a new inode, and any write or touch sets the change time, which no
// program can set back, even when the size and modification time come out as before.
func fileIDs(st os.FileInfo) (id uint64, change int64) {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Ino), changeTime(s)
	}
	return 0, 0
}
