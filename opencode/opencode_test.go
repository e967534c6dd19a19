package opencode

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/jsonc"
	"github.com/agentmgr/agentmgr/internal/ownedfile/ownedfiletest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// OpenCode loads the plugin as it is, without installing packages for it: it may import
// Node's own modules only.
func TestPluginImportsNothingButNode(t *testing.T) {
	for _, line := range strings.Split(source, "\n") {
		if strings.HasPrefix(line, "import ") && !strings.Contains(line, `from "node:`) {
			t.Errorf("the plugin imports a package: %s", line)
		}
	}
	if !strings.Contains(source, `"tool.execute.before"`) {
		t.Error("the plugin does not hook tool.execute.before")
	}
}

// The plugin passes the contract of agentmgr's files in other programs' folders.
func TestPluginContract(t *testing.T) { ownedfiletest.Run(t, contract) }

var contract = ownedfiletest.Runtime{
	Header: Header, Noun: "plugin", Render: Render, Parse: Parse, Path: Path, Install: Install, Uninstall: Uninstall,
	NotOurs: "export const X = async () => ({})\n",
	Neighbours: []ownedfiletest.Neighbour{{Path: "opencode.json", Content: "{}\n"},
		{Path: filepath.Join(DirName, "other.js"), Content: "export const Other = async () => ({})\n"}},
}

func TestFindDirs(t *testing.T) {
	home := t.TempDir()
	root := filepath.Join(home, "repo")
	testfiles.Write(t, filepath.Join(root, ".git", "HEAD"), "ref: refs/heads/main\n")
	sub := filepath.Join(root, "src", "deep")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

	d := FindDirs(env(nil), home, sub)
	if d.Global != filepath.Join(home, ".config", "opencode") || d.Root != root || d.Project != filepath.Join(root, ".opencode") {
		t.Errorf("FindDirs without .opencode = %+v; want the root's .opencode and ~/.config/opencode", d)
	}
	if err := os.MkdirAll(filepath.Join(root, "src", ".opencode"), 0o755); err != nil {
		t.Fatal(err)
	}
	d = FindDirs(env(map[string]string{"XDG_CONFIG_HOME": filepath.Join(home, "cfg")}), home, sub)
	if d.Global != filepath.Join(home, "cfg", "opencode") || d.Project != filepath.Join(root, "src", ".opencode") {
		t.Errorf("FindDirs = %+v; want the nearest .opencode and $XDG_CONFIG_HOME/opencode", d)
	}
	if d := FindDirs(env(map[string]string{"XDG_CONFIG_HOME": "relative"}), home, sub); d.Global != filepath.Join(home, ".config", "opencode") {
		t.Errorf("a relative XDG_CONFIG_HOME is ignored, as the XDG spec says: %+v", d)
	}
	if d := FindDirs(env(map[string]string{"OPENCODE_CONFIG_DIR": "/etc/oc"}), home, sub); d.Extra != "/etc/oc" {
		t.Errorf("FindDirs = %+v; want $OPENCODE_CONFIG_DIR as the extra folder", d)
	}
}

func TestStatus(t *testing.T) {
	home := t.TempDir()
	bin := filepath.Join(home, "agentmgr")
	testfiles.Write(t, bin, "binary")
	d := Dirs{Global: filepath.Join(home, ".config", "opencode"), Project: filepath.Join(home, "proj", ".opencode"), Root: filepath.Join(home, "proj")}

	r := Status(d, bin, "2.0")
	if r.Global.Installed || r.Project == nil || r.Project.Installed || r.Active() || !hasAdvice(r, "not installed") {
		t.Fatalf("nothing installed: %+v", r)
	}
	if _, err := Install(d.Global, bin, "1.0"); err != nil {
		t.Fatal(err)
	}
	r = Status(d, bin, "2.0")
	if !r.Global.Installed || r.Global.Current || r.Global.Version != "1.0" || r.Global.Binary != bin || !r.Active() || !hasAdvice(r, "to update it") {
		t.Fatalf("an older plugin: %+v", r)
	}
	if _, err := Install(d.Global, bin, "2.0"); err != nil {
		t.Fatal(err)
	}
	if r = Status(d, bin, "2.0"); !r.Global.Current || len(r.Advice) != 0 {
		t.Fatalf("a current plugin: %+v", r)
	}
	if _, err := Install(d.Project, bin, "2.0"); err != nil {
		t.Fatal(err)
	}
	if r = Status(d, bin, "2.0"); !hasAdvice(r, "both globally and in the project") {
		t.Fatalf("two plugins: %+v", r)
	}
	if err := os.Remove(bin); err != nil {
		t.Fatal(err)
	}
	if r = Status(d, bin, "2.0"); !r.Global.BinaryMissing || r.Active() || !hasAdvice(r, "which is gone") {
		t.Fatalf("a missing binary: %+v", r)
	}
	data, err := json.Marshal(r)
	if err != nil || !strings.Contains(string(data), `"binaryMissing":true`) {
		t.Errorf("status --json = %s, %v", data, err)
	}
}

