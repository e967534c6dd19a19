//go:build unix

package locations

import (
	"fmt"
	"os"
	"syscall"
)

// foreignOwner says why path, or what it links to, belongs to neither the user running
// agentmgr nor root; "" when it does belong to one of them.
func foreignOwner(path string) string {
	me := uint32(os.Getuid())
	for _, stat := range []func(string) (os.FileInfo, error){os.Lstat, os.Stat} {
		st, err := stat(path)
		if err != nil {
			return "cannot read its owner: " + err.Error()
		}
		sys, ok := st.Sys().(*syscall.Stat_t)
		if !ok {
			continue
		}
		if sys.Uid != me && sys.Uid != 0 {
			return fmt.Sprintf("it is owned by uid %d, neither this user (uid %d) nor root", sys.Uid, me)
		}
	}
	return ""
}
