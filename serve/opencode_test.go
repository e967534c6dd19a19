package serve

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// openCodeLine is a decide request of agentmgr's OpenCode plugin under chain.
func openCodeLine(id int, tool, input string, chain ...string) string {
	c, _ := json.Marshal(chain)
	return `{"id":` + itoa(id) + `,"type":"decide","session":"ses_1","runtime":"opencode","chain":` + string(c) +
		`,"tool":"` + tool + `","input":` + input + `}`
}

func TestDecideOpenCodeCalls(t *testing.T) {
	f := newFixture(t)
	persona := filepath.Join(f.dirs.Agent, "agents", "guarded.md")
	checkDecides(t, f, func(id int, tool, input string) string { return openCodeLine(id, tool, input) }, []decideCase{
		{"bash reads command", "bash", `{"command":"rm -rf /","description":"wipe","timeout":5}`, "deny", []string{`"rm *" deny`, persona + ":9"}, "rm -rf /"},
		{"bash -c is looked through", "bash", `{"command":"bash -c 'rm -rf x'"}`, "deny", []string{`"rm *" deny`}, "bash -c 'rm -rf x'"},
		{"read reads filePath", "read", `{"filePath":"/p/a.go","offset":1}`, "allow", []string{`"read" "*" allow`}, "/p/a.go"},
		{"write is an edit of filePath", "write", `{"filePath":"/p/a.go","content":"x"}`, "deny", []string{`deny edit "/p/a.go"`}, "/p/a.go"},
		{"edit is an edit of filePath", "edit", `{"filePath":"/p/a.go","oldString":"a","newString":"b"}`, "deny", []string{`edit "/p/a.go"`}, "/p/a.go"},
		{"a patch is an edit of each file it names", "apply_patch", `{"patchText":"*** Begin Patch\n*** Update File: a.go\n@@\n-x\n+y\n*** End Patch"}`, "deny", []string{`edit "a.go"`}, "a.go"},
		{"a patch naming no file asks at least", "apply_patch", `{"patchText":"nonsense"}`, "deny", nil, ""},
		{"glob is matched on its pattern", "glob", `{"pattern":"**/*.go"}`, "ask", []string{`glob "**/*.go"`}, "**/*.go"},
		{"webfetch reads url", "webfetch", `{"url":"https://example.com","format":"text"}`, "ask", []string{`webfetch "https://example.com"`}, "https://example.com"},
		{"task is decided on the subagent", "task", `{"description":"d","prompt":"p","subagent_type":"scout"}`, "ask", []string{`task "scout"`}, "scout"},
		{"an argument of the wrong type denies", "read", `{"filePath":["a"]}`, "deny", []string{`argument "filePath" of read is not a string`}, ""},
		{"a missing path asks at least", "read", `{}`, "ask", []string{"no path to decide on"}, ""},
		{"a tool of pi's spelling is OpenCode's", "READ", `{"filePath":"/p/b"}`, "allow", nil, "/p/b"},
	})
}

func TestDecideRefusesAnUnknownRuntimeOrAValue(t *testing.T) {
	f := newFixture(t)
	for _, line := range []string{
		`{"id":1,"type":"decide","session":"s1","runtime":"vscode","tool":"read","input":{"filePath":"a"}}`,
		`{"id":2,"type":"decide","session":"s1","runtime":"opencode","tool":"read","value":"a"}`,
	} {
		if r := f.one(t, line); r["action"] != "deny" {
			t.Errorf("%s: action = %v (%v), want deny", line, r["action"], r["reason"])
		}
	}
}

// The persona named like the OpenCode agent decides instead of the active one; a subagent's
// persona decides with its caller's, the strictest wins; a subagent without a persona is
// decided by its caller's.
func TestDecideOpenCodeChains(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "lister.md"), "---\ndescription: Lists, may delete\npermissions:\n  \"*\": allow\n  bash:\n    \"ls *\": deny\n---\n")
	tests := []struct {
		name   string
		chain  []string
		cmd    string
		action string
		agent  string // who decides, as the answer names them
		file   string // the persona file whose rule decided
	}{
		{"no chain: the active persona", nil, "ls", "allow", "guarded", "guarded"},
		{"an agent without a persona: the active one", []string{"build"}, "ls", "allow", "guarded", "guarded"},
		{"an agent named like a persona: that persona", []string{"lister"}, "rm x", "allow", "lister", "lister"},
		{"a subagent's persona binds it", []string{"build", "lister"}, "ls", "deny", "lister, with guarded", "lister"},
		{"the caller's persona binds the subagent", []string{"build", "lister"}, "rm x", "deny", "lister, with guarded", "guarded"},
		{"a subagent without a persona: the caller's", []string{"build", "general"}, "rm x", "deny", "guarded", "guarded"},
		{"the primary's persona binds its subagent", []string{"lister", "general"}, "ls", "deny", "lister", "lister"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := f.one(t, openCodeLine(i, "bash", `{"command":"`+tt.cmd+`"}`, tt.chain...))
			file := filepath.Join(f.dirs.Agent, "agents", tt.file+".md")
			if r["action"] != tt.action || r["agent"] != tt.agent || !strings.Contains(str(r["reason"]), file) {
				t.Errorf("%v %q = %v by %v (%v), want %s by %s, with the rule of %s", tt.chain, tt.cmd, r["action"], r["agent"], r["reason"], tt.action, tt.agent, file)
			}
		})
	}
}

