//go:build !unix

package regularfile

import (
	"io/fs"
	"os"
)

// openNonblocking opens path for reading. Windows has no FIFOs in the file system that an open
// would wait on; its named pipes live apart (\\.\pipe\).
func openNonblocking(path string) (*os.File, error) {
	return os.Open(path)
}

// openNoFollow opens path for reading unless it is a symbolic link. Without O_NOFOLLOW the
// check comes before the open: a link put in between is followed, which the callers' own
// checks of what they read (a hash) then catch.
func openNoFollow(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		return nil, errSymlink
	}
	return os.Open(path)
}

// openAppendNonblocking opens path for appending.
func openAppendNonblocking(path string, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, perm)
}
