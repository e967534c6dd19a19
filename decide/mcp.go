package decide

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/mapping"
)

// MCPCall is what a call of pi's MCP adapter tool (pi-mcp-adapter's `mcp`) asks for, read from
// its input: the targets the mcp key's rules are matched on, most specific first, as
// pi-permission-system derives them (server_tool, server:tool, the server, the tool, the
// reference as given, then the kind of call: mcp_call, mcp_describe, mcp_search, mcp_list,
// mcp_connect or mcp_status, and last "mcp"); the Claude Code name of the tool
// (mcp__server__tool) when the input names both; and the path its arguments name.
type MCPCall struct {
	Targets []string
	Claude  string
	Path    string
}

// ReadMCPCall reads the input of a call of the MCP adapter tool. Fields it does not use, or
// that are no strings, are left alone: the call is then decided on what is left (mcp_status
// for an empty input).
func ReadMCPCall(input json.RawMessage) MCPCall {
	var fields map[string]json.RawMessage
	if len(input) > 0 && json.Unmarshal(input, &fields) != nil {
		fields = nil
	}
	str := func(name string) string {
		var s string
		if raw, ok := fields[name]; ok && json.Unmarshal(raw, &s) == nil {
			return strings.TrimSpace(s)
		}
		return ""
	}
	var c MCPCall
	add := func(t string) {
		if t != "" && !slices.Contains(c.Targets, t) {
			c.Targets = append(c.Targets, t)
		}
	}
	server := str("server")
	toolTargets := func(ref string) {
		srv, tool := server, ref
		if s, t, ok := strings.Cut(ref, ":"); ok && s != "" && t != "" {
			if srv == "" {
				srv = strings.TrimSpace(s)
			}
			tool = strings.TrimSpace(t)
		}
		if srv != "" {
			add(srv + "_" + tool)
			add(srv + ":" + tool)
			add(srv)
			c.Claude = mapping.MCPKey(srv, tool)
		}
		add(tool)
		add(ref)
	}
	switch tool, connect, describe, search := str("tool"), str("connect"), str("describe"), str("search"); {
	case tool != "":
		toolTargets(tool)
		add("mcp_call")
	case connect != "":
		add("mcp_connect_" + connect)
		add(connect)
		add("mcp_connect")
	case describe != "":
		toolTargets(describe)
		add("mcp_describe")
	case search != "":
		if server != "" {
			add("mcp_server_" + server)
			add(server)
		}
		add(search)
		add("mcp_search")
	case server != "":
		add("mcp_server_" + server)
		add(server)
		add("mcp_list")
	default:
		add("mcp_status")
	}
	add(mapping.MCPAdapterKey)
	var args map[string]json.RawMessage
	if raw, ok := fields["arguments"]; ok && json.Unmarshal(raw, &args) == nil {
		var p string
		if raw, ok := args["path"]; ok && json.Unmarshal(raw, &p) == nil {
			c.Path = strings.TrimSpace(p)
		}
	}
	return c
}