func TestOpenCodeCallReadsFoldersAndSideCommands(t *testing.T) {
	tests := []struct {
		tool, input string
		want        decide.Call
	}{
		{"grep", `{"pattern":"secret","path":"/etc","include":"*.conf"}`,
			decide.Call{Tool: "grep", Key: "grep", Value: "secret", Folders: []string{"/etc"}}},
		{"apply_patch", `{"patchText":"*** Add File: a\n*** Update File: b\n*** Move to: c\n*** Delete File: a\n"}`,
			decide.Call{Tool: "apply_patch", Key: "edit", Value: "a", Folders: []string{"b", "c"}}},
		{"github_run", `{"command":"rm -rf /"}`,
			decide.Call{Tool: "github_run", Key: "github_run", Command: "rm -rf /", HasCommand: true}},
		{"bash", `{}`, decide.Call{Tool: "bash", Key: "bash", NoValue: true}},
	}
	for _, tt := range tests {
		c, err := openCodeCall(Request{Tool: tt.tool, Input: json.RawMessage(tt.input)})
		tt.want.Client = decide.ClientJSON
		if err != nil || c.Tool != tt.want.Tool || c.Key != tt.want.Key || c.Value != tt.want.Value || !slices.Equal(c.Folders, tt.want.Folders) ||
			c.Command != tt.want.Command || c.HasCommand != tt.want.HasCommand || c.NoValue != tt.want.NoValue {
			t.Errorf("openCodeCall(%s %s) = %+v, %v; want %+v", tt.tool, tt.input, c, err, tt.want)
		}
	}
}

func FuzzOpenCodeCall(f *testing.F) {
	for _, s := range []string{`{"filePath":"a"}`, `{"patchText":"*** Update File: x\n"}`, `{"command":3}`, `[]`, `null`, `{"pattern":"*","path":null}`} {
		f.Add("read", s)
		f.Add("apply_patch", s)
		f.Add("grep", s)
	}
	f.Fuzz(func(t *testing.T, tool, input string) {
		c, err := openCodeCall(Request{Tool: tool, Input: json.RawMessage(input)})
		if err == nil && c.Key == "" && tool != "" {
			t.Fatalf("openCodeCall(%q, %q) has no key", tool, input)
		}
	})
}

// OpenCode's calls are decided exactly as pi's calls of the same tools: only the argument
// names differ.
func TestOpenCodeAndPiDecideAlike(t *testing.T) {
	f := newFixture(t)
	pairs := []struct{ piTool, piInput, ocTool, ocInput string }{
		{"bash", `{"command":"git status && rm -rf /"}`, "bash", `{"command":"git status && rm -rf /","description":"x"}`},
		{"bash", `{"command":"ls -la"}`, "bash", `{"command":"ls -la"}`},
		{"read", `{"path":"/etc/passwd"}`, "read", `{"filePath":"/etc/passwd"}`},
		{"write", `{"path":"a.go","content":"x"}`, "write", `{"filePath":"a.go","content":"x"}`},
		{"edit", `{"path":"a.go"}`, "edit", `{"filePath":"a.go","oldString":"a","newString":"b"}`},
		{"fetch_content", `{"url":"https://example.com"}`, "webfetch", `{"url":"https://example.com"}`},
		{"subagent", `{}`, "task", `{"subagent_type":""}`},
	}
	for i, p := range pairs {
		pi := f.one(t, decideLine(2*i, p.piTool, p.piInput))
		oc := f.one(t, openCodeLine(2*i+1, p.ocTool, p.ocInput))
		for _, k := range []string{"action", "permission", "value", "source", "rule"} {
			if a, b := jsonOf(pi[k]), jsonOf(oc[k]); a != b {
				t.Errorf("%s %s vs %s %s: %s = %s (pi) and %s (OpenCode)", p.piTool, p.piInput, p.ocTool, p.ocInput, k, a, b)
			}
		}
	}
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// OpenCode's own tools are tools agentmgr knows: under builder ("*" allow, rm asks) they are
// allowed, while a tool nobody knows asks because the persona restricts bash.
func TestOpenCodeToolsAreKnownTools(t *testing.T) {
	f := newFixture(t)
	f.use(t, "builder")
	for i, tt := range []struct{ tool, input, action string }{
		{"todowrite", `{"todos":[]}`, "allow"},
		{"todoread", `{}`, "allow"},
		{"skill", `{"name":"release"}`, "allow"},
		{"mymcp_exec", `{"note":"x"}`, "ask"},
	} {
		if r := f.one(t, openCodeLine(i, tt.tool, tt.input)); r["action"] != tt.action {
			t.Errorf("%s: action = %v, want %s (reason %v)", tt.tool, r["action"], tt.action, r["reason"])
		}
	}
}
