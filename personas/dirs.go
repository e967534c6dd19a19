package personas

import (
	"os"
	"path/filepath"
	"strings"
)

// AgentDirEnv names the environment variable that moves pi's agent dir.
const AgentDirEnv = "PI_CODING_AGENT_DIR"

// Dirs are the folders personas and agentmgr's own state live in.
type Dirs struct {
	Agent   string // pi's agent dir: $PI_CODING_AGENT_DIR, or ~/.pi/agent
	Project string // the project's .pi folder, nearest upward from the working directory; "" when none
}

// DefaultDirs finds the agent dir from the environment and the project's .pi folder from cwd
// upward. The .pi folder of the home directory is never a project: it holds pi's global
// settings, and taking it as a project would list every global persona twice.
func DefaultDirs(cwd string) Dirs {
	home, _ := os.UserHomeDir()
	d := Dirs{Agent: AgentDir(home)}
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

// AgentDir is $PI_CODING_AGENT_DIR (a leading ~ read as home), else home/.pi/agent.
func AgentDir(home string) string {
	if v := os.Getenv(AgentDirEnv); v != "" {
		if home != "" && (v == "~" || strings.HasPrefix(v, "~/")) {
			v = filepath.Join(home, v[1:])
		}
		return filepath.Clean(v)
	}
	return filepath.Join(home, ".pi", "agent")
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// GlobalAgents is the folder of global persona files: Agent/agents.
func (d Dirs) GlobalAgents() string { return filepath.Join(d.Agent, "agents") }

// ProjectAgents is the folder of project persona files: Project/agents, or "" without a project.
func (d Dirs) ProjectAgents() string {
	if d.Project == "" {
		return ""
	}
	return filepath.Join(d.Project, "agents")
}

// AgentsDir is the persona folder of scope, or "" (built-ins have none; a project may be absent).
func (d Dirs) AgentsDir(s Scope) string {
	switch s {
	case ScopeGlobal:
		return d.GlobalAgents()
	case ScopeProject:
		return d.ProjectAgents()
	}
	return ""
}

// LegacyFile is the legacy JSON persona list of the pi agent-manager extension.
func (d Dirs) LegacyFile() string { return filepath.Join(d.Agent, "pi-agent-manager.json") }

// StateDir is agentmgr's own folder in the agent dir: Agent/agent-manager.
func (d Dirs) StateDir() string { return filepath.Join(d.Agent, "agent-manager") }

// StateFile holds the active agent and the envelope and yolo flags.
func (d Dirs) StateFile() string { return filepath.Join(d.StateDir(), "state.json") }

// TrashDir is where deleted personas go, so that they can be restored.
func (d Dirs) TrashDir() string { return filepath.Join(d.StateDir(), "trash") }

// GlobalGuards is the guards file of the agent dir.
func (d Dirs) GlobalGuards() string { return filepath.Join(d.StateDir(), "guards.yaml") }

// ProjectGuards is the guards file of the project, or "" without a project.
func (d Dirs) ProjectGuards() string {
	if d.Project == "" {
		return ""
	}
	return filepath.Join(d.Project, "agent-manager", "guards.yaml")
}
