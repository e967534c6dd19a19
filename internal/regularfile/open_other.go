//go:build !unix

package regularfile

import "os"

// openNonblocking opens path for reading. Windows has no FIFOs in the file system that an open
// would wait on; its named pipes live apart (\\.\pipe\).
func openNonblocking(path string) (*os.File, error) {
	return os.Open(path)
}

// openAppendNonblocking opens path for appending.
func openAppendNonblocking(path string, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, perm)
}
