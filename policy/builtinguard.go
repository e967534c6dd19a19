package policy

// The built-in guard (docs/approvals.md, "The built-in guard"): agentmgr's own files and the
// commands that change its rules, state or trust are the person's. A persona, a guards file,
// a session rule or yolo saying otherwise would let the agent it governs raise its own rights:
// write an allow-all persona, turn yolo on, approve itself "always". So these asks come from a
// guard that no file holds, composed with the guards files (the most restrictive wins), and
// since a guard's ask outlives every session rule, an "always" is never offered for them.

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// builtinSource is where every rule of the built-in guard comes from.
var builtinSource = engine.Source{Kind: engine.FromBuiltinGuard}

// Reasons the built-in guard gives, which the person reads in the question.
const (
	selfFileReason    = "agentmgr's own files (personas, guards, state, sessions, trust, log) are changed only by the person, whatever the persona says"
	selfCommandReason = "this agentmgr command changes rules, state or trust, which only the person does, whatever the persona says"
)

// ProgramName is the name agentmgr's binary is run by; ProgramNames adds the spellings the
// built-in guard knows it by (Windows' .exe). A command naming it by a path (./bin/agentmgr,
// /usr/local/bin/agentmgr) is matched by its base name too (docs/shell.md), and one that
// mentions it as an argument (go run ./cmd/agentmgr yolo on) by the closed world.
const ProgramName = "agentmgr"

// ProgramNames are the command names the built-in guard's command rules are written for.
var ProgramNames = []string{ProgramName, ProgramName + ".exe"}

// GuardedCommand is a subcommand of agentmgr that changes rules, state or trust, with the
// forms of it that only read (argument patterns after the subcommand; "" for none at all).
type GuardedCommand struct {
	Name  string
	Reads []string
}

// GuardedCommands are agentmgr's subcommands the agent runs only with the person's consent:
// each asks, but for its read-only forms. Every subcommand of the CLI is either here or in
// ReadOnlyCommands (a test in cmd/agentmgr keeps the two lists and the command table in step),
// so a new command is classified when it is added.
var GuardedCommands = []GuardedCommand{
	{Name: "use", Reads: []string{"", "--json", "-json"}},  // with no name: shows the active agent
	{Name: "yolo", Reads: []string{"", "--json", "-json"}}, // with no on/off: shows it
	{Name: "session", Reads: []string{"list *", "show *"}},
	{Name: "rule"},
	{Name: "set"},
	{Name: "new"},
	{Name: "rm"},
	{Name: "rename"},
	{Name: "restore", Reads: []string{"", "--json", "-json"}}, // with no name: lists the trash
	{Name: "trust", Reads: []string{"--status", "--diff"}},    // --status and --diff show the trust without changing it
	{Name: "import"},
	// export writes other runtimes' agents and rules (Codex's .rules files among them).
	{Name: "export"},
	// The installers put agentmgr's hook, extension or plugin in place, or take it away.
	{Name: "pi", Reads: []string{"status *"}},
	{Name: "opencode", Reads: []string{"status *"}},
	{Name: "codex", Reads: []string{"status *"}},
	{Name: "gemini", Reads: []string{"status *"}},
	{Name: "claude", Reads: []string{"status *"}},
	// The hook and the server carry the person's replies from the runtime's dialog: run by
	// the agent, they would let it answer its own questions.
	{Name: "gate"},
	{Name: "serve"},
}

// ReadOnlyCommands are agentmgr's subcommands that change no rule, state or trust: the agent
// runs them as its persona allows.
var ReadOnlyCommands = []string{
	"list", "show", "tools", "check", "lint", "test", "compat", "replay", "suggest",
	"keys", "eval", "log", "help", "version",
}

// BuiltinGuard is the built-in guard for dirs: ask before any write to agentmgr's files (the
// agent dir's personas, legacy persona list, agent-manager folder with its guards, state,
// sessions, trust store, review log and inbox, and agentmgr's pi extension; every project's
// .pi/agents and .pi/agent-manager, and the folders holding them), and before any agentmgr
// command that changes rules, state or trust. Its rules come from the locations, never from a
// file, and carry the source "builtin guard".
func BuiltinGuard(dirs locations.Dirs) GuardsFile {
	var rs engine.Ruleset
	add := func(key, pattern string, action engine.Action, reason string) {
		rs = append(rs, engine.Rule{Permission: key, Pattern: pattern, Action: action, Reason: reason, Source: builtinSource})
	}
	paths, exact := selfPaths(dirs)
	for _, p := range paths {
		add("edit", p, engine.Ask, selfFileReason)
		if !exact[p] {
			add("edit", p+"/*", engine.Ask, selfFileReason)
		}
	}
	for _, prog := range ProgramNames {
		for _, c := range GuardedCommands {
			add("bash", prog+" "+c.Name+" *", engine.Ask, selfCommandReason)
			for _, r := range c.Reads {
				add("bash", strings.TrimSuffix(prog+" "+c.Name+" "+r, " "), engine.Allow, "")
			}
		}
	}
	return GuardsFile{Rules: rs, Builtin: true}
}

// selfPaths are the patterns of agentmgr's files and folders the built-in guard protects,
// with `/` separators, each asked for itself and, but for the folders in exact, for what it
// holds. The agent dir comes first, whole (pi's settings and extensions there decide what runs
// in pi too), so that the more precise names after it are the ones a decision shows.
func selfPaths(dirs locations.Dirs) (out []string, exact map[string]bool) {
	exact = map[string]bool{}
	add := func(p string, only bool) {
		if p == "" {
			return
		}
		if !strings.HasPrefix(p, "*") {
			p = filepath.ToSlash(filepath.Clean(p))
		}
		if slices.Contains(out, p) {
			return
		}
		out = append(out, p)
		exact[p] = only
	}
	add(dirs.Agent, false)
	// Moving or deleting the folder holding the agent dir takes every user guard away too.
	if home := filepath.Clean(dirs.Home); dirs.Home != "" {
		if parent := filepath.Dir(filepath.Clean(dirs.Agent)); parent != home && strings.HasPrefix(parent, home+string(filepath.Separator)) {
			add(parent, true)
		}
	}
	add(dirs.GlobalAgents(), false)
	add(dirs.LegacyFile(), false)
	add(dirs.StateDir(), false)
	// The project found from the working directory, by its absolute path, so that a command
	// writing files into a folder above it (tar -x -C DIR) is seen to reach them too.
	add(dirs.ProjectAgents(), false)
	add(dirs.ProjectStateDir(), false)
	// Every project's, wherever the call runs: a .pi folder the agent makes in a subfolder
	// is a project's .pi as soon as a call runs there. Deleting or moving a .pi folder
	// takes its guards away.
	anyProject := locations.Dirs{Project: locations.ProjectDirName}
	add(locations.ProjectDirName, true)
	add("*/"+locations.ProjectDirName, true)
	for _, p := range []string{anyProject.ProjectAgents(), anyProject.ProjectStateDir()} {
		p = filepath.ToSlash(p)
		add(p, false)
		add("*/"+p, false)
	}
	return out, exact
}

// AllGuards are the guards that decide every persona's calls: the built-in guard, then the
// guards files of dirs that exist (LoadGuards) with their problems.
func AllGuards(dirs locations.Dirs) ([]GuardsFile, []personas.Problem) {
	files, probs := LoadGuards(dirs)
	return append([]GuardsFile{BuiltinGuard(dirs)}, files...), probs
}
