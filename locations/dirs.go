package locations

import (
	"os"
	"os/user"
	"path/filepath"
	"strings"
)

// AgentDirEnv names the environment variable that moves pi's agent dir.
const AgentDirEnv = "PI_CODING_AGENT_DIR"

// Dirs are the two roots every location hangs from, and the home directory they were found
// from, which is also what `~` and `$HOME` stand for in rules.
type Dirs struct {
	Agent   string // pi's agent dir: $PI_CODING_AGENT_DIR, or ~/.pi/agent
	Project string // the project's .pi folder, nearest upward from the working directory; "" when none
	// Home is the user's home directory (see Home); "" when it is unknown, and in Dirs made
	// by hand, where deciding falls back to the engine's own reading of $HOME.
	Home string
}

// Home is the one reading of the user's home directory: $HOME when it is set (as pi, the
// shells and the coding agents read it), else what the system says (os.UserHomeDir: the
// profile folder on Windows; then the user database), "" when nothing knows. getenv is the
// environment to read. The user database matters: with $HOME empty, a home of "" would put
// the agent dir at .pi/agent under whatever folder the program runs in.
func Home(getenv func(string) string) string {
	if h := getenv("HOME"); h != "" {
		return h
	}
	if h, err := os.UserHomeDir(); err == nil && h != "" {
		return h
	}
	if u, err := user.Current(); err == nil {
		return u.HomeDir
	}
	return ""
}

// Default finds the home directory and the agent dir from the environment, and the project's
// .pi folder from cwd upward (no project when cwd is "").
func Default(cwd string) Dirs {
	return Find(os.Getenv, Home(os.Getenv), cwd)
}

// Find is Default with the environment and the home directory given. The .pi folder of the
// home directory is never a project: it holds pi's global settings, and taking it as a project
// would list every global persona twice.
func Find(getenv func(string) string, home, cwd string) Dirs {
	d := Dirs{Agent: AgentDir(getenv(AgentDirEnv), home), Home: home}
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
