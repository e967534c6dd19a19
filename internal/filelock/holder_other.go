//go:build !linux

package filelock

import "os"

// lockingPid: only Linux lists the holders of locks (/proc/locks).
func lockingPid(*os.File) int { return 0 }
