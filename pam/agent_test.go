package pam

import (
	"reflect"
	"strings"
	"testing"
)

func TestLoadFile(t *testing.T) {
	t.Parallel()
	const ok = "description: d\npermissions: read\n"
	cases := []struct {
		name, file, text string
		loads, breaks    bool
		reason           string // substring of the reason
		line             int    // 0: not checked
		agent            string // name of the loaded agent
	}{
		{name: "plain", file: "a.md", text: "---\n" + ok + "---\nbody", loads: true, agent: "a"},
		{name: "name_is_lower_cased", file: "a.md", text: "---\nname: Loud Name\n" + ok + "---\n", loads: true, agent: "loud name"},
		{name: "crlf_loads", file: "w.md", text: "---\r\nname: w\r\ndescription: d\r\npermissions: read\r\n---\r\nbody\r\n", loads: true, agent: "w"},
		{name: "text_before_first_delimiter_loads", file: "t.md", text: "notes\n---\n" + ok + "---\n", loads: true, agent: "t"},
		{name: "unclosed_frontmatter_still_parses", file: "u.md", text: "---\n" + ok, loads: true, agent: "u"},
		{name: "no_delimiter", file: "n.md", text: "just text\n", reason: "Missing YAML frontmatter (--- delimiters)"},
		{name: "bom_hides_the_first_delimiter", file: "b.md", text: "\ufeff---\n" + ok + "---\nbody text\n", reason: "Frontmatter must be a YAML object"},
		{name: "frontmatter_list", file: "l.md", text: "---\n- a\n---\n", reason: "Frontmatter must be a YAML object"},
		{name: "empty_frontmatter", file: "e.md", text: "---\n---\n", reason: "Frontmatter must be a YAML object"},
		{name: "bad_yaml", file: "y.md", text: "---\nname: [\n---\n", reason: "Invalid YAML"},
		{name: "duplicate_key", file: "d.md", text: "---\n" + ok + "description: e\n---\n", reason: "map keys must be unique"},
		{name: "name_number_breaks", file: "num.md", text: "---\nname: 123\n" + ok + "---\n", breaks: true, reason: "fm.name?.toLowerCase is not a function", line: 2},
		{name: "name_bool_breaks", file: "nb.md", text: "---\nname: true\n" + ok + "---\n", breaks: true, reason: "toLowerCase"},
		{name: "name_list_breaks", file: "nl.md", text: "---\nname: [a]\n" + ok + "---\n", breaks: true, reason: "toLowerCase"},
		{name: "name_quoted_number_loads", file: "q.md", text: "---\nname: \"123\"\n" + ok + "---\n", loads: true, agent: "123"},
		{name: "name_null_is_file_name", file: "Up.md", text: "---\nname:\n" + ok + "---\n", loads: true, agent: "up"},
		{name: "name_empty_skips", file: "e.md", text: "---\nname: \"\"\n" + ok + "---\n", reason: "Missing agent name", line: 2},
		{name: "description_number_skips", file: "dn.md", text: "---\ndescription: 42\npermissions: read\n---\n", reason: "Missing or invalid description", line: 2},
		{name: "description_missing_skips", file: "dm.md", text: "---\npermissions: read\n---\n", reason: "Missing or invalid description"},
		{name: "description_blank_loads", file: "db.md", text: "---\ndescription: \"  \"\npermissions: read\n---\n", loads: true, agent: "db"},
		{name: "singular_permission_skips", file: "p.md", text: "---\ndescription: d\npermission: read\n---\n", reason: "permissions must be a preset string", line: 3},
		{name: "both_spellings_use_permissions", file: "p2.md", text: "---\ndescription: d\npermission: nonsense\npermissions: read\n---\n", loads: true, agent: "p2"},
		{name: "preset_case_insensitive", file: "pc.md", text: "---\ndescription: d\npermissions: BUILD\n---\n", loads: true, agent: "pc"},
		{name: "unknown_preset_skips", file: "up.md", text: "---\ndescription: d\npermissions: write\n---\n", reason: `Unknown permission preset "write". Valid: read, plan, build`},
		{name: "preset_constructor_breaks", file: "pk.md", text: "---\ndescription: d\npermissions: Constructor\n---\n", breaks: true, reason: "property of every JavaScript object"},
		{name: "legacy_unknown_word_ignored", file: "lg.md", text: "---\ndescription: d\npermissions: [read, teleport]\n---\n", loads: true, agent: "lg"},
		{name: "legacy_with_number_skips", file: "ln.md", text: "---\ndescription: d\npermissions: [read, 1]\n---\n", reason: "permissions must be"},
		{name: "rule_reason_object_skips", file: "r.md", text: "---\ndescription: d\npermissions:\n  bash:\n    \"rm *\": {action: deny, reason: no}\n---\n",
			reason: `Invalid action "[object Object]" for "bash" pattern "rm *"`, line: 5},
		{name: "key_reason_object_skips_on_reason", file: "r2.md", text: "---\ndescription: d\npermissions:\n  webfetch: {action: deny, reason: offline}\n---\n",
			reason: `Invalid action "offline" for "webfetch" pattern "reason"`},
		{name: "action_is_case_sensitive", file: "ac.md", text: "---\ndescription: d\npermissions:\n  bash: Allow\n---\n", reason: `Invalid action "Allow" for "bash" — must be allow, ask, or deny`},
		{name: "rule_value_null_skips", file: "rn.md", text: "---\ndescription: d\npermissions:\n  bash:\n---\n", reason: `Invalid value for "bash"`},
		{name: "type_capitalised_skips", file: "ty.md", text: "---\n" + ok + "type: Primary\n---\n", reason: `Invalid type "Primary" — must be primary or subagent`, line: 4},
		{name: "type_subagent_loads", file: "sa.md", text: "---\n" + ok + "type: subagent\n---\n", loads: true, agent: "sa"},
		{name: "type_empty_loads_as_neither", file: "te.md", text: "---\n" + ok + "type: \"\"\n---\n", loads: true, agent: "te"},
		{name: "steps_fraction_loads", file: "st.md", text: "---\n" + ok + "steps: 2.5\n---\n", loads: true, agent: "st"},
		{name: "steps_text_ignored", file: "s2.md", text: "---\n" + ok + "steps: \"5\"\n---\n", loads: true, agent: "s2"},
		{name: "body_dashes_kept_out_of_frontmatter", file: "bd.md", text: "---\n" + ok + "---\nbody\n---\nmore\n", loads: true, agent: "bd"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := LoadFile(c.file, []byte(c.text))
			if r.Loads != c.loads || r.Breaks != c.breaks {
				t.Fatalf("LoadFile(%q): loads=%v breaks=%v (%s), want loads=%v breaks=%v", c.text, r.Loads, r.Breaks, r.Reason, c.loads, c.breaks)
			}
			if !strings.Contains(r.Reason, c.reason) {
				t.Errorf("reason %q, want it to contain %q", r.Reason, c.reason)
			}
			if c.line != 0 && r.Line != c.line {
				t.Errorf("line %d, want %d (%s)", r.Line, c.line, r.Reason)
			}
			if c.loads && r.Agent.Name != c.agent {
				t.Errorf("name %q, want %q", r.Agent.Name, c.agent)
			}
		})
	}
}

