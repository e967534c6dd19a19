package convert

import (
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// rulesText is a compact spelling of rules for comparisons: "key pattern action; ...".
func rulesText(rs engine.Ruleset) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, r.Permission+" "+r.Pattern+" "+string(r.Action))
	}
	return strings.Join(parts, "; ")
}

func hasChange(r *Report, what string) bool {
	for _, c := range r.Changed {
		if strings.HasPrefix(c.What, what) {
			return true
		}
	}
	return false
}

func TestImportClaudeAgent(t *testing.T) {
	tests := []struct {
		name, src   string
		rules       string
		desc        string
		changes     []string // report entries that must be there
		passthrough []string
	}{
		{name: "lenient frontmatter and lower-case tools",
			src:     "---\nname: Code Reviewer\ndescription: Use when: reviewing. <example>user: hi</example>\ntools: read, Grep, Bash\ncolor: magenta\nmemory: project\n---\nReview.\n",
			rules:   "* * deny; read * allow; grep * allow; bash * ask",
			desc:    "Use when: reviewing. <example>user: hi</example>",
			changes: []string{"frontmatter", "name", "tools read", "color", "memory"}, passthrough: []string{"x-claude", "color: magenta", "memory: project"}},
		{name: "tools as a list, disallowed, maxTurns",
			src:   "---\nname: fixer\ndescription: Fixes\ntools: [Read, Edit, Bash]\ndisallowedTools: Write\nmaxTurns: 12\npermissionMode: acceptEdits\n---\nFix.\n",
			rules: "* * deny; read * allow; edit * allow; bash * ask; edit * deny", desc: "Fixes",
			changes: []string{"permissionMode", "maxTurns", "deny Write"}, passthrough: []string{"permissionMode: acceptEdits"}},
		{name: "no tools inherits all", src: "---\nname: all\ndescription: All\nmodel: opus\n---\n",
			rules: "read * allow; grep * allow; glob * allow; list * allow", desc: "All", changes: []string{"model", "reads with no rule"}},
		{name: "empty tools list has no tools", src: "---\nname: none\ndescription: None\ntools: []\n---\n",
			rules: "* * deny", desc: "None", changes: []string{"tools"}},
		{name: "missing description from the prompt", src: "---\nname: x\n---\nYou check things. Then more.\n",
			rules: "read * allow; grep * allow; glob * allow; list * allow", desc: "You check things.", changes: []string{"description"}},
		{name: "agent allow list", src: "---\nname: lead\ndescription: Leads\ntools: Agent(a, b), Read\n---\n",
			rules: "* * deny; task a allow; task b allow; read * allow", desc: "Leads"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it, err := ImportClaudeAgent("agents/x.md", []byte(tt.src), "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := rulesText(it.Draft.Rules); got != tt.rules {
				t.Errorf("rules:\n got %s\nwant %s", got, tt.rules)
			}
			if it.Draft.Description != tt.desc {
				t.Errorf("description %q, want %q", it.Draft.Description, tt.desc)
			}
			for _, c := range tt.changes {
				if !hasChange(it.Report, c) {
					t.Errorf("report lacks a change %q: %+v", c, it.Report.Changed)
				}
			}
			p, text, err := it.Draft.Persona("x.md")
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if p.Type != personas.TypeSubagent {
				t.Errorf("type %q, want subagent", p.Type)
			}
			for _, s := range tt.passthrough {
				if !strings.Contains(string(text), s) {
					t.Errorf("persona lacks %q:\n%s", s, text)
				}
			}
		})
	}
}

func TestImportClaudeAgent_errors(t *testing.T) {
	if _, err := ImportClaudeAgent("agents/x.md", []byte("no frontmatter"), "", nil); err == nil || !strings.Contains(err.Error(), "agents/x.md:1:1") {
		t.Errorf("want a positioned error, got %v", err)
	}
	if _, err := ImportClaudeSettings("s.json", "s", []byte(`{"permissions":{"allow":[1]}}`)); err == nil || !strings.Contains(err.Error(), "permissions.allow[0]") {
		t.Errorf("want an error naming the entry, got %v", err)
	}
	if _, err := ImportClaudeSettings("s.json", "s", []byte("{\n  \"permissions\": {\n")); err == nil || !strings.Contains(err.Error(), "s.json:") {
		t.Errorf("want a positioned JSON error, got %v", err)
	}
}

