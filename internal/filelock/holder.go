package filelock

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/internal/regularfile"
)

// holder says who holds the lock on f, for the error of a waiter that gave up: the process id
// the holder wrote into the lock file, else (on Linux) the one /proc/locks lists for the file,
// with the program's name when it can be read; "" when neither is known.
func holder(f *os.File, recorded bool) string {
	pid := 0
	if recorded {
		buf := make([]byte, 24)
		n, _ := f.ReadAt(buf, 0)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	}
	if pid <= 0 {
		pid = lockingPid(f)
	}
	if pid <= 0 {
		return ""
	}
	if comm, err := regularfile.Read(fmt.Sprintf("/proc/%d/comm", pid), 256); err == nil {
		return fmt.Sprintf(" (by process %d, %s)", pid, strings.TrimSpace(string(comm)))
	}
	return fmt.Sprintf(" (by process %d)", pid)
}
