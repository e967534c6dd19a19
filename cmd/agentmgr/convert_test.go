package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

const claudeSettings = `{"permissions":{"allow":["Bash(git diff:*)","Read"],"ask":["Bash(git push:*)"],"deny":["Bash(rm:*)","Read(./.env)"]}}`

const claudeAgent = `---
name: code-reviewer
description: Use this agent after a change. Examples: <example>user: review</example>
tools: Read, Grep, Bash
model: sonnet
---
You review code.
`

// writeFile writes content at dir/rel, creating folders.
func writeFile(t *testing.T, dir, rel, content string) string {
	t.Helper()
	p := filepath.Join(dir, rel)
	testfiles.Write(t, p, content)
	return p
}

// TestImportSettingsAcceptance imports the settings file through the CLI and checks
// the persona with agentmgr check, as a user would.
func TestImportSettingsAcceptance(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeFile(t, e.cwd, "proj/.claude/settings.json", claudeSettings)
	if code := run([]string{"import", "claude", "proj/.claude/settings.json", "--name", "acc"}, e); code != 0 {
		t.Fatalf("import exited %d\n%s\n%s", code, out, errb)
	}
	for _, c := range []struct{ tool, value, want string }{
		{"bash", "git diff HEAD", "allow"}, {"bash", "git push", "ask"}, {"bash", "rm -rf x", "deny"},
		{"read", ".env", "deny"}, {"read", "src/a.go", "allow"}, {"bash", "ls", "ask"},
	} {
		e2, out2, _ := testEnvKeep(t, e)
		run([]string{"check", "--agent", "acc", c.tool, c.value}, e2)
		if !strings.HasPrefix(out2.String(), c.want) {
			t.Errorf("check %s %q: got %q, want %s", c.tool, c.value, out2, c.want)
		}
	}
}

// testEnvKeep is a fresh env (new buffers) over the same folders as e.
func testEnvKeep(t *testing.T, e *env) (*env, *strings.Builder, *strings.Builder) {
	t.Helper()
	var out, errb strings.Builder
	return &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, cwd: e.cwd, getenv: e.getenv}, &out, &errb
}