// ocDefaultsText is OpenCode 1.18.33's built-in rules, as an import writes them first.
const ocDefaultsText = "* * allow; doom_loop * ask; external_directory * ask; external_directory ~/.local/share/opencode/tool-output/* allow; external_directory /tmp/opencode/* allow; question * deny; plan_enter * deny; plan_exit * deny; read * allow; read *.env ask; read *.env.* ask; read *.env.example allow"

// ocTrailingText is the rule OpenCode adds after every agent's own, as an import writes it last.
const ocTrailingText = "; external_directory ~/.local/share/opencode/tool-output/* allow"

func TestImportOpenCode(t *testing.T) {
	md := "---\ndescription: Reviews\nmode: all\nmodel: anthropic/claude-sonnet-4\ntemperature: 0.1\npermission:\n  edit: deny\n  bash:\n    \"*\": ask\n    \"git diff *\": allow\ntools:\n  write: false\n---\nReview.\n"
	it, err := ImportOpenCodeMarkdown(".opencode/agent/team/reviewer.md", "team/reviewer", []byte(md))
	if err != nil {
		t.Fatal(err)
	}
	if it.Draft.Name != "team-reviewer" || it.Draft.Type != "" || it.Draft.Prompt != "Review." {
		t.Errorf("draft %+v", it.Draft)
	}
	// tools come first and a permission of the same key replaces them in place, after
	// OpenCode's defaults.
	if got, want := rulesText(it.Draft.Rules), ocDefaultsText+"; edit * deny; bash * ask; bash git diff * allow"+ocTrailingText; got != want {
		t.Errorf("rules %s, want %s", got, want)
	}
	for _, c := range []string{"name", "mode", "model", "temperature", "tools"} {
		if !hasChange(it.Report, c) {
			t.Errorf("report lacks %q: %+v", c, it.Report.Changed)
		}
	}
	v2 := `{"agents":{"build":{"description":"Builds","system":"You build.","permissions":[{"action":"shell","resource":"*","effect":"ask"},{"action":"read","resource":"*","effect":"allow"},{"action":"shell","resource":"rm *","effect":"deny"}]}}}`
	items, err := ImportOpenCodeConfig("opencode.json", []byte(v2))
	if err != nil {
		t.Fatal(err)
	}
	// OpenCode 1.18.33 ignores the V2 list: the agent has only the defaults, and those OpenCode
	// gives its own build agent.
	if got, want := rulesText(items[0].Draft.Rules), ocDefaultsText+"; question * allow; plan_enter * allow"+ocTrailingText; got != want {
		t.Errorf("V2 rules %s, want %s", got, want)
	}
	if !hasChange(items[0].Report, "permissions") {
		t.Errorf("the report does not say the V2 list is ignored: %+v", items[0].Report.Changed)
	}
	top := `{"permission":{"webfetch":"deny"},"agent":{"a":{"description":"A","tools":{"bash":false,"read":true},"permission":{"edit":"deny","bash":{"git *":"allow"},"todowrite":"deny"}}}}`
	withTop, err := ImportOpenCodeConfig("opencode.json", []byte(top))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rulesText(withTop[0].Draft.Rules), ocDefaultsText+"; webfetch * deny; bash git * allow; read * allow; edit * deny; todo * deny"+ocTrailingText; got != want {
		t.Errorf("top-level and tools:\n got %s\nwant %s", got, want)
	}
	if items[0].Draft.Prompt != "You build." {
		t.Errorf("V2 prompt %q", items[0].Draft.Prompt)
	}
	if _, err := ImportOpenCodeConfig("opencode.json", []byte(`{"agent":{"x":{"permission":{"bash":"block"}}}}`)); err == nil || !strings.Contains(err.Error(), "permission.bash") {
		t.Errorf("want an error naming permission.bash, got %v", err)
	}
}

