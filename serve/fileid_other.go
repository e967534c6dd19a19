//go:build !unix

package serve

import "os"

// fileID is 0 where inode numbers are not available: size and time must do.
func fileID(os.FileInfo) uint64 { return 0 }