func TestLoadFileFields(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		want       Agent
	}{
		{"steps_fraction", "---\ndescription: d\npermissions: read\nsteps: 2.5\n---\n", Agent{Type: "primary", Steps: 2.5}},
		{"steps_zero_ignored", "---\ndescription: d\npermissions: read\nsteps: 0\n---\n", Agent{Type: "primary"}},
		{"hidden_yes_is_text", "---\ndescription: d\npermissions: read\nhidden: yes\n---\n", Agent{Type: "primary"}},
		{"hidden_true", "---\ndescription: d\npermissions: read\nhidden: True\n---\n", Agent{Type: "primary", Hidden: true}},
		{"type_empty", "---\ndescription: d\npermissions: read\ntype: ''\n---\n", Agent{Type: ""}},
		{"type_false", "---\ndescription: d\npermissions: read\ntype: false\n---\n", Agent{Type: "false"}},
		{"type_null_is_primary", "---\ndescription: d\npermissions: read\ntype: ~\n---\n", Agent{Type: "primary"}},
		{"prompt_field_ignored", "---\ndescription: d\npermissions: read\nprompt: other\n---\n\n  the body  \n\n", Agent{Type: "primary", Prompt: "the body"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := LoadFile("x.md", []byte(c.text))
			if !r.Loads {
				t.Fatalf("did not load: %s", r.Reason)
			}
			a := r.Agent
			got := Agent{Type: a.Type, Steps: a.Steps, Hidden: a.Hidden, Prompt: a.Prompt}
			want := c.want
			if c.want.Prompt == "" {
				got.Prompt = ""
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v, want %+v", got, want)
			}
		})
	}
}

func TestLoadFileRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, perms string
		want        []Rule
	}{
		{"map_in_file_order", "  \"*\": deny\n  bash:\n    \"git *\": allow\n  read: allow\n",
			[]Rule{{"*", "*", "deny"}, {"bash", "git *", "allow"}, {"read", "*", "allow"}}},
		// JavaScript lists integer-like keys first, whatever the file's order.
		{"integer_keys_come_first", "  \"*\": deny\n  \"7\": allow\n  \"2\": ask\n",
			[]Rule{{"2", "*", "ask"}, {"7", "*", "allow"}, {"*", "*", "deny"}}},
		{"legacy_unknown_ignored", "  [read, bogus]\n",
			[]Rule{{"*", "*", "deny"}, {"read", "*", "allow"}, {"grep", "*", "allow"}, {"glob", "*", "allow"}, {"list", "*", "allow"}}},
		{"empty_legacy_denies_all", "  []\n", []Rule{{"*", "*", "deny"}}},
		{"anchor_and_alias", "  bash: &a deny\n  edit: *a\n", []Rule{{"bash", "*", "deny"}, {"edit", "*", "deny"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := LoadFile("x.md", []byte("---\ndescription: d\npermissions:\n"+c.perms+"---\n"))
			if !r.Loads {
				t.Fatalf("did not load: %s", r.Reason)
			}
			if !reflect.DeepEqual(r.Agent.Rules, c.want) {
				t.Errorf("rules %v, want %v", r.Agent.Rules, c.want)
			}
		})
	}
}

func TestResolvePlain(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		kind Kind
		js   string
	}{
		{"123", Number, "123"}, {"2.5", Number, "2.5"}, {"0x10", Number, "16"}, {"0o17", Number, "15"},
		{"1e3", Number, "1000"}, {"-.inf", Number, "-Infinity"}, {".nan", Number, "NaN"}, {"007", Number, "7"},
		{"yes", String, "yes"}, {"on", String, "on"}, {"1_000", String, "1_000"}, {"0b101", String, "0b101"},
		{"True", Bool, "true"}, {"FALSE", Bool, "false"}, {"~", Null, "null"}, {"", Null, "null"},
		{"2024-01-01", String, "2024-01-01"}, {"1e21", Number, "1e+21"}, {"0.0000001", Number, "1e-7"},
	}
	for _, c := range cases {
		v := resolvePlain(c.in)
		if v.Kind != c.kind || v.JSString() != c.js {
			t.Errorf("resolvePlain(%q) = kind %d %q, want kind %d %q", c.in, v.Kind, v.JSString(), c.kind, c.js)
		}
	}
}

func TestSplitDelims(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want []string
	}{
		{"---\na\n---\nb", []string{"", "\na\n", "\nb"}},
		{"---\r\na\r\n---\r\nb", []string{"", "\r\na\r\n", "\r\nb"}},
		{"x\n---\na", []string{"x\n", "\na"}},
		{"----\n--- \n -- -", []string{"----\n--- \n -- -"}},
		{"a\r---\rb", []string{"a\r", "\rb"}},
		{"a\u2028---\u2029b", []string{"a\u2028", "\u2029b"}},
		{"---", []string{"", ""}},
	}
	for _, c := range cases {
		if got := splitDelims(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("splitDelims(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A lone "\r" is no line break to yaml@2 (measured: the AM skips such a file), though the split
// on /^---$/m cuts there.
func TestLoneCRIsNotALineBreakForYAML(t *testing.T) {
	t.Parallel()
	r := LoadFile("cr.md", []byte("---\rdescription: cr only\rpermissions: read\r---\rbody\r"))
	if r.Loads {
		t.Errorf("a file with lone CR line ends loads: %+v", r.Agent)
	}
}