func TestImportRoo(t *testing.T) {
	src := `customModes:
  - slug: docs-writer
    name: "📝 Docs Writer"
    roleDefinition: You write documentation.
    whenToUse: For docs.
    customInstructions: Be brief.
    groups:
      - read
      - - edit
        - fileRegex: \.md$
          description: Markdown only
    source: project
    iconName: book
`
	items, err := ImportRoo(".roomodes", []byte(src), map[string][]RulesFile{"docs-writer": {{"b.md", "Rule B"}, {"a.md", "Rule A"}}})
	if err != nil {
		t.Fatal(err)
	}
	d := items[0].Draft
	if d.Name != "docs-writer" || d.Icon != "📝" || d.Description != "For docs." {
		t.Errorf("draft %+v", d)
	}
	if !strings.HasPrefix(d.Prompt, "You write documentation.") || strings.Index(d.Prompt, "Rule A") > strings.Index(d.Prompt, "Rule B") || !strings.Contains(d.Prompt, "Be brief.") {
		t.Errorf("prompt:\n%s", d.Prompt)
	}
	if got, want := rulesText(d.Rules), "* * deny; read * ask; grep * ask; glob * ask; list * ask; edit *.md ask; task * ask"; got != want {
		t.Errorf("rules %s, want %s", got, want)
	}
	// The markers bring the parts back on export.
	p, text, err := d.Persona("docs-writer.md")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := ExportRoo(p, text)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := CombineRoo([]*Export{ex})
	out := string(files[0].Data)
	for _, s := range []string{"roleDefinition: You write documentation.", "customInstructions: Be brief.", "name: 📝 Docs Writer", `fileRegex: "^.*\\.md$"`, "iconName: book"} {
		if !strings.Contains(out, s) {
			t.Errorf(".roomodes lacks %q:\n%s", s, out)
		}
	}
	if len(files) != 3 || files[1].Path != ".roo/rules-docs-writer/a.md" {
		t.Errorf("rules files: %+v", files)
	}
	// JSON is read too.
	if _, err := ImportRoo(".roomodes", []byte(`{"customModes":[{"slug":"x","name":"X","roleDefinition":"r","groups":["command"]}]}`), nil); err != nil {
		t.Error(err)
	}
	if _, err := ImportRoo(".roomodes", []byte(`{"modes":[]}`), nil); err == nil {
		t.Error("a file without customModes was accepted")
	}
}

func TestImportOpcode(t *testing.T) {
	it, err := ImportOpcode("a.opcode.json", []byte(`{"version":1,"exported_at":"2025-01-01T00:00:00Z","agent":{"name":"Git Helper","icon":"git-branch","model":"sonnet","system_prompt":"You help with git. Carefully.","default_task":"Check status"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if it.Draft.Name != "git-helper" || it.Draft.Description != "You help with git." {
		t.Errorf("draft %+v", it.Draft)
	}
	if len(it.Report.Lost) == 0 || it.Report.Lost[0].What != "default_task" {
		t.Errorf("default_task not reported lost: %+v", it.Report.Lost)
	}
	if _, err := ImportOpcode("a.opcode.json", []byte(`{"version":2,"agent":{"name":"x"}}`)); err == nil {
		t.Error("version 2 accepted")
	}
}

func TestGroupRules(t *testing.T) {
	rs := engine.Ruleset{
		{Permission: "bash", Pattern: "*", Action: engine.Allow},
		{Permission: "read", Pattern: "*", Action: engine.Allow},
		{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
		{Permission: "mcp__x__*", Pattern: "*", Action: engine.Allow},
		{Permission: "mcp__x__y", Pattern: "*", Action: engine.Ask},
		{Permission: "mcp__x__*", Pattern: "*", Action: engine.Deny},
	}
	got, err := groupRules(rs)
	if err != nil {
		t.Fatal(err)
	}
	if want := "bash * allow; bash rm * deny; read * allow; mcp__x__* * allow; mcp__x__y * ask; mcp__x__** * deny"; rulesText(got) != want {
		t.Errorf("got %s\nwant %s", rulesText(got), want)
	}
	_, err = groupRules(engine.Ruleset{{Permission: "bash", Pattern: "*", Action: engine.Allow}, {Permission: "*", Pattern: "*", Action: engine.Deny}, {Permission: "bash", Pattern: "ls", Action: engine.Allow}})
	if err == nil {
		t.Error("rules split by a catch-all were grouped")
	}
}

// TestClaudeHooksRoundTrip: a subagent's own hooks travel in x-claude and come back beside
// the gate, which is there once per event it answers (PreToolUse, PreSkillShellCommand) however
// often the persona goes back and forth.
func TestClaudeHooksRoundTrip(t *testing.T) {
	src := []byte("---\nname: h\ndescription: Hooks\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - {type: command, command: ./check.sh}\n---\nP\n")
	for round := range 3 {
		it, err := ImportClaudeAgent("h.md", src, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		p, text, err := it.Draft.Persona("h.md")
		if err != nil {
			t.Fatal(err)
		}
		ex, err := ExportClaude(p, text)
		if err != nil {
			t.Fatal(err)
		}
		src = ex.Files[0].Data
		if n := strings.Count(string(src), "agentmgr gate claude --agent h"); n != 2 || !strings.Contains(string(src), "./check.sh") {
			t.Fatalf("round %d: the gate is there %d times (want 2, one per event), own hook kept: %v\n%s", round, n, strings.Contains(string(src), "./check.sh"), src)
		}
	}
}
