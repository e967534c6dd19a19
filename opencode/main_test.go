package opencode

import (
	"os"
	"testing"

	"github.com/agentmgr/agentmgr/internal/e2etest"
)

// TestMain removes the agentmgr binary the real-OpenCode tests built, if they built one.
func TestMain(m *testing.M) { os.Exit(e2etest.Main(m)) }
