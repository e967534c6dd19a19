package convert

import (
	"fmt"
	"testing"
)

// TestExportFidelity checks the rule-by-rule figure of the Claude Code and Gemini exports.
func TestExportFidelity(t *testing.T) {
	tests := []struct {
		name     string
		format   string
		perms    string
		fidelity string
	}{
		{name: "claude: the hook enforces every rule, even one the settings cannot name",
			format:   "claude",
			perms:    "  \"*\":\n    \"*\": ask\n    \"foo*\": deny\n  webfetch:\n    \"https://*.example.com/x\": allow\n",
			fidelity: "3 of 3 rules enforced as written, 0 stricter, 0 looser, 0 lost"},
		{name: "gemini: a pattern over every tool is lost",
			format:   "gemini",
			perms:    "  \"*\":\n    \"*\": ask\n    \"foo*\": deny\n",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 0 looser, 1 lost"},
		{name: "gemini: a webfetch deny matched in the prompt is stricter",
			format:   "gemini",
			perms:    "  \"*\": ask\n  webfetch:\n    \"https://example.com/*\": deny\n",
			fidelity: "1 of 2 rules enforced as written, 1 stricter, 0 looser, 0 lost"},
		{name: "gemini: a webfetch allow matched in the prompt is looser",
			format:   "gemini",
			perms:    "  \"*\": ask\n  webfetch:\n    \"https://example.com/*\": allow\n",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 1 looser, 0 lost"},
		{name: "gemini: a relative path pattern is anchored, counted looser",
			format:   "gemini",
			perms:    "  \"*\": ask\n  edit:\n    \"src/*\": allow\n",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 1 looser, 0 lost"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := exportReport(t, tt.format, tt.perms)
			if rep.Fidelity == nil {
				t.Fatalf("no fidelity figure: %+v", rep)
			}
			if got := rep.Fidelity.String(); got != tt.fidelity {
				t.Errorf("fidelity %q, want %q\nchanged %+v\nlost %+v", got, tt.fidelity, rep.Changed, rep.Lost)
			}
		})
	}
}

// exportReport is the report of exporting to format a persona with the rules perms (the
// indented lines of its permissions map).
func exportReport(t *testing.T, format, perms string) *Report {
	t.Helper()
	ex, err := ExportPersona(format, parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n"+perms+"---\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ex.Report
}

// TestImportFidelity checks, per source format, the figure of the source's rules by how the
// imported persona enforces them.
func TestImportFidelity(t *testing.T) {
	tests := []struct {
		name     string
		imp      func() (*Item, error)
		fidelity string
		changes  []string // report entries (prefixes of What) that must be there
	}{
		{name: "claude settings: a merged key widens an allow; a Read deny no longer covers Grep and Glob",
			imp: func() (*Item, error) {
				return ImportClaudeSettings("settings.json", "s", []byte(`{"permissions": {"allow": ["Bash(git status)", "Write"], "deny": ["Read(./.env)"]}}`))
			},
			fidelity: "1 of 3 rules enforced as written, 0 stricter, 2 looser, 0 lost"},
		{name: "claude agent: tools, settings and disallowedTools are its rules; an allow for a tool it lacks is lost",
			imp: func() (*Item, error) {
				return ImportClaudeAgent("a.md", []byte("---\nname: a\ndescription: d\ntools: Read, Bash\ndisallowedTools: Bash(rm *)\n---\nbody\n"),
					"settings.json", []byte(`{"permissions": {"allow": ["Bash(git status)", "WebFetch"]}}`))
			},
			fidelity: "4 of 5 rules enforced as written, 0 stricter, 0 looser, 1 lost"},
		{name: "opencode: measured against OpenCode's evaluation: the rules deciding redirected commands differently are stricter, the V2 list (ignored by OpenCode) lost",
			imp: func() (*Item, error) {
				return ImportOpenCodeMarkdown("a.md", "a", []byte("---\ndescription: d\npermission:\n  bash:\n    \"*\": ask\n    \"git status\": allow\n  edit: deny\npermissions:\n  - action: shell\n    resource: \"*\"\n    effect: allow\n---\nbody\n"))
			},
			// agentmgr decides `echo hi > notes.md` as an edit (denied); OpenCode by bash "*" (ask).
			fidelity: "1 of 4 rules enforced as written, 2 stricter, 0 looser, 1 lost",
			changes:  []string{`rule bash "*" ask`, `rule edit "*" deny`, "the persona decides: bash"}},
		{name: "opencode: a permission map whose calls agentmgr decides as OpenCode is exact",
			imp: func() (*Item, error) {
				return ImportOpenCodeMarkdown("a.md", "a", []byte("---\ndescription: d\npermission:\n  \"*\": deny\n  read: allow\n  webfetch: ask\n---\nbody\n"))
			},
			fidelity: "3 of 3 rules enforced as written, 0 stricter, 0 looser, 0 lost"},
		{name: "opencode: a write key OpenCode never asks for is counted as the edit rule agentmgr makes of it",
			imp: func() (*Item, error) {
				return ImportOpenCodeMarkdown("a.md", "a", []byte("---\ndescription: d\npermission:\n  \"*\": allow\n  write: deny\n---\nbody\n"))
			},
			// OpenCode never asks a "write" permission (its write tool asks edit), so there the
			// "*" allow decides edits; the persona denies them.
			fidelity: "0 of 2 rules enforced as written, 2 stricter, 0 looser, 0 lost",
			changes:  []string{`rule write "*" deny`, `rule * "*" allow`}},
		{name: "roo: an unknown group is lost, browser is the nearest (looser)",
			imp: func() (*Item, error) {
				items, err := ImportRoo(".roomodes", []byte("customModes:\n  - slug: m\n    name: M\n    roleDefinition: r\n    groups: [read, browser, telepathy]\n"), nil)
				if err != nil {
					return nil, err
				}
				return items[0], nil
			},
			fidelity: "1 of 3 rules enforced as written, 0 stricter, 1 looser, 1 lost"},
		{name: "opcode: an agent has no rules",
			imp: func() (*Item, error) {
				return ImportOpcode("a.opcode.json", []byte(`{"version": 1, "agent": {"name": "a", "system_prompt": "Be kind."}}`))
			},
			fidelity: "0 of 0 rules enforced as written, 0 stricter, 0 looser, 0 lost"},
		{name: "codex: a host_executable widens its rules; another call is lost",
			imp: func() (*Item, error) {
				return ImportCodexRules("a.rules", []byte("prefix_rule(pattern = [\"git\", \"status\"])\nprefix_rule(pattern = [\"deploy\"], decision = \"forbidden\")\nprefix_rule(pattern = [\"ls\"])\nhost_executable(name = \"ls\", paths = [\"/bin/ls\"])\nnetwork_rule(host = \"x\")\n"))
			},
			fidelity: "2 of 4 rules enforced as written, 0 stricter, 1 looser, 1 lost"},
		{name: "gemini: other modes and non-interactive rules are lost, allowRedirection changes",
			imp: func() (*Item, error) {
				return ImportGemini("a.toml", "a", []byte(`[[rule]]
toolName = "run_shell_command"
commandPrefix = "git status"
decision = "allow"
priority = 10

[[rule]]
toolName = "run_shell_command"
commandPrefix = "rm"
decision = "deny"
priority = 20
modes = ["yolo"]

[[rule]]
toolName = "run_shell_command"
commandPrefix = "ls"
decision = "allow"
priority = 30
interactive = false

[[rule]]
toolName = "run_shell_command"
commandPrefix = "cat"
decision = "allow"
priority = 40
allowRedirection = true
`))
			},
			fidelity: "1 of 4 rules enforced as written, 1 stricter, 0 looser, 2 lost"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it, err := tt.imp()
			if err != nil {
				t.Fatal(err)
			}
			rep := it.Report
			if rep.Fidelity == nil {
				t.Fatalf("no fidelity figure: %+v", rep)
			}
			if got := rep.Fidelity.String(); got != tt.fidelity {
				t.Errorf("fidelity %q, want %q\nchanged %+v\nlost %+v", got, tt.fidelity, rep.Changed, rep.Lost)
			}
			for _, c := range tt.changes {
				if !hasChange(rep, c) {
					t.Errorf("no change %q in %+v", c, rep.Changed)
				}
			}
		})
	}
}

// TestRoundTripFidelity: a file agentmgr wrote carries the persona's rules in x-agentmgr, so
// importing it back counts every rule as enforced as written.
func TestRoundTripFidelity(t *testing.T) {
	p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n  \"*\": ask\n  bash:\n    \"git *\": allow\n    \"rm *\": deny\n  webfetch:\n    \"https://*.example.com/*\": allow\n---\nbody\n")
	tests := []struct {
		format string
		imp    func(f File) (*Item, error)
	}{
		{"claude", func(f File) (*Item, error) { return ImportClaudeAgent(f.Path, f.Data, "", nil) }},
		{"roo", func(f File) (*Item, error) {
			items, err := ImportRoo(f.Path, f.Data, nil)
			if err != nil || len(items) != 1 {
				return nil, fmt.Errorf("import: %v, %d items", err, len(items))
			}
			return items[0], nil
		}},
		{"gemini", func(f File) (*Item, error) { return ImportGemini(f.Path, "p", f.Data) }},
		{"opencode", func(f File) (*Item, error) { return ImportOpenCodeMarkdown(f.Path, "p", f.Data) }},
	}
	for _, tt := range tests {
		t.Run(tt.format, func(t *testing.T) {
			ex, err := ExportPersona(tt.format, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			files, err := ExportFiles(tt.format, []*Export{ex})
			if err != nil || len(files) == 0 {
				t.Fatalf("files: %v, %d", err, len(files))
			}
			it, err := tt.imp(files[0])
			if err != nil {
				t.Fatal(err)
			}
			want := Fidelity{Rules: len(p.Rules), Exact: len(p.Rules)}
			if f := it.Report.Fidelity; f == nil || *f != want {
				t.Errorf("fidelity %v, want %v", f, &want)
			}
		})
	}
}