func TestOthers(t *testing.T) {
	home := t.TempDir()
	d := Dirs{Global: filepath.Join(home, ".config", "opencode"), Project: filepath.Join(home, "proj", ".opencode"), Root: filepath.Join(home, "proj")}
	testfiles.Write(t, Path(d.Global), string(Render("/a/agentmgr", "1")))
	testfiles.Write(t, filepath.Join(d.Global, "plugin", "guard.ts"), `export const G = async () => ({"tool.execute.before": async () => {}})`)
	testfiles.Write(t, filepath.Join(d.Global, "plugins", "notify.js"), `export const N = async () => ({event: async () => {}})`)
	testfiles.Write(t, filepath.Join(d.Global, "opencode.jsonc"), "{\n  // mine\n  \"plugin\": [\"opencode-guard@1.0\", [\"other\", {\"x\": 1}],],\n}\n")
	testfiles.Write(t, filepath.Join(d.Root, "opencode.json"), `{"permission": {"bash": "ask"}, "agent": {"plan": {"tools": {"write": false}}, "build": {"permission": {"edit": "deny"}}}}`)
	testfiles.Write(t, filepath.Join(d.Project, "agent", "review.md"), "---\ndescription: Reviews\npermission:\n  edit: deny\n---\n")
	testfiles.Write(t, filepath.Join(d.Project, "agent", "plain.md"), "---\ndescription: Plain\n---\n")
	d.Extra = filepath.Join(home, "extra")
	testfiles.Write(t, filepath.Join(d.Extra, "opencode.json"), `{"permission": "allow"}`)
	got := Others(d)
	want := []struct{ kind, name, where string }{
		{"plugin", "guard.ts", filepath.Join(d.Global, "plugin", "guard.ts")},
		{"permission", "permission", filepath.Join(d.Project, "agent", "review.md")},
		{"plugin", "opencode-guard@1.0", filepath.Join(d.Global, "opencode.jsonc")},
		{"plugin", "other", filepath.Join(d.Global, "opencode.jsonc")},
		{"permission", "permission", filepath.Join(d.Root, "opencode.json")},
		{"permission", "agent.build.permission", filepath.Join(d.Root, "opencode.json")},
		{"permission", "agent.plan.tools", filepath.Join(d.Root, "opencode.json")},
		{"permission", "permission", filepath.Join(d.Extra, "opencode.json")},
	}
	if len(got) != len(want) {
		t.Fatalf("Others = %+v, want %d", got, len(want))
	}
	for i, w := range want {
		if got[i].Kind != w.kind || got[i].Name != w.name || got[i].Where != w.where || got[i].Effect == "" {
			t.Errorf("Others[%d] = %+v, want %s %s in %s", i, got[i], w.kind, w.name, w.where)
		}
	}
}

func TestStripJSONC(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a": 1, // x` + "\n" + `"b": "//not a comment", /* c */ "c": [1, 2,],}`, `{"a":1,"b":"//not a comment","c":[1,2]}`},
		{`{"s": "a \" /* b */"}`, `{"s":"a \" /* b */"}`},
	}
	for _, tt := range tests {
		var v any
		if err := json.Unmarshal(jsonc.Strip([]byte(tt.in)), &v); err != nil {
			t.Errorf("stripJSONC(%q) is not JSON: %v", tt.in, err)
			continue
		}
		got, _ := json.Marshal(v)
		var w any
		_ = json.Unmarshal([]byte(tt.want), &w)
		want, _ := json.Marshal(w)
		if string(got) != string(want) {
			t.Errorf("stripJSONC(%q) = %s, want %s", tt.in, got, want)
		}
	}
}

// hasAdvice reports whether one of r's sentences of advice holds s.
func hasAdvice(r Report, s string) bool {
	return slices.ContainsFunc(r.Advice, func(a string) bool { return strings.Contains(a, s) })
}

// An agent file's frontmatter is split as a persona's is: a byte order mark and CRLF line ends
// are read, a key of the body or of a nested map is not a setting, and a frontmatter never
// closed holds none.
func TestAgentFileRulesReadsTheFrontmatterAsAPersonaIs(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, text, want string }{
		{"permission", "---\ndescription: x\npermission:\n  edit: deny\n---\nbody\n", "permission"},
		{"both keys", "---\ntools:\n  write: false\npermission:\n  bash: ask\n---\n", "tools, permission"},
		{"CRLF line ends", "---\r\ndescription: x\r\npermission:\r\n  edit: deny\r\n---\r\n", "permission"},
		{"a byte order mark", "\xef\xbb\xbf---\npermission:\n  edit: deny\n---\n", "permission"},
		{"a key in the body", "---\ndescription: x\n---\npermission: is only text here\n", ""},
		{"a nested key", "---\noptions:\n  permission: x\n---\n", ""},
		{"never closed", "---\npermission:\n  edit: deny\n", ""},
		{"no frontmatter", "permission: deny\n", ""},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		path := filepath.Join(dir, fmt.Sprintf("a%d.md", i))
		testfiles.Write(t, path, tt.text)
		if got := agentFileRules(path); got != tt.want {
			t.Errorf("%s: agentFileRules = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// Agent files are found in a folder whose name holds glob characters.
func TestOthersInAFolderNamedWithGlobCharacters(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	d := Dirs{Global: filepath.Join(home, "conf[1]*"), Project: filepath.Join(home, "proj[x]", ".opencode")}
	testfiles.Write(t, filepath.Join(d.Project, "agent", "review.md"), "---\ndescription: Reviews\npermission:\n  edit: deny\n---\n")
	got := Others(d)
	if len(got) != 1 || got[0].Where != filepath.Join(d.Project, "agent", "review.md") {
		t.Errorf("Others = %+v, want the review agent's permission", got)
	}
}
