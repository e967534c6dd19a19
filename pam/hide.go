package pam

import "sort"

// toolPermission is the AM's TOOL_TO_PERMISSION (src/permission/mapping.ts). It lacks
// apply_patch, multiedit and patch, which agentmgr counts as edit tools: for the AM those are
// their own keys.
var toolPermission = map[string]string{
	"read": "read", "grep": "grep", "find": "glob", "ls": "list", "hash_read": "read",
	"write": "edit", "edit": "edit", "delete_file": "edit", "hash_edit": "edit",
	"bash": "bash", "shell": "bash", "run": "bash", "exec": "bash",
	"web_search": "websearch", "source_check": "websearch", "fetch_content": "webfetch", "get_search_content": "websearch",
	"subagent": "task", "subagent_wait": "task", "subagent_supervisor": "task", "intercom": "task",
	"questionnaire": "question", "ask_user_question": "question",
}

// PermissionFor is the key the AM evaluates for tool.
func PermissionFor(tool string) string {
	if k, ok := toolPermission[tool]; ok {
		return k
	}
	return tool
}

// Evaluate is the AM's evaluate(permission, pattern): the last rule whose permission matches
// the key and whose pattern matches the value; "ask" when none does.
func Evaluate(rules []Rule, permission, value string) string {
	for i := len(rules) - 1; i >= 0; i-- {
		if Match(permission, rules[i].Permission) && Match(value, rules[i].Pattern) {
			return rules[i].Action
		}
	}
	return "ask"
}

// HiddenTools are the tools of the universe the AM takes out of the active set: those whose
// key, evaluated against the literal value "*", is deny. So a rule for `*` (or `?`, or `* *`)
// counts, a narrower pattern does not, and a later allow for `*` wins. Sorted, never nil.
func HiddenTools(rules []Rule, tools []string) []string {
	out := []string{}
	for _, t := range tools {
		if Evaluate(rules, PermissionFor(t), "*") == "deny" {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}
