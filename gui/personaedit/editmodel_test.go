package personaedit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// openFixture opens persona name of the fixture agent dir in a model.
func openFixture(t *testing.T, name string) (*Model, *personas.Catalog) {
	t.Helper()
	c := personas.Load(fixtureDirs(t))
	m := OpenEditor(c, name)
	if m == nil {
		t.Fatalf("OpenEditor(%q) = nil", name)
	}
	return m, c
}

func TestOpeningIsNeverDirty(t *testing.T) {
	c := personas.Load(fixtureDirs(t))
	for _, p := range c.Personas() {
		m := OpenEditor(c, p.Name)
		if m.Dirty() {
			t.Errorf("%s: opened dirty; draft %+v, base %+v", p.Name, m.draft, m.base)
		}
		if d, err := m.Diff(); d != "" || err != nil {
			t.Errorf("%s: diff of an unedited persona = %q, %v; want none", p.Name, d, err)
		}
		if m.CanSave() {
			t.Errorf("%s: Save enabled with nothing to save", p.Name)
		}
	}
}

func TestReadOnlyModels(t *testing.T) {
	c := personas.Load(fixtureDirs(t))
	broken := personas.Errors(c.Problems())[0].File
	tests := []struct {
		key    string
		broken bool
	}{{"planner", false}, {"builder", false}, {broken, true}}
	for _, tt := range tests {
		m := OpenEditor(c, tt.key)
		if !m.ReadOnly() || m.Broken() != tt.broken {
			t.Errorf("%s: ReadOnly %v Broken %v; want read-only, broken %v", tt.key, m.ReadOnly(), m.Broken(), tt.broken)
		}
		m.Update(func(d *Draft) { d.Description = "changed" })
		if m.Dirty() {
			t.Errorf("%s: a read-only model took an edit", tt.key)
		}
	}
	if m := OpenEditor(c, broken); len(m.Problems()) == 0 || !strings.Contains(m.Problems()[0].Message, "block") {
		t.Errorf("broken model problems = %v; want the unknown action", m.Problems())
	}
}

func TestDirtyFollowsTheDraft(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	calls := 0
	m.OnChange(func() { calls++ })
	m.Update(func(d *Draft) { d.Description = "Reviews." })
	if !m.Dirty() || calls != 1 {
		t.Fatalf("after an edit: dirty %v, listener calls %d; want dirty, 1 call", m.Dirty(), calls)
	}
	if got := m.Persona().Description; got != "Reviews." {
		t.Errorf("Persona().Description = %q; want the draft's", got)
	}
	m.Update(func(d *Draft) { d.Description = "Reviews." })
	if calls != 1 {
		t.Errorf("an update that changes nothing called listeners (%d calls)", calls)
	}
	m.Update(func(d *Draft) { d.Description = m.base.Description })
	if m.Dirty() {
		t.Error("typing the old value back still dirty")
	}
	m.Update(func(d *Draft) { d.Hidden = true })
	m.Revert()
	if m.Dirty() || m.Draft().Hidden {
		t.Errorf("after Revert: dirty %v hidden %v; want clean", m.Dirty(), m.Draft().Hidden)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(d *Draft)
		field string
		row   int
		warn  bool
		want  string // part of the message
	}{
		{"empty_description", func(d *Draft) { d.Description = "  " }, FieldDescription, -1, false, "missing field description; add one line that says what this persona does"},
		{"bad_name", func(d *Draft) { d.Name = "Bad Name" }, FieldName, -1, false, `name: "Bad Name" is not a valid name; use lower-case letters`},
		{"bad_type", func(d *Draft) { d.Type = "main" }, FieldType, -1, false, `type: unknown type "main"; expected primary or subagent`},
		{"unknown_color_is_a_warning", func(d *Draft) { d.Color = "pink" }, FieldColor, -1, true, `color: unknown theme token "pink"; expected one of accent`},
		{"long_icon_is_a_warning", func(d *Draft) { d.Icon = "a\nb" }, FieldIcon, -1, true, "is long; an icon is one glyph"},
		{"steps_not_a_number", func(d *Draft) { d.Steps = "ten" }, FieldSteps, -1, false, `steps: expected a positive whole number of steps, got "ten"`},
		{"steps_zero", func(d *Draft) { d.Steps = "0" }, FieldSteps, -1, false, `steps: expected a positive whole number of steps, got "0"`},
		{"steps_negative", func(d *Draft) { d.Steps = "-3" }, FieldSteps, -1, false, `steps: expected a positive whole number of steps, got "-3"`},
		{"rule_without_key", func(d *Draft) { d.Rules[1].Permission = "" }, FieldRules, 1, false, "empty permission key"},
		{"rule_bad_action", func(d *Draft) { d.Rules[0].Action = "block" }, FieldRules, 0, false, `permissions."*": unknown action "block"; expected allow, ask or deny`},
		{"pattern_bad_action", func(d *Draft) { d.Rules[4].Action = "maybe" }, FieldRules, 4, false, `permissions.bash."git log *": unknown action "maybe"`},
		{"key_split_from_its_group", func(d *Draft) { d.Rules[2], d.Rules[3] = d.Rules[3], d.Rules[2] }, FieldRules, 4, false, "a rule map lists each permission once"},
		{"same_key_and_pattern_twice", func(d *Draft) { d.Rules[4].Pattern = "git diff *" }, FieldRules, 4, false, `permissions.bash."git diff *": duplicate key`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := openFixture(t, "reviewer")
			if errs := m.Validate(); len(errs) != 0 {
				t.Fatalf("fixture has problems before the edit: %v", errs)
			}
			m.Update(tt.edit)
			msg := FieldMessage(m.Validate(), tt.field, tt.row)
			if !strings.Contains(msg, tt.want) {
				t.Fatalf("message for %s row %d = %q; want it to contain %q (all: %v)", tt.field, tt.row, msg, tt.want, m.Validate())
			}
			if blocks := len(m.Errors()) > 0; blocks == tt.warn || m.CanSave() != tt.warn {
				t.Errorf("blocks save = %v, CanSave = %v; want a warning %v to block nothing and an error to block Save", blocks, m.CanSave(), tt.warn)
			}
		})
	}
}

