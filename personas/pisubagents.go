package personas

import (
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
)

// pi-subagents (npm, 0.67.0) and @tintinweb/pi-subagents (npm, 0.14.1) read agent files from the
// same folders as personas, with their own frontmatter. These are the keys it reads that mean nothing to a persona; name, description,
// permission(s) and the body it shares.
var piSubagentsFields = []string{
	"package", "advertise", "alias", "aliases", "tools", "excludeTools", "allowNestedSubagents",
	"model", "fallbackModels", "fast", "thinking", "systemPromptMode", "inheritProjectContext",
	"inheritGlobalContext", "inheritSkills", "defaultContext", "async", "timeoutMs",
	"toolTimeoutMs", "acceptance", "acceptanceRole", "skill", "skills", "skillPath", "extensions",
	"subagentOnlyExtensions", "mutationTools", "output", "outputMode", "defaultReads",
	"defaultProgress", "interactive", "maxSubagentDepth", "completionGuard", "toolBudget",
	"memory", "runner",
	// @tintinweb/pi-subagents (0.14.1) and its forks read the same folders for agent types.
	"display_name", "disallowed_tools", "inherit_extensions", "exclude_extensions", "inherit_skills",
	"max_turns", "persist_session", "session_dir", "prompt_mode", "inherit_context",
	"run_in_background", "isolated", "isolation",
}

// piSubagentsOwnFields are the keys of piSubagentsFields no other agent format agentmgr knows
// uses (Claude Code and OpenCode have model, tools, skills, memory...): a persona file with one
// of them is one of pi-subagents' agents.
var piSubagentsOwnFields = []string{
	"package", "advertise", "alias", "aliases", "excludeTools", "allowNestedSubagents", "fallbackModels",
	"fast", "systemPromptMode", "inheritProjectContext", "inheritGlobalContext", "inheritSkills",
	"defaultContext", "timeoutMs", "toolTimeoutMs", "acceptance", "acceptanceRole", "skillPath",
	"extensions", "subagentOnlyExtensions", "mutationTools", "outputMode", "defaultReads",
	"defaultProgress", "interactive", "maxSubagentDepth", "completionGuard", "toolBudget", "runner",
	"display_name", "disallowed_tools", "inherit_extensions", "exclude_extensions", "inherit_skills",
	"max_turns", "persist_session", "session_dir", "prompt_mode", "inherit_context",
	"run_in_background", "isolated", "isolation",
}

// frontmatterMap is the frontmatter of data as a map, or nil when it has none that reads.
func frontmatterMap(data []byte) map[string]any {
	lay, _, ok := splitFile(data)
	if !ok {
		return nil
	}
	var m map[string]any
	if yaml.Unmarshal(data[lay.fmStart:lay.fmEnd], &m) != nil {
		return nil
	}
	return m
}

// IsPiSubagentsAgent reports whether data is one of pi-subagents' agent files rather than a
// persona: it has no permissions (nor permission) and at least one field only pi-subagents
// reads. Such a file is skipped by the catalog with a note, never called broken.
func IsPiSubagentsAgent(data []byte) bool {
	m := frontmatterMap(data)
	if m == nil {
		return false
	}
	if _, ok := m["permissions"]; ok {
		return false
	}
	if _, ok := m["permission"]; ok {
		return false
	}
	for k := range m {
		if slices.Contains(piSubagentsFields, k) {
			return true
		}
	}
	return false
}

// pi-subagents' own permission rules: a flat map of tool name to decision, where bash and its
// coordination tools cannot be named.
var piSubagentsReserved = []string{"bash", "contact_supervisor", "intercom", "bg_wait", "structured_output"}

// PiSubagentsMeaning says how pi-subagents reads persona file data differently, or "" when it
// does not take the file for one of its agents. It takes a persona whose permissions are a
// flat map of allowed decisions naming no bash: then the file is also a pi-subagents agent,
// whose permissions are decisions per tool name (edit: deny denies the tool edit only, not
// write; a wildcard is just a name) and whose body is the child's whole system prompt.
func PiSubagentsMeaning(data []byte) string {
	m := frontmatterMap(data)
	if m == nil {
		return ""
	}
	key := "permissions"
	perms, ok := m[key]
	if !ok {
		key = "permission"
		if perms, ok = m[key]; !ok {
			return ""
		}
	}
	flat, ok := perms.(map[string]any)
	if !ok || len(flat) == 0 {
		return "" // a preset or a list: pi-subagents refuses the file
	}
	var keys []string
	for k, v := range flat {
		s, isStr := v.(string)
		if slices.Contains(piSubagentsReserved, k) || !isStr || s != "allow" && s != "ask" && s != "deny" {
			return "" // pi-subagents refuses the file ("permissions.bash is unsupported", ...)
		}
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return "pi-subagents reads this file as one of its agents too, and to it `" + key + "` are decisions per tool name (" +
		strings.Join(keys, ", ") + "): a permission key that stands for several tools (edit is also write) or a wildcard means " +
		"something else there; keep pi-subagents' agents in a folder of their own (subagents.agentScanDirs), see docs/pi.md"
}
