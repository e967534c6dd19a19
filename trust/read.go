package trust

import "github.com/agentmgr/agentmgr/internal/regularfile"

// readSmall reads a trust store or pi's settings: a regular file, never a FIFO or a device,
// of bounded size (internal/regularfile).
func readSmall(path string) ([]byte, error) {
	return regularfile.Read(path, regularfile.StateLimit)
}
