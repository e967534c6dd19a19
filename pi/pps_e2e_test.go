package pi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// TestRealPiWithAnImportedPiPermissionSystemConfig: a pi-permission-system user's config,
// imported with `agentmgr import pps`, decides the real pi's calls through the extension: its
// path rule holds for a read and a command, its MCP rules for the adapter's calls, its skill
// rules for /skill:NAME and the skills the model is told about.
func TestRealPiWithAnImportedPiPermissionSystemConfig(t *testing.T) {
	w := newWorld(t)
	testfiles.Write(t, filepath.Join(w.Agent, "extensions", "pi-permission-system", "config.json"), `{
  "permission": {
    "*": "allow",
    "path": {"*": "allow", "*.env": "deny"},
    "bash": {"*": "allow"},
    "mcp": {"*": "ask", "exa_*": "allow", "dangerousServer_*": "deny"},
    "skill": {"*": "allow", "secret-*": "deny"}
  }
}`)
	testfiles.Write(t, filepath.Join(w.Project, ".env"), "TOKEN=x\n")
	for _, s := range []string{"secret-deploy", "notes"} {
		testfiles.Write(t, filepath.Join(w.Agent, "skills", s, "SKILL.md"), "---\nname: "+s+"\ndescription: The "+s+" skill, for tests.\n---\nDo the "+s+" thing.\n")
	}
	w.Agentmgr("import", "pps")
	w.Agentmgr("use", "pps")
	if out := w.Agentmgr("pi", "install"); !strings.HasPrefix(out, "installed ") {
		t.Fatalf("pi install: %s", out)
	}
	mcp, _ := filepath.Abs(filepath.Join("testdata", "mcptool.ts"))
	w.extensions = append(w.extensions, mcp)
	p := w.startRPC()

	for _, tc := range []struct {
		name, call string
		blocked    bool
		says       string
	}{
		{"a read of .env meets the path deny", call("read", map[string]string{"path": ".env"}), true, `"path" "*.env" deny`},
		{"a command naming .env meets it too", call("bash", map[string]string{"command": "cat .env"}), true, `"path" "*.env" deny`},
		{"an ordinary read runs", call("read", map[string]string{"path": "hello.txt"}), false, "hello from the project"},
		{"an MCP server's deny holds", call("mcp", map[string]string{"tool": "dangerousServer:run"}), true, "dangerousServer"},
		{"an MCP tool a rule allows runs", call("mcp", map[string]string{"tool": "exa:search"}), false, "mcp called exa:search"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			isErr, text := toolEnd(t, p.prompt(tc.call))
			if isErr != tc.blocked || !strings.Contains(text, tc.says) {
				t.Fatalf("%s ended isError=%v %q; want blocked=%v saying %q", tc.call, isErr, text, tc.blocked, tc.says)
			}
		})
	}

	t.Run("a denied skill is left out of the prompt and /skill:NAME is blocked", func(t *testing.T) {
		sys := reply(p.prompt("SYSTEM"))
		if !strings.Contains(sys, "notes") || strings.Contains(sys, "secret-deploy") {
			t.Errorf("the system prompt's skills: want notes and not secret-deploy:\n%s", sys)
		}
		p.notices = nil
		p.command("/skill:secret-deploy")
		if !strings.Contains(strings.Join(p.notices, "\n"), `"skill" "secret-*" deny`) {
			t.Errorf("notices = %q; want the skill's deny", p.notices)
		}
	})
}
