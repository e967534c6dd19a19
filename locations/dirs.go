package locations

import (
	"os"
	"path/filepath"
	"strings"
)

// AgentDirEnv names the environment variable that moves pi's agent dir.
const AgentDirEnv = "PI_CODING_AGENT_DIR"

// Dirs are the two roots every location hangs from.
type Dirs struct {
	Agent   string // pi's agent dir: $PI_CODING_AGENT_DIR, or ~/.pi/agent
	Project string // the project's .pi folder, nearest upward from the working directory; "" when none
}

// Default finds the agent dir from the environment and the project's .pi folder from cwd
// upward (no project when cwd is "").
func Default(cwd string) Dirs {
	home, _ := os.UserHomeDir()
	return Find(os.Getenv, home, cwd)
}

// Find is Default with the environment and the home directory given. The .pi folder of the
// home directory is never a project: it holds pi's global settings, and taking it as a project
// would list every global persona twice.
func Find(getenv func(string) string, home, cwd string) Dirs {
	d := Dirs{Agent: AgentDir(getenv(AgentDirEnv), home)}
	if cwd == "" {
		return d
	}
	cwd, _ = filepath.Abs(cwd)
	homePi := ""
	if home != "" {
		homePi = filepath.Join(home, ".pi")
	}
	for dir := cwd; ; {
		cand := filepath.Join(dir, ".pi")
		if cand != homePi && cand != filepath.Dir(d.Agent) && isDir(cand) {
			d.Project = cand
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return d
}

// AgentDir is pi's agent dir for the value env of $PI_CODING_AGENT_DIR: env with a leading ~
// read as home (pi does the same), or home/.pi/agent when env is empty.
func AgentDir(env, home string) string {
	if env != "" {
		if home != "" && (env == "~" || strings.HasPrefix(env, "~/")) {
			env = filepath.Join(home, env[1:])
		}
		return filepath.Clean(env)
	}
	return filepath.Join(home, ".pi", "agent")
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
