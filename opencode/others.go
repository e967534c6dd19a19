package opencode

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/internal/jsonc"
	"github.com/agentmgr/agentmgr/personas"
)

// Other is something besides agentmgr's plugin that decides OpenCode's tool calls too.
type Other struct {
	Kind  string `json:"kind"`  // plugin or permission
	Name  string `json:"name"`  // the plugin, or the config key ("permission", "agent.build.permission", ...)
	Where string `json:"where"` // the file it was found in
	// What it does to a call agentmgr decided.
	Effect string `json:"effect"`
}

// Others finds other plugins and OpenCode's own permission configs in the global config
// folder, the project and $OPENCODE_CONFIG_DIR: plugin files beside agentmgr's, plugins named in opencode.json, and
// permission or tools settings (top-level, per agent, or in agent files).
func Others(d Dirs) []Other {
	out := []Other{}
	seen := map[string]bool{}
	for _, dir := range []string{d.Global, d.Project, d.Extra} {
		if dir == "" || seen[dir] {
			continue
		}
		seen[dir] = true
		for _, sub := range []string{"plugin", "plugins"} {
			entries, _ := os.ReadDir(filepath.Join(dir, sub))
			for _, e := range entries {
				p := filepath.Join(dir, sub, e.Name())
				ext := filepath.Ext(e.Name())
				if (ext != ".js" && ext != ".ts") || (sub == DirName && e.Name() == FileName) {
					continue
				}
				data, _ := os.ReadFile(p)
				if !bytes.Contains(data, []byte("tool.execute.before")) && !bytes.Contains(data, []byte("permission")) {
					continue
				}
				out = append(out, Other{Kind: "plugin", Name: e.Name(), Where: p,
					Effect: "it sees tool calls too and may block, change or allow what agentmgr decided"})
			}
		}
		out = append(out, agentFileOthers(dir)...)
	}
	configs := []string{filepath.Join(d.Global, "opencode.json"), filepath.Join(d.Global, "opencode.jsonc"), filepath.Join(d.Global, "config.json")}
	if d.Project != "" {
		configs = append(configs, filepath.Join(d.Project, "opencode.json"), filepath.Join(d.Project, "opencode.jsonc"))
	}
	if d.Root != "" {
		configs = append(configs, filepath.Join(d.Root, "opencode.json"), filepath.Join(d.Root, "opencode.jsonc"))
	}
	if d.Extra != "" {
		configs = append(configs, filepath.Join(d.Extra, "opencode.json"), filepath.Join(d.Extra, "opencode.jsonc"))
	}
	for _, f := range configs {
		if seen[f] {
			continue
		}
		seen[f] = true
		out = append(out, configOthers(f)...)
	}
	return out
}

// permissionEffect is what OpenCode's own permission does after agentmgr allowed a call.
const permissionEffect = "OpenCode's own permission decides after agentmgr allowed: it can still ask or deny the call"

// configOthers are the plugins and permission settings of one opencode.json.
func configOthers(path string) []Other {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var cfg struct {
		Plugin     []json.RawMessage `json:"plugin"`
		Permission json.RawMessage   `json:"permission"`
		Tools      json.RawMessage   `json:"tools"`
		Agent      map[string]struct {
			Permission json.RawMessage `json:"permission"`
			Tools      json.RawMessage `json:"tools"`
		} `json:"agent"`
	}
	if json.Unmarshal(jsonc.Strip(data), &cfg) != nil {
		return []Other{{Kind: "permission", Name: "(unreadable)", Where: path,
			Effect: "agentmgr cannot read it; OpenCode may hold permission rules or plugins there"}}
	}
	var out []Other
	for _, raw := range cfg.Plugin {
		var name string
		if json.Unmarshal(raw, &name) != nil {
			var pair []json.RawMessage
			if json.Unmarshal(raw, &pair) == nil && len(pair) > 0 {
				_ = json.Unmarshal(pair[0], &name)
			}
		}
		out = append(out, Other{Kind: "plugin", Name: name, Where: path,
			Effect: "it may see tool calls too and block, change or allow what agentmgr decided"})
	}
	if len(cfg.Permission) > 0 {
		out = append(out, Other{Kind: "permission", Name: "permission", Where: path, Effect: permissionEffect})
	}
	if len(cfg.Tools) > 0 {
		out = append(out, Other{Kind: "permission", Name: "tools", Where: path, Effect: "OpenCode hides the tools it switches off, whatever agentmgr says"})
	}
	// The agents in file order would need an ordered decode; sorted names keep the report stable.
	for _, name := range slices.Sorted(maps.Keys(cfg.Agent)) {
		a := cfg.Agent[name]
		if len(a.Permission) > 0 {
			out = append(out, Other{Kind: "permission", Name: "agent." + name + ".permission", Where: path, Effect: permissionEffect})
		}
		if len(a.Tools) > 0 {
			out = append(out, Other{Kind: "permission", Name: "agent." + name + ".tools", Where: path, Effect: "OpenCode hides the tools it switches off, whatever agentmgr says"})
		}
	}
	return out
}

// agentFileOthers are the permission settings of the agent files in config folder dir.
func agentFileOthers(dir string) []Other {
	var out []Other
	for _, sub := range []string{"agent", "agents"} {
		// Listed, not globbed: a folder named with '[' or '*' would be read as a pattern.
		entries, _ := os.ReadDir(filepath.Join(dir, sub))
		for _, e := range entries {
			if filepath.Ext(e.Name()) != ".md" {
				continue
			}
			f := filepath.Join(dir, sub, e.Name())
			if key := agentFileRules(f); key != "" {
				out = append(out, Other{Kind: "permission", Name: key, Where: f, Effect: permissionEffect})
			}
		}
	}
	return out
}

// agentFileRules names the permission settings an OpenCode agent file's frontmatter holds. The
// frontmatter is split as a persona's is (personas.SplitFrontmatter: a byte order mark and CRLF
// line ends allowed, closed by a line that is exactly ---).
func agentFileRules(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	fm, _, ok := personas.SplitFrontmatter(data)
	if !ok {
		return ""
	}
	var keys []string
	for line := range strings.SplitSeq(fm, "\n") {
		for _, k := range []string{"permission", "tools"} {
			if strings.HasPrefix(line, k+":") {
				keys = append(keys, k)
			}
		}
	}
	return strings.Join(keys, ", ")
}
