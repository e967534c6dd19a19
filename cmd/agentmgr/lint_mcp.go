package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// lintMCP is the kind of the findings about MCP servers a persona leaves to "*".
const lintMCP = "mcp-catch-all"

// mcpServers lists the MCP servers Claude Code is configured with for the command's project:
// the nearest .mcp.json from the working directory up, and ~/.claude.json (its own servers and
// the project's). Names are sorted; a file that is missing or unreadable adds none.
func mcpServers(e *env) []string {
	seen := map[string]bool{}
	add := func(m map[string]json.RawMessage) {
		for name := range m {
			seen[name] = true
		}
	}
	for dir := e.cwd; dir != ""; {
		var f struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
		}
		if data, err := os.ReadFile(filepath.Join(dir, ".mcp.json")); err == nil && json.Unmarshal(data, &f) == nil {
			add(f.MCPServers)
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if home := e.getenv("HOME"); home != "" {
		var f struct {
			MCPServers map[string]json.RawMessage `json:"mcpServers"`
			Projects   map[string]struct {
				MCPServers map[string]json.RawMessage `json:"mcpServers"`
			} `json:"projects"`
		}
		if data, err := os.ReadFile(filepath.Join(home, ".claude.json")); err == nil && json.Unmarshal(data, &f) == nil {
			add(f.MCPServers)
			add(f.Projects[e.cwd].MCPServers)
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// mcpFindings says, for each persona, which configured MCP servers no rule of it names: their
// tools are decided by the catch-all "*" alone, so the gate asks for them while the persona
// restricts bash, edit or webfetch, whatever "*" says.
func mcpFindings(e *env, list []*personas.Persona) []lintJSON {
	servers := mcpServers(e)
	if len(servers) == 0 {
		return nil
	}
	var out []lintJSON
	for _, p := range list {
		var left []string
		for _, s := range servers {
			probe := "mcp__" + s + "__tool"
			named := false
			for _, r := range p.Rules {
				if r.Permission != "*" && engine.CompilePattern(r.Permission, engine.PatternOptions{}).Match(probe) {
					named = true
					break
				}
			}
			if !named {
				left = append(left, s)
			}
		}
		pol := engine.NewPolicy(p.Rules)
		for _, s := range left {
			msg := fmt.Sprintf("MCP server %q is left to the catch-all \"*\" (%s)", s, pol.Decide("mcp__"+s+"__tool", "").Action)
			if pol.Decide("mcp__"+s+"__tool", "").Action == engine.Allow {
				msg += ": its tools are tools agentmgr does not know, so the gate asks for them while the persona restricts bash, edit or webfetch"
			}
			out = append(out, lintJSON{Agent: p.Name, File: p.Path, Kind: lintMCP, Message: msg + fmt.Sprintf("; name mcp__%s__* (or its tools) to decide them as written", s)})
		}
	}
	return out
}
