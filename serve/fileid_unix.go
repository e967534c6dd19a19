//go:build unix

package serve

import (
	"os"
	"syscall"
)

// fileID is the file's inode number: a file renamed into place has a new one even when its
// size and modification time match the old file's.
func fileID(st os.FileInfo) uint64 {
	if s, ok := st.Sys().(*syscall.Stat_t); ok {
		return uint64(s.Ino)
	}
	return 0
}
