package mapping

import (
	"slices"
	"strings"
)

// KeyForTool returns the permission key that governs tool. A tool of the table is found
// whatever the case of its name (Bash and BASH are bash: an agent must not dodge the bash
// rules by spelling). A tool that is not in the table (custom, MCP, ctx_*) is its own
// permission key.
func KeyForTool(tool string) string {
	if k, ok := toolToKey[tool]; ok {
		return k
	}
	if k, ok := toolToKey[strings.ToLower(tool)]; ok {
		return k
	}
	return tool
}

// ToolsForKey returns the tools governed by key. An unknown key governs the tool of the same name.
func ToolsForKey(key string) []string {
	if f, ok := keyToFam[key]; ok {
		return slices.Clone(f.Tools)
	}
	return []string{key}
}

// Families returns the table of permission keys and their tools, in display order.
func Families() []Family {
	out := make([]Family, len(families))
	for i, f := range families {
		f.Tools = slices.Clone(f.Tools)
		out[i] = f
	}
	return out
}

// IsKnownKey reports whether key is a permission key of the table (or another key the
// design names, such as external_directory).
func IsKnownKey(key string) bool {
	_, ok := keyToFam[key]
	return ok || slices.Contains(extraPathKeys, key) || slices.Contains(extraKeys, key) || slices.Contains(ownKeyTools, key)
}

// OtherKeys are the permission keys that are no family of the table: external_directory and path
// (path-valued), wrappers, skill and mcp, then the tools that are also keys of their own (write,
// find, ls, web_search, fetch_content), in that order.
func OtherKeys() []string {
	return slices.Concat(extraPathKeys, extraKeys, ownKeyTools)
}

// IsOwnKeyTool reports whether tool, grouped under a family key by the table, is also a
// permission key of its own (write, find, ls, web_search, fetch_content): a ruleset that
// names it decides the tool's calls under its own name.
func IsOwnKeyTool(tool string) bool { return slices.Contains(ownKeyTools, tool) }

// IsPathKey reports whether values of key are file system paths.
func IsPathKey(key string) bool {
	if f, ok := keyToFam[key]; ok {
		return f.Path
	}
	if slices.Contains(ownKeyTools, key) {
		return IsPathKey(KeyForTool(key))
	}
	return slices.Contains(extraPathKeys, key)
}

// IsShellKey reports whether values of key are shell commands.
func IsShellKey(key string) bool {
	f, ok := keyToFam[key]
	return ok && f.Shell
}

// KnownTools returns the tool list used by previews: pi's built-in tools first, then every other
// tool of the table, then extra (user-added names), each name once.
func KnownTools(extra ...string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(t string) {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, t := range piBuiltinTools {
		add(t)
	}
	for _, f := range families {
		for _, t := range f.Tools {
			add(t)
		}
	}
	for _, t := range extra {
		add(t)
	}
	return out
}

// knownOwnKeyTools are tools that are their own permission key and whose effect agentmgr
// knows to stay within it: the todo list and the context tools that index, search and report
// (the built-in planner names them). The ctx_execute tools run code, so they are not here.
var knownOwnKeyTools = []string{"todo", "ctx_index", "ctx_purge", "ctx_stats", "ctx_doctor", "ctx_search", "ctx_upgrade", "ctx_insight", "ctx_fetch_and_index"}

// IsKnownTool reports whether agentmgr knows what tool does: a tool of the table (pi's) or of
// Claude Code's or OpenCode's, a permission key called as a tool, or one of the few tools that are their own
// key and do nothing else (todo). Any other tool (an MCP server's, a custom one) may run, write
// or fetch anything: its input is searched for that, and allowed only by a "*" rule it asks
// while the persona restricts bash, edit or webfetch (docs/gate.md).
func IsKnownTool(name string) bool {
	return IsClaudeTool(name) || IsOpenCodeTool(name) || IsGeminiTool(name) || KeyForTool(name) != name || IsKnownKey(name) || slices.Contains(knownOwnKeyTools, name) ||
		slices.Contains(knownOwnKeyTools, strings.ToLower(name))
}
