package locations

import "path/filepath"

// GlobalAgents is the folder of global persona files: Agent/agents.
func (d Dirs) GlobalAgents() string { return filepath.Join(d.Agent, "agents") }

// ProjectAgents is the folder of project persona files: Project/agents, or "" without a project.
func (d Dirs) ProjectAgents() string { return d.inProject("agents") }

// LegacyFile is the legacy JSON persona list of the pi agent-manager extension.
func (d Dirs) LegacyFile() string { return filepath.Join(d.Agent, "pi-agent-manager.json") }

// StateDir is agentmgr's own folder in the agent dir: Agent/agent-manager.
func (d Dirs) StateDir() string { return filepath.Join(d.Agent, "agent-manager") }

// ProjectStateDir is agentmgr's folder in the project: Project/agent-manager, or "" without a
// project.
func (d Dirs) ProjectStateDir() string { return d.inProject("agent-manager") }

// StateFile holds the active agent and the envelope and yolo flags.
func (d Dirs) StateFile() string { return filepath.Join(d.StateDir(), "state.json") }

// TrashDir is where deleted personas go, so that they can be restored.
func (d Dirs) TrashDir() string { return filepath.Join(d.StateDir(), "trash") }

// GlobalGuards is the guards file of the agent dir.
func (d Dirs) GlobalGuards() string { return filepath.Join(d.StateDir(), "guards.yaml") }

// ProjectGuards is the guards file of the project, or "" without a project.
func (d Dirs) ProjectGuards() string { return d.inProject("agent-manager", "guards.yaml") }

// GuardsFiles are the user's and the project's guards files, the user's first: one or two
// paths. The managed guards file (Managed) is not among them: it is read with its own
// owner check (package policy).
func (d Dirs) GuardsFiles() []string {
	out := []string{d.GlobalGuards()}
	if p := d.ProjectGuards(); p != "" {
		out = append(out, p)
	}
	return out
}

// ProjectDir is the folder that holds the project's .pi folder: the project a trust names.
// "" without a project.
func (d Dirs) ProjectDir() string {
	if d.Project == "" {
		return ""
	}
	return filepath.Dir(d.Project)
}

// TrustStore is agentmgr's own record of the projects the person trusted or refused, each
// trust with the content of the project files it covers (package trust).
func (d Dirs) TrustStore() string { return filepath.Join(d.StateDir(), "trust.json") }

// TrustCopies is where agentmgr keeps a copy of each project file a trust covers, named by the
// hash the trust store records, so that a file changed since can be shown as a diff.
func (d Dirs) TrustCopies() string { return filepath.Join(d.StateDir(), "trusted") }

// PiTrustStore is pi's own trust store in the agent dir: folder path -> true, false or
// null. A project pi trusts is trusted by agentmgr too.
func (d Dirs) PiTrustStore() string { return filepath.Join(d.Agent, "trust.json") }

// PiSettings is pi's global settings file, whose defaultProjectTrust says what an
// undecided project is.
func (d Dirs) PiSettings() string { return filepath.Join(d.Agent, "settings.json") }

// TrustInputs are the files a project's trust is decided from (besides the project's own
// files): a cache of anything decided with project files must be read again when one of them
// changes.
func (d Dirs) TrustInputs() []string {
	return []string{d.TrustStore(), d.PiTrustStore(), d.PiSettings()}
}

// PersonaIndex caches, for every persona file read, the name it defines, so that a command
// about one persona parses only the files that can define it.
func (d Dirs) PersonaIndex() string {
	return filepath.Join(d.StateDir(), "cache", "persona-names.txt")
}

// SessionsDir holds the rules approved during sessions, one file per session.
func (d Dirs) SessionsDir() string { return filepath.Join(d.StateDir(), "sessions") }

// SubagentsDir holds, per session, which agent started which (Claude Code's subagents), so
// that a nested agent's calls are decided by every persona on its chain.
func (d Dirs) SubagentsDir() string { return filepath.Join(d.StateDir(), "subagents") }

// ReviewLog is the log of decisions and approvals, one JSON object a line.
func (d Dirs) ReviewLog() string { return filepath.Join(d.StateDir(), "log", "review.jsonl") }

// InboxDir is the folder through which gates forward questions to the app.
func (d Dirs) InboxDir() string { return filepath.Join(d.StateDir(), "inbox") }

// KeybindingsName is the name of pi's keybindings file in the agent dir.
const KeybindingsName = "keybindings.json"

// Keybindings is pi's keybindings file.
func (d Dirs) Keybindings() string { return filepath.Join(d.Agent, KeybindingsName) }

// GlobalExtensions is the folder pi loads global extensions from.
func (d Dirs) GlobalExtensions() string { return filepath.Join(d.Agent, "extensions") }

// ProjectExtensions is the folder pi loads the project's extensions from, or "" without a
// project.
func (d Dirs) ProjectExtensions() string { return d.inProject("extensions") }

func (d Dirs) inProject(elem ...string) string {
	if d.Project == "" {
		return ""
	}
	return filepath.Join(append([]string{d.Project}, elem...)...)
}