// rowsString renders rules rows as "key pattern action" joined by "; ".
func rowsString(rows []RuleRow) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = fmt.Sprintf("%s %s %s", r.Permission, r.Pattern, r.Action)
	}
	return strings.Join(parts, "; ")
}

func TestRuleOperations(t *testing.T) {
	const start = "* * deny; read * allow; grep * allow; bash git diff * allow; bash git log * allow; bash git push * deny"
	tests := []struct {
		name    string
		ops     func(m *Model)
		want    string
		wantSel int
	}{
		{"add_appends_and_selects", func(m *Model) { m.AddRule() }, start + "; bash * ask", 6},
		{"insert_goes_before_the_selection", func(m *Model) { m.SelectRule(3); m.InsertRule() },
			"* * deny; read * allow; grep * allow; bash * ask; bash git diff * allow; bash git log * allow; bash git push * deny", 3},
		{"insert_without_selection_goes_first", func(m *Model) { m.InsertRule() }, "bash * ask; " + start, 0},
		{"duplicate_follows_the_original", func(m *Model) { m.SelectRule(1); m.DuplicateRule() },
			"* * deny; read * allow; read * allow; grep * allow; bash git diff * allow; bash git log * allow; bash git push * deny", 2},
		{"delete_selects_the_next", func(m *Model) { m.SelectRule(1); m.DeleteRule() },
			"* * deny; grep * allow; bash git diff * allow; bash git log * allow; bash git push * deny", 1},
		{"delete_last_selects_the_one_before", func(m *Model) { m.SelectRule(5); m.DeleteRule() },
			"* * deny; read * allow; grep * allow; bash git diff * allow; bash git log * allow", 4},
		{"move_down_swaps_and_follows", func(m *Model) { m.SelectRule(1); m.MoveRule(1) },
			"* * deny; grep * allow; read * allow; bash git diff * allow; bash git log * allow; bash git push * deny", 2},
		{"move_up_at_the_top_does_nothing", func(m *Model) { m.SelectRule(0); m.MoveRule(-1) }, start, 0},
		{"operations_without_selection_do_nothing", func(m *Model) { m.DeleteRule(); m.DuplicateRule(); m.MoveRule(1) }, start, -1},
		{"set_rule_replaces_one_row", func(m *Model) {
			m.SetRule(5, RuleRow{Permission: "bash", Pattern: "git push *", Action: engine.Ask})
		}, "* * deny; read * allow; grep * allow; bash git diff * allow; bash git log * allow; bash git push * ask", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := openFixture(t, "reviewer")
			tt.ops(m)
			if got := rowsString(m.Draft().Rules); got != tt.want {
				t.Errorf("rows:\ngot  %s\nwant %s", got, tt.want)
			}
			if got := m.SelectedRule(); got != tt.wantSel {
				t.Errorf("selected row = %d, want %d", got, tt.wantSel)
			}
			if got := rowsString(rowsOf(m.Persona().Rules)); got != tt.want {
				t.Errorf("Persona().Rules do not follow the rows: %s", got)
			}
		})
	}
}

