package convert

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
)

// OpenCode 1.18.33 reads its configuration in layers (the global folder's config.json,
// opencode.json and opencode.jsonc, then the project's opencode.json(c), then the project's
// .opencode/opencode.json(c)) and deep-merges them into one object before it resolves any
// agent. The top-level `permission` and `tools` of that merged object apply to every agent, so
// an import reads the same layers for every agent it converts.

// openCodeLayer is one configuration file OpenCode merges: its path and decoded object.
type openCodeLayer struct {
	path string
	root yaml.MapSlice
}

// openCodeGlobalNames are the files of OpenCode's global config folder it merges, in order.
var openCodeGlobalNames = []string{"config.json", "opencode.json", "opencode.jsonc"}

// openCodeProjectLayers reads the configuration files OpenCode merges for an agent of the
// project whose root is root (global first): the global folder's files, the root's
// opencode.json(c) and the root's .opencode/opencode.json(c). A file that is missing is not a
// layer; one that does not parse is an error, as OpenCode refuses to start on it.
func openCodeProjectLayers(global, root string) ([]openCodeLayer, error) {
	var paths []string
	if global != "" {
		for _, n := range openCodeGlobalNames {
			paths = append(paths, filepath.Join(global, n))
		}
	}
	if root != "" {
		for _, dir := range []string{root, filepath.Join(root, ".opencode")} {
			if dir == global {
				continue
			}
			for _, n := range []string{"opencode.json", "opencode.jsonc"} {
				paths = append(paths, filepath.Join(dir, n))
			}
		}
	}
	var out []openCodeLayer
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		root, err := openCodeRoot(p, data)
		if err != nil {
			return nil, err
		}
		out = append(out, openCodeLayer{p, root})
	}
	return out, nil
}

// openCodeTopLevel is the top-level permission every agent of the merged layers starts
// from, after OpenCode's defaults: the layers' `permission` values deep-merged in order, with
// the merged top-level `tools` map folded in first (a permission of the same key wins, in
// the tool's place). nil when no layer has either.
func openCodeTopLevel(layers []openCodeLayer) any {
	var perm, tools any
	for _, l := range layers {
		if v, ok := get(l.root, "permission"); ok {
			perm = ocMergeDeep(perm, v)
		}
		if v, ok := get(l.root, "tools"); ok {
			tools = ocMergeDeep(tools, v)
		}
	}
	if m, ok := tools.(yaml.MapSlice); ok && len(m) > 0 {
		perm = ocMergeDeep(ocToolsPermission(m), perm)
	}
	return perm
}

// ocToolsPermission is a `tools` map as OpenCode turns it into a permission: true is allow,
// anything else deny, and write, edit and patch all set edit.
func ocToolsPermission(tools yaml.MapSlice) yaml.MapSlice {
	var out yaml.MapSlice
	for _, t := range tools {
		a := "deny"
		if str(t.Value) == "true" {
			a = "allow"
		}
		k := fmt.Sprint(t.Key)
		if k == "write" || k == "patch" || k == "edit" {
			k = "edit"
		}
		out = assignKey(out, k, a)
	}
	return out
}

// ocMergeDeep merges b into a as OpenCode merges its configuration layers: two objects merge
// key by key (a key already there keeps its place, so rule order is the first layer's), and
// anything else is replaced by b. nil stands for "not set".
func ocMergeDeep(a, b any) any {
	if b == nil {
		return a
	}
	am, aok := a.(yaml.MapSlice)
	bm, bok := b.(yaml.MapSlice)
	if !aok || !bok {
		return b
	}
	out := append(yaml.MapSlice(nil), am...)
	for _, e := range bm {
		k := fmt.Sprint(e.Key)
		v := e.Value
		for i := range out {
			if fmt.Sprint(out[i].Key) == k {
				v = ocMergeDeep(out[i].Value, e.Value)
				break
			}
		}
		out = assignKey(out, k, v)
	}
	return out
}

// ocNativeAgents are OpenCode's own agents, in the order a configuration with no agents of
// its own is imported as (the visible ones a person works with).
var ocNativeAgents = []string{"build", "plan", "general", "explore"}

