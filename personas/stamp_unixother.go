//go:build unix && !linux && !darwin

package personas

import "syscall"

// changeTime is 0 where Stat_t's field for it is spelt otherwise: inode, size, modification
// time and, for a file changed recently, its content must do.
func changeTime(*syscall.Stat_t) int64 { return 0 }
