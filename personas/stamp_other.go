//go:build !unix

package personas

import "os"

// fileIDs are 0 where inode numbers and change times are not available: size, modification
// time and, for a file changed recently, its content must do.
func fileIDs(os.FileInfo) (id uint64, change int64) { return 0, 0 }
