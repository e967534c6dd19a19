package keybindings

import (
	"fmt"
	"os"
	"path/filepath"
)

// FileName is the name of pi's keybindings file in the agent dir.
const FileName = "keybindings.json"

// AgentDirEnv names the environment variable that moves pi's agent dir.
const AgentDirEnv = "PI_CODING_AGENT_DIR"

// Path returns the keybindings.json path inside agentDir.
func Path(agentDir string) string { return filepath.Join(agentDir, FileName) }

// AgentDir returns pi's agent dir: $PI_CODING_AGENT_DIR when set and not
// empty, else ~/.pi/agent.
func AgentDir() (string, error) {
	if dir := os.Getenv(AgentDirEnv); dir != "" {
		return dir, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find the agent dir: set %s or HOME: %w", AgentDirEnv, err)
	}
	return filepath.Join(home, ".pi", "agent"), nil
}
