// Package mapping translates between permission keys (what rules name) and tool names (what an
// agent calls). The table is data: supporting a new tool is one line.
package mapping

import "strings"

// Family is one permission key and the tools it governs.
type Family struct {
	Key   string   // permission key used in rules, e.g. "edit"
	Tools []string // tool names governed by Key, in display order
	Path  bool     // values are file system paths (`\` reads as `/`, `~` expands)
	Shell bool     // values are shell commands, analysed unit by unit
}

// families is the table of tool families in docs/rules.md. Order is the display order of the
// app's tool lists.
var families = []Family{
	{Key: "read", Tools: []string{"read", "hash_read"}, Path: true},
	{Key: "grep", Tools: []string{"grep"}, Path: true},
	{Key: "glob", Tools: []string{"find"}, Path: true},
	{Key: "list", Tools: []string{"ls"}, Path: true},
	{Key: "edit", Tools: []string{"write", "edit", "delete_file", "hash_edit", "apply_patch", "multiedit", "patch"}, Path: true},
	{Key: "bash", Tools: []string{"bash", "shell", "run", "exec"}, Shell: true},
	{Key: "websearch", Tools: []string{"web_search", "source_check", "get_search_content"}},
	{Key: "webfetch", Tools: []string{"fetch_content"}},
	// subagent, subagent_wait, subagent_supervisor, intercom: pi-subagents; Agent (it starts a
	// child), get_subagent_result and steer_subagent (they read and steer a running one):
	// @tintinweb/pi-subagents and its forks.
	{Key: "task", Tools: []string{"subagent", "subagent_wait", "subagent_supervisor", "intercom", "Agent", "get_subagent_result", "steer_subagent"}},
	{Key: "question", Tools: []string{"questionnaire", "ask_user_question"}},
}

// extraPathKeys are path-valued permission keys that govern no tool of their own:
// external_directory decides paths outside the project, path (pi-permission-system's
// cross-cutting key) decides every path any tool or shell command names, whatever the tool's own
// rules say (docs/rules.md, "Paths every tool names").
var extraPathKeys = []string{"external_directory", PathKey}

// extraKeys are permission keys that govern no tool of their own and whose values are no paths:
// wrappers sets the floor of the shell commands that run another command (sudo, env, xargs,
// bash -c ...; docs/rules.md, "The wrapper floor"); skill decides which skills the agent may
// use (pi's /skill:NAME and the reading of a skill's files); mcp decides the calls of pi's MCP
// adapter tool by their server and tool names.
var extraKeys = []string{WrappersKey, SkillKey, MCPAdapterKey}

// The permission keys that govern no tool of their own.
const (
	PathKey       = "path"
	WrappersKey   = "wrappers"
	SkillKey      = "skill"
	MCPAdapterKey = "mcp"
)

// ownKeyTools are tools the table groups under a family key that are also permission keys of
// their own, as pi-permission-system names its surfaces: a ruleset that names one of them
// decides its calls by those rules (write apart from edit, find apart from glob), one that does
// not keeps the family's meaning.
var ownKeyTools = []string{"write", "find", "ls", "web_search", "fetch_content"}

// piBuiltinTools are the tools every pi session has, listed first in previews.
var piBuiltinTools = []string{"read", "bash", "edit", "write", "grep", "find", "ls"}

var (
	toolToKey = map[string]string{}
	keyToFam  = map[string]*Family{}
)

func init() {
	for i := range families {
		f := &families[i]
		keyToFam[f.Key] = f
		for _, t := range f.Tools {
			toolToKey[t] = f.Key
			// A name the table spells with capitals (Agent) is found in any case, as the
			// lower-case names are.
			toolToKey[strings.ToLower(t)] = f.Key
		}
	}
}
