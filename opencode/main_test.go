package opencode

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain removes the agentmgr binary the real-OpenCode tests built, if they built one.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.path != "" {
		os.RemoveAll(filepath.Dir(built.path))
	}
	os.Exit(code)
}
