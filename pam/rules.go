package pam

// Rule is one rule of an AM ruleset: permission and pattern are wildcards, the last match wins.
type Rule struct {
	Permission string `json:"permission"`
	Pattern    string `json:"pattern"`
	Action     string `json:"action"`
}

func all(perm, action string) Rule { return Rule{perm, "*", action} }

// presets are the AM's named presets (src/permission/presets.ts).
var presets = map[string][]Rule{
	"read": {all("*", "deny"), all("read", "allow"), all("grep", "allow"), all("glob", "allow"), all("list", "allow")},
	"plan": {all("*", "deny"), all("read", "allow"), all("grep", "allow"), all("glob", "allow"), all("list", "allow"),
		all("websearch", "allow"), all("webfetch", "allow"), all("task", "allow")},
	"build": {all("*", "allow"), {"bash", "rm *", "ask"}, {"bash", "sudo *", "ask"}, {"bash", "chmod *", "ask"}, {"bash", "chown *", "ask"}},
}

// presetNames is the AM's Object.keys(PERMISSION_PRESETS), for its message.
const presetNames = "read, plan, build"

// objectPrototype are the lower-case property names every JavaScript object inherits: the AM
// looks a preset up with PERMISSION_PRESETS[raw.toLowerCase()], so these find a function or an
// object that is not a list, and spreading it throws while the extension loads.
var objectPrototype = map[string]bool{"constructor": true, "__proto__": true}

// legacyRules is the AM's fromLegacyPermissions: unknown words are ignored.
func legacyRules(words []string) []Rule {
	has := func(w string) bool {
		for _, x := range words {
			if x == w {
				return true
			}
		}
		return false
	}
	out := []Rule{all("*", "deny")}
	if has("read") {
		out = append(out, all("read", "allow"), all("grep", "allow"), all("glob", "allow"), all("list", "allow"))
	}
	if has("write") {
		out = append(out, all("edit", "allow"), all("bash", "allow"))
	}
	if has("ask") {
		out = append(out, all("edit", "ask"), all("bash", "ask"))
	}
	if has("web") {
		out = append(out, all("websearch", "allow"), all("webfetch", "allow"))
	}
	if has("subagent") {
		out = append(out, all("task", "allow"))
	}
	return out
}

// Builtins are the AM's own agents, in its order (src/agent/builtin.ts).
func Builtins() []*Agent {
	planner := []Rule{all("*", "deny"), all("read", "allow"), all("grep", "allow"), all("glob", "allow"), all("list", "allow"),
		all("websearch", "allow"), all("webfetch", "allow"), all("task", "allow"), all("todo", "allow")}
	for _, t := range []string{"ctx_index", "ctx_purge", "ctx_stats", "ctx_doctor", "ctx_search", "ctx_upgrade", "ctx_insight", "ctx_fetch_and_index"} {
		planner = append(planner, all(t, "allow"))
	}
	for _, t := range []string{"ctx_execute", "ctx_execute_file", "ctx_batch_execute"} {
		planner = append(planner, all(t, "deny"))
	}
	builder := append(append([]Rule(nil), presets["build"]...), all("webfetch", "deny"), all("websearch", "deny"))
	return []*Agent{
		{Name: "planner", Type: "primary", Builtin: true, Rules: planner},
		{Name: "builder", Type: "primary", Builtin: true, Rules: builder},
	}
}

// DefaultAgent is where a new session starts when an agent of that name can be switched to.
const DefaultAgent = "planner"
