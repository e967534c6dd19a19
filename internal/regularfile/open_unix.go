//go:build unix

package regularfile

import (
	"errors"
	"os"
	"syscall"
)

// openNonblocking opens path for reading without waiting: a FIFO with no writer opens at once
// (and is then refused as not regular) instead of blocking until a writer comes; O_NOCTTY keeps
// a terminal device from becoming the process's controlling terminal.
func openNonblocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
}

// openNoFollow is openNonblocking of a file that is not a symbolic link: O_NOFOLLOW makes the
// open itself refuse one (ELOOP), so no link can be put in between a check and the open.
func openNoFollow(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_NOFOLLOW, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, errSymlink
	}
	return f, err
}

// openAppendNonblocking opens path for appending without waiting: a FIFO with no reader fails
// at once (ENXIO) instead of blocking until one comes.
func openAppendNonblocking(path string, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK|syscall.O_NOCTTY, perm)
}