func TestImportCommand(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
		wrote  []string // persona files that must exist afterwards
		absent []string
	}{
		{name: "subagent folder", args: []string{"import", "claude", "proj/.claude/agents"}, stdout: []string{"-> code-reviewer", "x-claude.model", "frontmatter"},
			wrote: []string{"code-reviewer.md"}},
		{name: "a .claude folder: subagents and settings", args: []string{"import", "claude", "proj/.claude", "--scope", "global"},
			stdout: []string{"-> code-reviewer", "-> claude-settings"}, wrote: []string{"code-reviewer.md", "claude-settings.md"}},
		{name: "kilo code modes", args: []string{"import", "roo", "proj/.kilocodemodes"}, stdout: []string{"-> kilo-mode", "rules files (1"}, wrote: []string{"kilo-mode.md"}},
		{name: "project scope without a project", args: []string{"import", "opcode", "proj/good.opcode.json", "--scope", "project"}, code: 1,
			stderr: []string{"no project persona folder"}},
		{name: "dry run writes nothing", args: []string{"import", "claude", "proj/.claude/agents", "--dry-run"}, stdout: []string{"(not written)", "bash: ask"},
			absent: []string{"code-reviewer.md"}},
		{name: "merged settings", args: []string{"import", "claude", "proj/.claude/agents/reviewer.md", "--with-settings", "proj/.claude/settings.json"},
			stdout: []string{"permissions (5 rules"}, wrote: []string{"code-reviewer.md"}},
		{name: "unknown format", args: []string{"import", "cursor", "x"}, code: 2, stderr: []string{`unknown format "cursor"`}},
		{name: "missing path", args: []string{"import", "claude"}, code: 2},
		{name: "name for several", args: []string{"import", "claude", "proj/.claude/agents", "proj/.claude/settings.json", "--name", "x"}, code: 2,
			stderr: []string{"--name names one persona"}},
		{name: "bad file fails, others import", args: []string{"import", "opcode", "proj/bad.opcode.json", "proj/good.opcode.json"}, code: 1,
			stderr: []string{"bad.opcode.json"}, wrote: []string{"helper.md"}},
		{name: "json report", args: []string{"import", "roo", "proj/.roomodes", "--json", "--dry-run"}, stdout: []string{`"enforced_by": "file"`, `"target": "docs-writer"`, `"written": false`, `"fidelity": {`, `"rules": 2`, `"exact": 2`}},
		{name: "text report gives the source's fidelity", args: []string{"import", "roo", "proj/.roomodes", "--dry-run"}, stdout: []string{"fidelity: 2 of 2 rules enforced as written, 0 stricter, 0 looser, 0 lost"}},
		{name: "a built-in name is refused", args: []string{"import", "opencode", "proj/.opencode/agents/planner.md"}, code: 1, stderr: []string{"built-in"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, out, errb := testEnv(t, "")
			writeFile(t, e.cwd, "proj/.claude/agents/reviewer.md", claudeAgent)
			writeFile(t, e.cwd, "proj/.claude/settings.json", claudeSettings)
			writeFile(t, e.cwd, "proj/bad.opcode.json", `{"version":1,"agent":`)
			writeFile(t, e.cwd, "proj/good.opcode.json", `{"version":1,"exported_at":"2025-01-01","agent":{"name":"Helper","icon":"bot","model":"sonnet","system_prompt":"You help. Always.","default_task":"help"}}`)
			writeFile(t, e.cwd, "proj/.roomodes", "customModes:\n  - slug: docs-writer\n    name: \"📝 Docs\"\n    roleDefinition: You write docs.\n    groups: [read, [edit, {fileRegex: \"\\\\.md$\"}]]\n")
			writeFile(t, e.cwd, "proj/.opencode/agents/planner.md", "---\ndescription: mine\n---\nx\n")
			writeFile(t, e.cwd, "proj/.kilocodemodes", "customModes:\n  - {slug: kilo-mode, name: K, roleDefinition: You are k., groups: [read]}\n")
			writeFile(t, e.cwd, "proj/.kilocode/rules-kilo-mode/01.md", "Be kind.\n")
			code := run(tt.args, e)
			if code != tt.code {
				t.Errorf("agentmgr %v exited %d, want %d\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out, errb)
			}
			for _, s := range tt.stdout {
				if !strings.Contains(out.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tt.stderr {
				if !strings.Contains(errb.String(), s) {
					t.Errorf("stderr lacks %q:\n%s", s, errb)
				}
			}
			agents := filepath.Join(os.Getenv("PI_CODING_AGENT_DIR"), "agents")
			for _, f := range tt.wrote {
				if _, err := os.Stat(filepath.Join(agents, f)); err != nil {
					t.Errorf("%s was not written: %v", f, err)
				}
			}
			for _, f := range tt.absent {
				if _, err := os.Stat(filepath.Join(agents, f)); err == nil {
					t.Errorf("%s was written", f)
				}
			}
		})
	}
}

// TestImportNeverOverwrites: a second import of the same name is refused, and --force moves
// the old file to the trash.
func TestImportNeverOverwrites(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeFile(t, e.cwd, "s.json", claudeSettings)
	old := writeAgent(t, "acc.md", "---\ndescription: mine\npermissions: read\n---\nMine.\n")
	if code := run([]string{"import", "claude", "s.json", "--name", "acc"}, e); code != 1 || !strings.Contains(errb.String(), "already exists") {
		t.Fatalf("import over an existing persona exited %d, want 1 with a clear message\n%s\n%s", code, out, errb)
	}
	if b, _ := os.ReadFile(old); !strings.Contains(string(b), "Mine.") {
		t.Fatalf("the existing persona was changed:\n%s", b)
	}
	e2, out2, errb2 := testEnvKeep(t, e)
	if code := run([]string{"import", "claude", "s.json", "--name", "acc", "--force"}, e2); code != 0 {
		t.Fatalf("--force exited %d\n%s\n%s", code, out2, errb2)
	}
	if b, _ := os.ReadFile(old); !strings.Contains(string(b), "git diff *") {
		t.Errorf("--force did not write the imported persona:\n%s", b)
	}
	e3, out3, _ := testEnvKeep(t, e)
	run([]string{"restore"}, e3)
	if !strings.Contains(out3.String(), "acc") {
		t.Errorf("the replaced persona is not in the trash: %s", out3)
	}
}

func TestExportCommand(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "reviewer.md", reviewer)
	if code := run([]string{"export", "reviewer", "--to", "claude", "--out", "out", "--json"}, e); code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", code, out, errb)
	}
	var res struct {
		Reports []struct {
			EnforcedBy string `json:"enforced_by"`
		} `json:"reports"`
		Files []struct{ Path string } `json:"files"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil || len(res.Reports) != 1 || res.Reports[0].EnforcedBy != "gate" || len(res.Files) != 2 {
		t.Fatalf("export --json: %v\n%s", err, out)
	}
	md, err := os.ReadFile(filepath.Join(e.cwd, "out", "agents", "reviewer.md"))
	if err != nil || !strings.Contains(string(md), " gate claude --agent reviewer") || !strings.Contains(string(md), "tools: Bash,") || !strings.Contains(string(md), " Read,") {
		t.Fatalf("subagent file: %v\n%s", err, md)
	}
	// The hook names this binary by absolute path, has a timeout, and blocks when it cannot run;
	// a test binary is a build that will not last, and export says so.
	self, _ := selfPath("")
	for _, want := range []string{self, "timeout: 130", "exit 2", "PreSkillShellCommand"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("the exported hook lacks %q:\n%s", want, md)
		}
	}
	if !strings.Contains(errb.String(), "will not last") {
		t.Errorf("export did not warn that a test build will not last: %q", errb.String())
	}
	// A second export refuses to replace the files.
	e2, out2, errb2 := testEnvKeep(t, e)
	if code := run([]string{"export", "reviewer", "--to", "claude", "--out", "out"}, e2); code != 1 || !strings.Contains(errb2.String(), "already exists") {
		t.Errorf("second export exited %d\n%s\n%s", code, out2, errb2)
	}
	// Round trip: the exported subagent imports back with the same rules.
	e3, out3, errb3 := testEnvKeep(t, e)
	if code := run([]string{"import", "claude", "out/agents/reviewer.md", "--name", "reviewer2"}, e3); code != 0 {
		t.Fatalf("import back exited %d\n%s\n%s", code, out3, errb3)
	}
	e4, out4, _ := testEnvKeep(t, e)
	run([]string{"check", "--agent", "reviewer2", "bash", "git diff HEAD"}, e4)
	if !strings.HasPrefix(out4.String(), "allow") {
		t.Errorf("round trip: git diff HEAD is %q, want allow", out4)
	}
	for _, args := range [][]string{{"export", "reviewer"}, {"export", "reviewer", "--to", "cursor"}, {"export", "--to", "roo"}} {
		e5, _, _ := testEnvKeep(t, e)
		if code := run(args, e5); code != 2 {
			t.Errorf("agentmgr %v exited %d, want 2", args, code)
		}
	}
	e6, _, errb6 := testEnvKeep(t, e)
	if code := run([]string{"export", "nobody", "--to", "roo", "--dry-run"}, e6); code != 1 {
		t.Errorf("export of an unknown persona exited %d: %s", code, errb6)
	}
}

// TestExportKiloAndFidelity: --to kilo writes .kilocodemodes (a slug without _), the agent
// file for the tools outside the groups, and every report ends with a fidelity figure.
func TestExportKiloAndFidelity(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "docs_helper.md", "---\ndescription: Docs\npermissions:\n  \"*\": deny\n  read: allow\n  webfetch:\n    \"*\": deny\n    \"https://go.dev/*\": allow\n---\nDocs.\n")
	if code := run([]string{"export", "docs_helper", "--to", "kilo", "--out", "out"}, e); code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", code, out, errb)
	}
	modes, err := os.ReadFile(filepath.Join(e.cwd, "out", ".kilocodemodes"))
	if err != nil || !strings.Contains(string(modes), "slug: docs-helper") || strings.Contains(string(modes), "browser") {
		t.Fatalf(".kilocodemodes: %v\n%s", err, modes)
	}
	if _, err := os.Stat(filepath.Join(e.cwd, "out", ".kilo", "agents", "docs-helper.md")); err != nil {
		t.Errorf("no agent file for the tools outside the groups: %v", err)
	}
	if !strings.Contains(out.String(), "fidelity: ") || !strings.Contains(out.String(), "changed: name: docs_helper -> docs-helper") {
		t.Errorf("report lacks the fidelity figure or the slug change:\n%s", out)
	}
	e2, out2, errb2 := testEnvKeep(t, e)
	if code := run([]string{"export", "docs_helper", "--to", "opencode", "--dry-run"}, e2); code != 0 {
		t.Fatalf("opencode export exited %d\n%s\n%s", code, out2, errb2)
	}
	if !strings.Contains(out2.String(), "webfetch: deny") || !strings.Contains(out2.String(), "fidelity: 3 of 4 rules") {
		t.Errorf("opencode export: webfetch must be one action and the figure count the allow as stricter:\n%s", out2)
	}
}

// TestCodexRoundTrip: --to codex writes rules/NAME.rules with prefix rules, and importing the
// file back gives a persona that decides the rules' commands as Codex does.
func TestCodexRoundTrip(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "guard.md", "---\ndescription: Guard\npermissions:\n  \"*\": ask\n  bash:\n    \"*\": ask\n    \"git status\": allow\n    \"git log *\": allow\n    \"rm *\": deny\n    \"git * --force\": deny\n---\nGuard.\n")
	if code := run([]string{"export", "guard", "--to", "codex", "--out", "out"}, e); code != 0 {
		t.Fatalf("export exited %d\n%s\n%s", code, out, errb)
	}
	rules, err := os.ReadFile(filepath.Join(e.cwd, "out", "rules", "guard.rules"))
	if err != nil || !strings.Contains(string(rules), `pattern = ["rm"],`) || !strings.Contains(string(rules), `decision = "forbidden"`) {
		t.Fatalf("rules file: %v\n%s", err, rules)
	}
	if !strings.Contains(out.String(), `lost:    bash "git * --force" deny`) {
		t.Errorf("the mid-pattern wildcard is not reported lost:\n%s", out)
	}
	e2, out2, errb2 := testEnvKeep(t, e)
	if code := run([]string{"import", "codex", "out/rules/guard.rules", "--name", "guard2"}, e2); code != 0 {
		t.Fatalf("import exited %d\n%s\n%s", code, out2, errb2)
	}
	for cmd, want := range map[string]string{"rm -rf x": "deny", "git log -1": "allow", "git status": "allow", "ls": "ask"} {
		e3, out3, _ := testEnvKeep(t, e)
		run([]string{"check", "--agent", "guard2", "bash", cmd}, e3)
		if !strings.HasPrefix(out3.String(), want) {
			t.Errorf("%s: %q, want %s", cmd, out3, want)
		}
	}
}
