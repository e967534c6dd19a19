package personas

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// fm builds a persona file from frontmatter lines and a body.
func fm(lines ...string) []byte {
	return []byte("---\n" + strings.Join(lines, "\n") + "\n---\nThe prompt.\n")
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		src  []byte
		want string // the first error, as Problem.Error renders it
	}{
		{"unknown action names the path", fm("description: d", "permissions:", "  bash:", `    "rm *": block`),
			`a.md:5:13: permissions.bash."rm *": unknown action "block"; expected allow, ask or deny`},
		{"unknown action at top level", fm("description: d", "permissions:", "  edit: maybe"),
			`a.md:4:9: permissions.edit: unknown action "maybe"; expected allow, ask or deny`},
		{"actions are case-sensitive", fm("description: d", "permissions:", "  edit: Allow"),
			`a.md:4:9: permissions.edit: unknown action "Allow"; expected allow, ask or deny`},
		{"unknown action in an action object", fm("description: d", "permissions:", "  edit: {action: nope, reason: r}"),
			`a.md:4:18: permissions.edit: unknown action "nope"; expected allow, ask or deny`},
		{"unknown field of an action object", fm("description: d", "permissions:", "  edit: {action: deny, why: r}"),
			`a.md:4:24: permissions.edit.why: unknown field of an action; expected action, reason and effects`},
		{"alias spelling in messages", fm("description: d", "permission:", "  bash: {ls: nope}"),
			`a.md:4:14: permission.bash.ls: unknown action "nope"; expected allow, ask or deny`},
		{"patterns nest one level", fm("description: d", "permissions:", "  bash:", "    git:", "      status: allow"),
			`a.md:6:7: permissions.bash.git: expected an action (allow, ask or deny) or {action: deny, reason: "..."}, got a map of patterns; patterns nest one level only`},
		{"missing action is reported at the key", fm("description: d", "permissions:", "  bash:"),
			`a.md:4:3: permissions.bash: expected an action (allow, ask or deny), got nothing`},
		{"missing description value is reported at the key", fm("description:", "permissions: read"),
			`a.md:2:1: description: is empty; say in one line what this persona does`},
		{"list as action", fm("description: d", "permissions:", "  bash: [allow]"),
			`a.md:4:9: permissions.bash: expected an action (allow, ask or deny), got a list`},
		{"both permissions and permission", fm("description: d", "permissions: read", "permission: plan"),
			`a.md:4:1: permission: both permissions and permission are set (the other on line 3); keep one`},
		{"missing permissions", fm("description: d"),
			`a.md:1:1: missing field permissions; expected a preset (read, plan or build), a list of legacy words, or a map of rules`},
		{"empty permissions", fm("description: d", "permissions:"),
			`a.md:3:1: permissions: is empty; expected a preset (read, plan or build), a list of legacy words, or a map of rules`},
		{"unknown preset", fm("description: d", "permissions: write"),
			`a.md:3:14: permissions: unknown preset "write"; expected read, plan or build, a list of legacy words, or a map of rules`},
		{"unknown legacy word", fm("description: d", "permissions: [read, fly]"),
			`a.md:3:21: permissions[1]: unknown legacy permission "fly"; expected one of read, write, ask, web, subagent`},
		{"missing description", fm("permissions: read"),
			`a.md:1:1: missing field description; add one line that says what this persona does`},
		{"blank description", fm(`description: "  "`, "permissions: read"),
			`a.md:2:14: description: is empty; say in one line what this persona does`},
		{"description is text", fm("description: [a]", "permissions: read"),
			`a.md:2:14: description: expected text, got a list`},
		{"bad name", fm("name: My Agent", "description: d", "permissions: read"),
			`a.md:2:7: name: "My Agent" is not a valid name; use lower-case letters, digits, - and _, starting with a letter or digit`},
		{"name must start with a letter or digit", fm("name: -x", "description: d", "permissions: read"),
			`a.md:2:7: name: "-x" is not a valid name; use lower-case letters, digits, - and _, starting with a letter or digit`},
		{"bad type", fm("description: d", "type: helper", "permissions: read"),
			`a.md:3:7: type: unknown type "helper"; expected primary or subagent`},
		{"steps must be positive", fm("description: d", "steps: 0", "permissions: read"),
			`a.md:3:8: steps: expected a positive whole number of steps, got "0"`},
		{"steps must be whole", fm("description: d", "steps: 2.5", "permissions: read"),
			`a.md:3:8: steps: expected a positive whole number of steps, got "2.5"`},
		{"steps must be a number", fm("description: d", "steps: many", "permissions: read"),
			`a.md:3:8: steps: expected a positive whole number of steps, got "many"`},
		{"hidden is a boolean", fm("description: d", "hidden: sometimes", "permissions: read"),
			`a.md:3:9: hidden: expected true or false, got "sometimes"`},
		{"duplicate field", fm("description: d", "description: e", "permissions: read"),
			`a.md:3:1: description: duplicate key; it is already set on line 2`},
		{"duplicate rule key", fm("description: d", "permissions:", "  bash: allow", "  bash: deny"),
			`a.md:5:3: permissions.bash: duplicate key; it is already set on line 4`},
		{"frontmatter must be a map", fm("- a", "- b"),
			`a.md:2:1: the frontmatter must be a map of fields (name: value), got a list`},
		{"YAML syntax error is positioned in the file", fm("description: d", "permissions: {read: allow"),
			`a.md:3:14: invalid YAML:`},
		{"no frontmatter", []byte("# Title\n"),
			`a.md:1:1: the file does not start with a frontmatter block: its first line must be exactly ---`},
		{"frontmatter not closed", []byte("---\ndescription: d\npermissions: read\n"),
			`a.md:1:1: the frontmatter opened on line 1 is never closed: add a line that is exactly --- after the fields`},
		{"closing line must be exact", []byte("---\ndescription: d\npermissions: read\n--- \nbody\n"),
			`a.md:1:1: the frontmatter opened on line 1 is never closed`},
		{"empty file", []byte(""),
			`a.md:1:1: the file is empty; a persona starts with a line that is exactly ---, then its fields, then another ---`},
		{"not UTF-8", []byte("---\ndescription: \xff\n"),
			`a.md:2:14: the file is not valid UTF-8 (byte 0xff); save it as UTF-8`},
		{"empty permission key", fm("description: d", "permissions:", `  "": allow`),
			`a.md:4:3: permissions."": empty permission key; name a permission such as bash or edit, or * for all`},
		{"merge keys are refused", fm("description: d", "permissions:", "  <<: {a: allow}"),
			`a.md:4:3: permissions: YAML merge keys (<<) are not supported here; write the fields out`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, probs := Parse("a.md", tt.src, ScopeGlobal)
			errs := Errors(probs)
			if p != nil || len(errs) == 0 {
				t.Fatalf("Parse(%q) = persona %v, errors %v; want error %q", tt.src, p, errs, tt.want)
			}
			if got := errs[0].Error(); !strings.HasPrefix(got, tt.want) {
				t.Errorf("Parse(%q)\n got error %q\nwant error %q", tt.src, got, tt.want)
			}
		})
	}
}

