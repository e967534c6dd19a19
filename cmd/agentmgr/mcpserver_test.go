package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// runAsMCP makes the test binary a tiny stdio MCP server when set in its environment (the
// value is a folder): the end-to-end test gives Claude Code an MCP server whose tools run a
// command, write a file and fetch a URL, to check that the gate decides them as bash, edit and
// webfetch. Every call that reaches the server leaves a file named for the tool in the folder,
// so the test can tell that a denied call never ran.
const runAsMCP = "AGENTMGR_TEST_MCP_DIR"

// mcpTools are the server's tools: name and the properties of their input.
var mcpTools = []struct {
	name  string
	props map[string]any
}{
	{"exec", map[string]any{"argv": map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}},
	{"shell", map[string]any{"command_line": map[string]any{"type": "string"}}},
	{"write_file", map[string]any{"path": map[string]any{"type": "string"}, "content": map[string]any{"type": "string"}}},
	{"fetch", map[string]any{"url": map[string]any{"type": "string"}}},
	{"status", map[string]any{}},
}

// serveMCP answers JSON-RPC lines on stdin until it closes.
func serveMCP(dir string) int {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				ProtocolVersion string `json:"protocolVersion"`
				Name            string `json:"name"`
			} `json:"params"`
		}
		if json.Unmarshal(in.Bytes(), &msg) != nil || len(msg.ID) == 0 {
			continue // a notification
		}
		var result any
		switch msg.Method {
		case "initialize":
			v := msg.Params.ProtocolVersion
			if v == "" {
				v = "2025-06-18"
			}
			result = map[string]any{"protocolVersion": v, "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "srv", "version": "1.0.0"}}
		case "tools/list":
			var tools []any
			for _, t := range mcpTools {
				tools = append(tools, map[string]any{"name": t.name, "description": "test tool " + t.name,
					"inputSchema": map[string]any{"type": "object", "properties": t.props}})
			}
			result = map[string]any{"tools": tools}
		case "tools/call":
			_ = os.WriteFile(filepath.Join(dir, "called-"+msg.Params.Name), nil, 0o644)
			result = map[string]any{"content": []any{map[string]any{"type": "text", "text": "mcp tool " + msg.Params.Name + " ran"}}}
		default:
			_ = out.Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "error": map[string]any{"code": -32601, "message": fmt.Sprintf("no method %s", msg.Method)}})
			continue
		}
		_ = out.Encode(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": result})
	}
	return 0
}
