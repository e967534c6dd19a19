//go:build !unix

package inbox

import "os"

// processAlive reports whether a process with pid exists. On Windows os.FindProcess opens the
// process and fails when there is none; a stale heartbeat still catches a reused pid.
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
