package locations

import (
	"fmt"
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
	// Unusable says why the agent dir cannot be used ("" when it can): $PI_CODING_AGENT_DIR
	// is not an absolute path, or no home directory is known. Agent is then "", and every
	// command refuses to work (Check) rather than read or write relative to the folder it
	// runs in, which may be the repository the agent works in.
	Unusable string
	// Ignored names a .pi folder the search passed over because neither the user nor root
	// owns it, with why; "" when none was.
	Ignored string
	// Managed is the managed guards file (ManagedGuards): guards the system's administrator
	// sets, above the user's. Find sets it; only tests set another, since a variable the
	// agent can set must never move it.
	Managed string
}

// Check is the error that makes a command refuse to use d: the agent dir is not usable.
func (d Dirs) Check() error {
	if d.Unusable != "" {
		return fmt.Errorf("%s", d.Unusable)
	}
	return nil
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
//
// The search goes up from cwd and stops at the repository root (the first folder holding a
// .git, folder or file): a .pi above the repository belongs to someone else's tree, as git
// stops at the repository it is in. A .pi folder that neither the user nor root owns is passed
// over (Ignored says so), as git's safe.directory passes over a repository another user owns:
// another local user could otherwise write the rules of this user's agent.
func Find(getenv func(string) string, home, cwd string) Dirs {
	d := Dirs{Home: home, Managed: ManagedGuards}
	d.Agent, d.Unusable = agentDir(getenv(AgentDirEnv), home)
	if cwd == "" {
		return d
	}
	cwd, _ = filepath.Abs(cwd)
	homePi := ""
	if home != "" {
		homePi = filepath.Join(home, ".pi")
	}
	agentParent := ""
	if d.Agent != "" {
		agentParent = filepath.Dir(d.Agent)
	}
	for dir := cwd; ; {
		cand := filepath.Join(dir, ".pi")
		if cand != homePi && cand != agentParent && isDir(cand) {
			why := foreignOwner(cand)
			if why == "" {
				d.Project = cand
				break
			}
			if d.Ignored == "" {
				d.Ignored = cand + " is not used: " + why
			}
		}
		if isRepoRoot(dir) {
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
// read as home (pi does the same), or home/.pi/agent when env is empty. It is "" when that is
// not an absolute path (see Find, which says why).
func AgentDir(env, home string) string {
	dir, _ := agentDir(env, home)
	return dir
}

// agentDir is AgentDir and, when the folder cannot be used, why.
func agentDir(env, home string) (dir, unusable string) {
	if env == "" {
		if home == "" || !filepath.IsAbs(home) {
			return "", "no home directory is known (set HOME), so there is no agent dir to read personas, guards and state from"
		}
		return filepath.Join(home, ".pi", "agent"), ""
	}
	dir = env
	if home != "" && (env == "~" || strings.HasPrefix(env, "~/")) {
		dir = filepath.Join(home, env[1:])
	}
	if !filepath.IsAbs(dir) {
		// A relative value is read against wherever the program runs, the repository
		// included, whose files would then decide for the agent: refuse it.
		return "", fmt.Sprintf("%s=%q is not an absolute path; agentmgr refuses to read personas, guards and state relative to the working directory: set it to an absolute path or unset it", AgentDirEnv, env)
	}
	return filepath.Clean(dir), ""
}

// isRepoRoot reports whether dir holds a .git folder or file (a worktree's or a
// submodule's).
func isRepoRoot(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ".git"))
	return err == nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