func TestParseFields(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		path  string
		src   []byte
		check func(p *Persona) string // "" when p is right, else what is wrong
	}{
		{"name defaults to the lower-cased file name", "agents/Code-Review.md", fm("description: d", "permissions: read"),
			func(p *Persona) string { return want("name", p.Name, "code-review") }},
		{"name is lower-cased", "a.md", fm("name: Reviewer_2", "description: d", "permissions: read"),
			func(p *Persona) string { return want("name", p.Name, "reviewer_2") }},
		{"empty name falls back to the file name", "x.md", fm("name:", "description: d", "permissions: read"),
			func(p *Persona) string { return want("name", p.Name, "x") }},
		{"type defaults to primary", "a.md", fm("description: d", "permissions: read"),
			func(p *Persona) string { return want("type", p.Type, "primary") }},
		{"subagent", "a.md", fm("description: d", "type: subagent", "permissions: read"),
			func(p *Persona) string {
				return want("type", p.Type, "subagent") + want("primary", p.IsPrimary(), false)
			}},
		{"hidden and steps", "a.md", fm("description: d", "hidden: true", "steps: 40", "permissions: read"),
			func(p *Persona) string { return want("hidden", p.Hidden, true) + want("steps", p.Steps, 40) }},
		{"icon and color", "a.md", fm("description: d", `icon: "🔍"`, "color: accent", "permissions: read"),
			func(p *Persona) string { return want("icon", p.Icon, "🔍") + want("color", p.Color, "accent") }},
		{"prompt is the trimmed body", "a.md", []byte("---\ndescription: d\npermissions: read\n---\n\n\n  indented\n\nlast  \n\n\n"),
			func(p *Persona) string { return want("prompt", p.Prompt, "  indented\n\nlast") }},
		{"CRLF body reads as LF", "a.md", []byte("---\r\ndescription: d\r\npermissions: read\r\n---\r\none\r\ntwo\r\n"),
			func(p *Persona) string {
				return want("prompt", p.Prompt, "one\ntwo") + want("description", p.Description, "d")
			}},
		{"prompt field overrides the body", "a.md", []byte("---\ndescription: d\npermissions: read\nprompt: |\n  from the field\n---\nbody\n"),
			func(p *Persona) string { return want("prompt", p.Prompt, "from the field") }},
		{"no body is an empty prompt", "a.md", []byte("---\ndescription: d\npermissions: read\n---"),
			func(p *Persona) string { return want("prompt", p.Prompt, "") }},
		{"preset is case-insensitive", "a.md", fm("description: d", "permissions: PLAN"),
			func(p *Persona) string {
				return want("form", p.Form, FormPreset) + want("preset", p.Preset, "plan") + want("source", p.Rules[0].Source.String(), "preset:plan") +
					want("described", p.Form.Describe(p.Preset, len(p.Rules)), "preset plan")
			}},
		{"legacy list", "a.md", fm("description: d", "permissions: [read, web]"),
			func(p *Persona) string {
				return want("form", p.Form, FormLegacy) + want("legacy", strings.Join(p.Legacy, ","), "read,web") +
					want("described", p.Form.Describe(p.Preset, len(p.Rules)), "legacy list") +
					want("rules", rulesString(p.Rules), `"*" "*" deny; "read" "*" allow; "grep" "*" allow; "glob" "*" allow; "list" "*" allow; "websearch" "*" allow; "webfetch" "*" allow`)
			}},
		{"empty legacy list denies everything", "a.md", fm("description: d", "permissions: []"),
			func(p *Persona) string { return want("rules", rulesString(p.Rules), `"*" "*" deny`) }},
		{"rule map in file order with lines", "a.md", fm("description: d", "permissions:", `  "*": deny`, "  bash:", `    "git *": allow`, "    ls: allow", "  read: allow"),
			func(p *Persona) string {
				return want("form", p.Form, FormRules) + want("described", p.Form.Describe(p.Preset, len(p.Rules)), "4 rules") +
					want("rules", rulesString(p.Rules), `"*" "*" deny; "bash" "git *" allow; "bash" "ls" allow; "read" "*" allow`) +
					want("sources", sources(p.Rules), "a.md:4 a.md:6 a.md:7 a.md:8")
			}},
		{"flow map", "a.md", fm("description: d", `permissions: {bash: {"rm *": deny, ls: allow}, edit: ask}`),
			func(p *Persona) string {
				return want("rules", rulesString(p.Rules), `"bash" "rm *" deny; "bash" "ls" allow; "edit" "*" ask`)
			}},
		{"action object with reason", "a.md", fm("description: d", "permissions:", "  bash:", `    "rm *": {action: deny, reason: "use trash"}`, "  edit: {action: ask}"),
			func(p *Persona) string {
				return want("rules", rulesString(p.Rules), `"bash" "rm *" deny; "edit" "*" ask`) + want("reason", p.Rules[0].Reason, "use trash")
			}},
		{"permission alias", "a.md", fm("description: d", "permission:", "  edit: deny"),
			func(p *Persona) string { return want("rules", rulesString(p.Rules), `"edit" "*" deny`) }},
		{"empty rule map", "a.md", fm("description: d", "permissions: {}"),
			func(p *Persona) string {
				return want("rules", len(p.Rules), 0) + want("form", p.Form, FormRules) +
					want("described", p.Form.Describe(p.Preset, len(p.Rules)), "0 rules")
			}},
		{"unknown keys are kept in order with a note", "a.md", fm("description: d", "model: x", "permissions: read", "tools: [a]"),
			func(p *Persona) string {
				return want("unknown", strings.Join(p.Unknown, ","), "model,tools") + want("notes", len(p.Notes), 2) +
					want("note", p.Notes[0].Error(), `a.md:3:1: unknown field "model" is kept as it is (other tools may read it)`) +
					want("severity", p.Notes[0].Severity, Info)
			}},
		{"unknown color is a warning", "a.md", fm("description: d", "color: teal", "permissions: read"),
			func(p *Persona) string {
				return want("color", p.Color, "teal") + want("note", p.Notes[0].Error(), `a.md:3:8: color: unknown theme token "teal"; expected one of accent, success, warning, error, info, dim, muted, borderAccent`) +
					want("severity", p.Notes[0].Severity, Warning)
			}},
		{"long icon is a warning", "a.md", fm("description: d", "icon: robot", "permissions: read"),
			func(p *Persona) string { return want("severity", p.Notes[0].Severity, Warning) }},
		{"a ZWJ emoji is one glyph", "a.md", fm("description: d", "icon: 👩‍💻", "permissions: read"),
			func(p *Persona) string { return want("notes", len(p.Notes), 0) }},
		{"comments and BOM", "a.md", []byte("\xef\xbb\xbf---\n# who\ndescription: d # short\npermissions: read\n---\nx"),
			func(p *Persona) string { return want("description", p.Description, "d") }},
		{"path kept for files", "dir/a.md", fm("description: d", "permissions: read"),
			func(p *Persona) string { return want("path", p.Path, "dir/a.md") + want("scope", p.Scope, ScopeGlobal) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, probs := Parse(tt.path, tt.src, ScopeGlobal)
			if p == nil {
				t.Fatalf("Parse(%q) failed: %v", tt.src, probs)
			}
			if msg := tt.check(p); msg != "" {
				t.Errorf("Parse(%q):%s", tt.src, msg)
			}
		})
	}
}

