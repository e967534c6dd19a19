package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestLintSaysWhichMCPServersAreLeftToTheCatchAll(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "open.md", "---\ndescription: open\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": deny\n  mcp__github__*: allow\n---\n")
	testfiles.Write(t, filepath.Join(e.cwd, ".mcp.json"), `{"mcpServers":{"github":{"command":"gh-mcp"},"fs":{"command":"fs-mcp"}}}`)
	testfiles.Write(t, filepath.Join(os.Getenv("HOME"), ".claude.json"), `{"mcpServers":{"web":{"type":"http","url":"https://x"}}}`)
	if code := run([]string{"lint", "open"}, e); code != 0 {
		t.Fatalf("lint exited %d: %s %s", code, out, errb)
	}
	for _, want := range []string{`MCP server "fs" is left to the catch-all "*" (allow)`, `MCP server "web" is left`, "the gate asks for them", "mcp__fs__*"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("lint printed\n%s\nwant %q", out, want)
		}
	}
	if strings.Contains(out.String(), `"github" is left`) {
		t.Errorf("lint reports github, which the persona names:\n%s", out)
	}
}
