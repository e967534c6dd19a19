package personas

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestParseExamples(t *testing.T) {
	t.Parallel()
	src := fm("description: d", "permissions: build",
		"examples:",
		`  allow: ["bash: git diff HEAD", "read: src/main.go", todo]`,
		"  ask:",
		`    - "bash: git push origin main"`,
		"    - bash: sudo ls",
		`  deny: "edit: ~/.ssh/config"`,
	)
	p, probs := Parse("a.md", src, ScopeGlobal)
	if p == nil {
		t.Fatalf("Parse failed: %v", probs)
	}
	for _, pr := range probs {
		if strings.Contains(pr.Message, "examples") {
			t.Errorf("examples reported as a problem: %v", pr)
		}
	}
	want := []string{
		"allow bash: git diff HEAD @5:11",
		"allow read: src/main.go @5:34",
		"allow todo @5:55",
		"ask bash: git push origin main @7:7",
		"ask bash: sudo ls @8:7",
		"deny edit: ~/.ssh/config @9:9",
	}
	var got []string
	for _, e := range p.Examples {
		got = append(got, fmt.Sprintf("%s %s @%d:%d", e.Expect, e, e.Line, e.Col))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("examples:\n got %q\nwant %q", got, want)
	}
	if p.Examples[2].Value != "" || p.Examples[2].Tool != "todo" {
		t.Errorf("a bare tool: got %+v, want tool todo without value", p.Examples[2])
	}
}

func TestParseExampleSplitsAtTheFirstColon(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, tool, value, err string }{
		{"bash: echo a:b", "bash", "echo a:b", ""},
		{"read", "read", "", ""},
		{"bash:", "bash", "", ""},
		{"  webfetch :  https://x.test/a ", "webfetch", "https://x.test/a", ""},
		{": ls", "", "", "names no tool"},
		{"run this: ls", "", "", "is not one word"},
		{"", "", "", "names no tool"},
	}
	for _, tt := range tests {
		tool, value, err := ParseExample(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseExample(%q) error = %v, want one containing %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || tool != tt.tool || value != tt.value {
			t.Errorf("ParseExample(%q) = %q, %q, %v; want %q, %q", tt.in, tool, value, err, tt.tool, tt.value)
		}
	}
}

func TestParseExamplesErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  string
	}{
		{"not a map", []string{"examples: [a]"}, `a.md:4:11: examples: expected a map with the keys allow, ask and deny, each a list of "TOOL: VALUE", got a list`},
		{"unknown key", []string{"examples:", "  maybe: [read]"}, `a.md:5:3: examples.maybe: unknown key; expected allow, ask or deny`},
		{"list of maps", []string{"examples:", "  allow: {read: x}"}, `a.md:5:10: examples.allow: expected a list of "TOOL: VALUE", got a map`},
		{"item not text", []string{"examples:", "  deny: [[read]]"}, `a.md:5:10: examples.deny[0]: expected "TOOL: VALUE" or a bare "TOOL", got a list`},
		{"tool not one word", []string{"examples:", "  ask: [\"run it: ls\"]"}, `a.md:5:9: examples.ask[0]: "run it: ls": the tool "run it" is not one word; expected "TOOL: VALUE" or a bare "TOOL"`},
		{"no tool", []string{"examples:", "  ask:", "    - \": ls\""}, `a.md:6:7: examples.ask[0]: ": ls" names no tool; expected "TOOL: VALUE" or a bare "TOOL"`},
		{"duplicate key", []string{"examples:", "  ask: [read]", "  ask: [edit]"}, `a.md:6:3: examples.ask: duplicate key; it is already set on line 5`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := fm(append([]string{"description: d", "permissions: build"}, tt.lines...)...)
			p, probs := Parse("a.md", src, ScopeGlobal)
			errs := Errors(probs)
			if p != nil || len(errs) == 0 {
				t.Fatalf("Parse accepted bad examples %q: %v", tt.lines, probs)
			}
			if got := errs[0].Error(); got != tt.want {
				t.Errorf("first error\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestExamplesBlockSurvivesOtherEdits(t *testing.T) {
	t.Parallel()
	src := "---\ndescription: d\npermissions:\n  bash: ask\nexamples:  # checked by agentmgr test\n  allow: ['read: a']  # a comment\n  deny:\n    - \"bash: rm -rf /\"\n---\nbody\n"
	d, err := NewDocument("a.md", []byte(src), ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Set("description", "other"); err != nil {
		t.Fatal(err)
	}
	if err := d.AddRule(engine.Rule{Permission: "read", Pattern: "*", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	got := string(d.Bytes())
	block := "examples:  # checked by agentmgr test\n  allow: ['read: a']  # a comment\n  deny:\n    - \"bash: rm -rf /\"\n"
	if !strings.Contains(got, block) {
		t.Errorf("the examples block changed:\n%s", got)
	}
	if n := len(d.Persona().Examples); n != 2 {
		t.Errorf("examples after edits: %d, want 2", n)
	}
}

func TestAddExample(t *testing.T) {
	t.Parallel()
	head := "---\ndescription: d\npermissions: build\n"
	tests := []struct {
		name   string
		block  string // the examples block before, "" for none
		expect engine.Action
		add    string
		want   string // the block after
	}{
		{"creates the block", "", engine.Ask, "bash: git push",
			"examples:\n  ask: [\"bash: git push\"]\n"},
		{"appends to a flow list", "examples:\n  allow: [\"read: a\"]  # keep\n", engine.Allow, "read: b",
			"examples:\n  allow: [\"read: a\", \"read: b\"]  # keep\n"},
		{"fills an empty flow list", "examples:\n  deny: []\n", engine.Deny, "edit",
			"examples:\n  deny: [\"edit\"]\n"},
		{"appends to a block list", "examples:\n  deny:\n    - 'bash: rm -rf /'\n  # trailing\n", engine.Deny, "edit: x",
			"examples:\n  deny:\n    - 'bash: rm -rf /'\n    - \"edit: x\"\n  # trailing\n"},
		{"adds a missing key after the others", "examples:\n  allow: [read]\n", engine.Deny, "edit: x",
			"examples:\n  allow: [read]\n  deny: [\"edit: x\"]\n"},
		{"fills an empty key", "examples:\n  ask:\n  deny: [edit]\n", engine.Ask, "bash: ls",
			"examples:\n  ask: [\"bash: ls\"]\n  deny: [edit]\n"},
		{"fills an empty block", "examples:\n", engine.Allow, "read",
			"examples:\n  allow: [\"read\"]\n"},
		{"turns one item into a list", "examples:\n  allow: \"read: a\"\n", engine.Allow, "read: b",
			"examples:\n  allow: [\"read: a\", \"read: b\"]\n"},
		{"an example already listed changes nothing", "examples:\n  allow: [\"read:   a\"]\n", engine.Allow, "read: a",
			"examples:\n  allow: [\"read:   a\"]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := head + tt.block + "---\nbody\n"
			d, err := NewDocument("a.md", []byte(src), ScopeGlobal)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.AddExample(tt.expect, tt.add); err != nil {
				t.Fatalf("AddExample: %v", err)
			}
			want := head + tt.want + "---\nbody\n"
			if got := string(d.Bytes()); got != want {
				t.Errorf("file after AddExample(%s, %q)\n got %q\nwant %q", tt.expect, tt.add, got, want)
			}
		})
	}
}

func TestAddExampleKeepsCRLF(t *testing.T) {
	t.Parallel()
	src := "---\r\ndescription: d\r\npermissions: build\r\nexamples:\r\n  ask:\r\n    - read\r\n---\r\nbody\r\n"
	d, err := NewDocument("a.md", []byte(src), ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.AddExample(engine.Ask, "edit: a b"); err != nil {
		t.Fatal(err)
	}
	want := "---\r\ndescription: d\r\npermissions: build\r\nexamples:\r\n  ask:\r\n    - read\r\n    - \"edit: a b\"\r\n---\r\nbody\r\n"
	if got := string(d.Bytes()); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestAddExampleRefusals(t *testing.T) {
	t.Parallel()
	src := "---\ndescription: d\npermissions: build\nexamples: {allow: [read]}\n---\nbody\n"
	d, err := NewDocument("a.md", []byte(src), ScopeGlobal)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		expect engine.Action
		add    string
		want   string
	}{
		{engine.Allow, "edit", "not written one key per line"},
		{"maybe", "edit", `unknown action "maybe"`},
		{engine.Allow, "two words: x", "not one word"},
	} {
		err := d.AddExample(tt.expect, tt.add)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("AddExample(%s, %q) = %v, want an error containing %q", tt.expect, tt.add, err, tt.want)
		}
	}
	if string(d.Bytes()) != src {
		t.Errorf("a refused edit changed the text:\n%s", d.Bytes())
	}
}

func TestDraftText(t *testing.T) {
	t.Parallel()
	rs := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Deny},
		{Permission: "bash", Pattern: "git status *", Action: engine.Allow},
		{Permission: "read", Pattern: "src/*", Action: engine.Allow},
	}
	exs := []Example{{Expect: engine.Allow, Tool: "bash", Value: "git status"}, {Expect: engine.Deny, Tool: "bash", Value: "rm -rf /"}}
	data, err := DraftText("dev-least", "Least privilege for dev", rs, exs)
	if err != nil {
		t.Fatal(err)
	}
	p, probs := Parse("dev-least.md", data, ScopeGlobal)
	if p == nil {
		t.Fatalf("the draft does not parse: %v\n%s", probs, data)
	}
	if len(p.Rules) != 3 || p.Rules[1].Pattern != "git status *" || p.Rules[2].Permission != "read" || p.Name != "dev-least" {
		t.Errorf("the draft reads back as %+v\n%s", p.Rules, data)
	}
	if len(p.Examples) != 2 || p.Examples[1].Expect != engine.Deny || p.Examples[1].Value != "rm -rf /" {
		t.Errorf("the draft's examples: %+v\n%s", p.Examples, data)
	}
}