func want[T comparable](what string, got, want T) string {
	if got == want {
		return ""
	}
	return "\n  " + what + ": got " + quoteAny(got) + ", want " + quoteAny(want)
}

func quoteAny(v any) string {
	if s, ok := v.(string); ok {
		return `"` + s + `"`
	}
	return strings.TrimSpace(strings.ReplaceAll(fmtAny(v), "\n", " "))
}

func rulesString(rs engine.Ruleset) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.String()
	}
	return strings.Join(parts, "; ")
}

func sources(rs engine.Ruleset) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = r.Source.String()
	}
	return strings.Join(parts, " ")
}

func TestParseBuiltinSources(t *testing.T) {
	t.Parallel()
	p, probs := LoadBuiltin("planner")
	if p == nil {
		t.Fatalf("planner: %v", probs)
	}
	if p.Path != "" || p.Scope != ScopeBuiltin {
		t.Errorf("planner: path %q scope %v, want \"\" built-in", p.Path, p.Scope)
	}
	d := engine.Compile(p.Rules).Evaluate("bash", "ls")
	if d.Action != engine.Deny || d.Source() != "builtin:planner" || d.Rule.Source.Location() != "builtin:planner line 8" {
		t.Errorf("planner bash ls = %s from %s (%s), want deny from builtin:planner line 8", d.Action, d.Source(), d.Rule.Source.Location())
	}
	if p.Color != "success" {
		t.Errorf("planner color = %q, want success", p.Color)
	}
}

