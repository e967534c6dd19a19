//go:build unix

package policy

import (
	"fmt"
	"io/fs"
	"syscall"
)

// ownedByAdmin says why st, a file or folder of the managed layer, is not the administrator's
// alone: another owner than managedOwner, or write permission for the group or others.
func ownedByAdmin(st fs.FileInfo) error {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return fmt.Errorf("its owner cannot be read")
	}
	if sys.Uid != managedOwner {
		return fmt.Errorf("it is owned by uid %d, not root", sys.Uid)
	}
	if st.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("its mode %#o lets the group or others write it", st.Mode().Perm())
	}
	return nil
}