func TestRuleOperationsNeedARuleMap(t *testing.T) {
	m, _ := openFixture(t, "scout") // preset plan
	before := rowsString(m.Draft().Rules)
	m.AddRule()
	if m.Dirty() || rowsString(m.Draft().Rules) != before {
		t.Fatalf("AddRule on a preset changed the draft: %s", rowsString(m.Draft().Rules))
	}
	m.ConvertToRules()
	if d := m.Draft(); d.Form != personas.FormRules || rowsString(d.Rules) != before || !m.Dirty() {
		t.Fatalf("ConvertToRules: form %v rows %s dirty %v; want the preset's rules as a dirty rule map", d.Form, rowsString(d.Rules), m.Dirty())
	}
	m.AddRule()
	if got := len(m.Draft().Rules); got != strings.Count(before, ";")+2 {
		t.Errorf("AddRule after converting: %d rows", got)
	}
}

func TestCoveredTools(t *testing.T) {
	tests := []struct {
		key  string
		want string
	}{
		{"bash", "bash shell run exec"},
		{"read", "read hash_read"},
		{"todo", "todo"},
		{"ctx_*", ""},
		{"web*", "web_search source_check get_search_content fetch_content"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := strings.Join(CoveredTools(tt.key), " "); got != tt.want {
			t.Errorf("CoveredTools(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
	if n := len(CoveredTools("*")); n < 20 {
		t.Errorf("CoveredTools(*) has %d tools; want every known tool", n)
	}
	if got := CoveredTools("ctx_*", "ctx_search"); len(got) != 1 || got[0] != "ctx_search" {
		t.Errorf("CoveredTools(ctx_*, extra ctx_search) = %v", got)
	}
}

// The reader's problem with both spellings of the permissions field (a text the draft cannot
// produce, only a file) is shown on the permissions field of the draft's form.
func TestBothPermissionSpellingsShowOnThePermissionsField(t *testing.T) {
	src := []byte("---\ndescription: d\npermissions: read\npermission: plan\n---\n")
	_, probs := personas.Parse("a.md", src, personas.ScopeGlobal)
	errs := personas.Errors(probs)
	if len(errs) != 1 || !strings.Contains(errs[0].Message, "both permissions and permission are set") {
		t.Fatalf("reader's problems %v; want the one about both spellings", errs)
	}
	for _, tt := range []struct {
		form  personas.Form
		field string
	}{{personas.FormPreset, FieldPreset}, {personas.FormLegacy, FieldLegacy}, {personas.FormRules, FieldRules}} {
		m := &Model{draft: Draft{Form: tt.form}}
		if field, row := m.fieldOf(errs[0].Field); field != tt.field || row != -1 {
			t.Errorf("form %s: shown on %s row %d; want %s row -1", tt.form, field, row, tt.field)
		}
	}
}

// The status bar's text of a problem says where in the file it is.
func TestFieldErrorNamesItsLine(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	m.Update(func(d *Draft) { d.Steps = "0" })
	errs := m.Errors()
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "line ") || !strings.Contains(errs[0].Error(), `steps: expected a positive whole number of steps, got "0"`) {
		t.Fatalf("errors %v; want one, starting with its line", errs)
	}
	if err := m.Save(false); err == nil || !strings.Contains(err.Error(), "expected a positive whole number") {
		t.Fatalf("Save = %v; want it refused with the reader's message", err)
	}
}