func TestParseRuleMap(t *testing.T) {
	t.Parallel()
	rs, probs := ParseRuleMap("guards.yaml", []byte("# protections\nread:\n  \"*.env\": deny\nbash:\n  \"rm -rf /*\": {action: deny, reason: no}\n"))
	if HasError(probs) {
		t.Fatalf("ParseRuleMap: %v", probs)
	}
	if got := rulesString(rs); got != `"read" "*.env" deny; "bash" "rm -rf /*" deny` {
		t.Errorf("rules = %s", got)
	}
	if got := rs[1].Source; got.Kind != engine.FromGuard || got.Line != 5 || got.Name != "guards.yaml" {
		t.Errorf("source = %+v, want guard guards.yaml line 5", got)
	}
	_, probs = ParseRuleMap("guards.yaml", []byte("bash: {ls: nope}\n"))
	if len(probs) != 1 || probs[0].Error() != `guards.yaml:1:12: bash.ls: unknown action "nope"; expected allow, ask or deny` {
		t.Errorf("problems = %v", probs)
	}
	rs, probs = ParseRuleMap("guards.yaml", []byte("# nothing yet\n"))
	if len(rs) != 0 || len(probs) != 0 {
		t.Errorf("comment-only guards: %v %v", rs, probs)
	}
}

func TestProblemJSON(t *testing.T) {
	t.Parallel()
	p := Problem{File: "a.md", Line: 3, Col: 7, Severity: Warning, Message: "m"}
	b, err := json.Marshal(p)
	if err != nil || string(b) != `{"file":"a.md","line":3,"col":7,"severity":"warning","message":"m"}` {
		t.Fatalf("json.Marshal(%+v) = %s, %v", p, b, err)
	}
	var back Problem
	if err := json.Unmarshal(b, &back); err != nil || back != p {
		t.Errorf("round trip of %s = %+v, %v", b, back, err)
	}
}
