package filelock

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"golang.org/x/sys/unix"
)

// lockingPid is the process /proc/locks lists as holding a lock on f's file, 0 when none is
// found. A line reads "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF"; a waiter's line has
// "->" after its number.
func lockingPid(f *os.File) int {
	st, err := f.Stat()
	if err != nil {
		return 0
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	data, err := regularfile.Read("/proc/locks", 4<<20)
	if err != nil {
		return 0
	}
	ino := ":" + strconv.FormatUint(sys.Ino, 10)
	for line := range strings.SplitSeq(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 6 || fields[1] == "->" || !strings.HasSuffix(fields[5], ino) {
			continue
		}
		if pid, err := strconv.Atoi(fields[4]); err == nil && sameDevice(fields[5], uint64(sys.Dev)) {
			return pid
		}
	}
	return 0
}

// sameDevice reports whether the "MAJ:MIN:INODE" of /proc/locks is on device dev.
func sameDevice(id string, dev uint64) bool {
	parts := strings.Split(id, ":")
	if len(parts) != 3 {
		return false
	}
	return parts[0] == fmt.Sprintf("%02x", unix.Major(dev)) && parts[1] == fmt.Sprintf("%02x", unix.Minor(dev))
}