// ocNativeRules are the rules OpenCode gives one of its own agents after its defaults and
// before the top-level permission; nil for any other name.
func ocNativeRules(name, home string) []ocRule {
	data := home + "/.local/share/opencode"
	switch name {
	case "build":
		return []ocRule{{"question", "*", engine.Allow}, {"plan_enter", "*", engine.Allow}}
	case "plan":
		// OpenCode also lets plan edit its plans folder by a pattern relative to the
		// project; it is left out, the stricter answer, as it names no file of the project.
		return []ocRule{{"question", "*", engine.Allow}, {"plan_exit", "*", engine.Allow}, {"task", "general", engine.Deny},
			{"external_directory", data + "/plans/*", engine.Allow}, {"edit", "*", engine.Deny},
			{"edit", ".opencode/plans/*.md", engine.Allow}}
	case "general":
		return []ocRule{{"todowrite", "*", engine.Deny}}
	case "explore":
		return []ocRule{{"*", "*", engine.Deny}, {"grep", "*", engine.Allow}, {"glob", "*", engine.Allow},
			{"list", "*", engine.Allow}, {"bash", "*", engine.Allow}, {"webfetch", "*", engine.Allow},
			{"websearch", "*", engine.Allow}, {"read", "*", engine.Allow},
			{"external_directory", "*", engine.Ask}, {"external_directory", ocToolOutput(home), engine.Allow},
			{"external_directory", "/tmp/opencode/*", engine.Allow}}
	case "compaction", "title", "summary":
		return []ocRule{{"*", "*", engine.Deny}}
	}
	return nil
}

// ocToolOutput is the folder of OpenCode's saved tool output, which every agent may read
// outside the project.
func ocToolOutput(home string) string {
	return home + "/.local/share/opencode/tool-output/*"
}

// ocTrailing is the rule OpenCode appends to every agent after its own rules: its saved tool
// output stays readable, unless a rule denies external_directory on exactly that folder.
func ocTrailing(rules []ocRule, home string) []ocRule {
	for _, r := range rules {
		if r.Permission == "external_directory" && r.Action == engine.Deny && r.Pattern == ocToolOutput(home) {
			return nil
		}
	}
	return []ocRule{{"external_directory", ocToolOutput(home), engine.Allow}}
}

// ocAgentSources are the definitions OpenCode deep-merges into its agent name, in its order:
// the layers' `agent.NAME` (and V2 `agents.NAME`), then the agent file's frontmatter (own, nil for none), then the
// layers' `mode.NAME` (which OpenCode reads as a primary agent).
func ocAgentSources(layers []openCodeLayer, name string, own yaml.MapSlice) []yaml.MapSlice {
	var out []yaml.MapSlice
	pick := func(key string) {
		for _, l := range layers {
			agents, _ := must(get(l.root, key)).(yaml.MapSlice)
			if fm, ok := must(get(agents, name)).(yaml.MapSlice); ok {
				if key == "mode" {
					fm = assignKey(append(yaml.MapSlice(nil), fm...), "mode", "primary")
				}
				out = append(out, fm)
			}
		}
	}
	pick("agent")
	pick("agents") // the V2 spelling, read as the same agents
	if own != nil {
		out = append(out, own)
	}
	pick("mode")
	return out
}

// ocMergeAgent is one agent's definitions merged as OpenCode merges them: each folds its
// `tools` into its `permission` first (as OpenCode does reading each file), then they are
// deep-merged in order. One definition is returned as it is.
func ocMergeAgent(defs []yaml.MapSlice) yaml.MapSlice {
	if len(defs) == 1 {
		return defs[0]
	}
	var merged any
	for _, fm := range defs {
		folded := yaml.MapSlice{}
		var tools, perm any
		for _, e := range fm {
			switch fmt.Sprint(e.Key) {
			case "tools":
				tools = e.Value
			case "permission":
				perm = e.Value
			default:
				folded = append(folded, e)
			}
		}
		if p := ocFoldTools(tools, perm); p != nil {
			folded = append(folded, yaml.MapItem{Key: "permission", Value: p})
		}
		merged = ocMergeDeep(merged, folded)
	}
	m, _ := merged.(yaml.MapSlice)
	return m
}

// ocFoldTools is a definition's permission with its tools folded in (Object.assign: a
// permission of the same key replaces the tool's entry where it stood); nil for neither.
func ocFoldTools(tools, perm any) any {
	t, ok := tools.(yaml.MapSlice)
	if !ok {
		return perm
	}
	out := ocToolsPermission(t)
	switch p := perm.(type) {
	case string:
		out = assignKey(out, "*", p)
	case yaml.MapSlice:
		for _, e := range p {
			out = assignKey(out, fmt.Sprint(e.Key), e.Value)
		}
	}
	return out
}
