//go:build unix

package trust

import (
	"os"
	"syscall"
)

// openRegular opens path for reading without blocking on a FIFO or a device, and refuses
// anything but a regular file (checked on the open file, so a swap after a stat changes
// nothing).
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, errNotRegular
	}
	return f, nil
}
