package preview

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func matrixText(m *Matrix) []string {
	out := []string{strings.Join(m.Tools, " ")}
	for _, r := range m.Rows {
		var b strings.Builder
		b.WriteString(r.Persona + ":")
		for _, c := range r.Cells {
			b.WriteString(c.Kind.Letter())
		}
		out = append(out, b.String())
	}
	return out
}

func TestMatrix(t *testing.T) {
	t.Parallel()
	personas := []Persona{
		{Name: "planner", Scope: "built-in", Rules: rules("*", "*", "deny", "read", "*", "allow", "webfetch", "*", "allow")},
		{Name: "builder", Scope: "built-in", Rules: rules("*", "*", "allow", "bash", "rm *", "ask", "webfetch", "*", "deny")},
		{Name: "reviewer", Scope: "project", Rules: rules("*", "*", "ask", "read", "*", "allow", "mcp_github", "*", "allow")},
	}
	tools := []string{"read", "bash", "write", "fetch_content", "mcp_github"}
	tests := []struct {
		name   string
		filter Filter
		want   []string
	}{
		{"everything", Filter{}, []string{
			"read bash write fetch_content mcp_github",
			"planner:AHHAH",
			"builder:A~AHA",
			"reviewer:A???A",
		}},
		{"one scope", Filter{Scopes: []string{"project"}}, []string{
			"read bash write fetch_content mcp_github",
			"reviewer:A???A",
		}},
		{"nothing checked", Filter{Scopes: []string{}}, []string{"read bash write fetch_content mcp_github"}},
		{"families", Filter{Families: []string{"bash", FamilyOther}}, []string{
			"bash mcp_github",
			"planner:HH",
			"builder:~A",
			"reviewer:?A",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewCache(Options{Home: testHome}).Matrix(personas, tools, tt.filter)
			if got := matrixText(m); !slices.Equal(got, tt.want) {
				t.Errorf("Matrix(%+v) =\n%s\nwant\n%s", tt.filter, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestMatrixCellNamesTheRuleBehindIt(t *testing.T) {
	t.Parallel()
	personas := []Persona{{Name: "p", Rules: rules("*", "*", "deny", "read", "*", "allow")}}
	m := NewCache(Options{Home: testHome}).Matrix(personas, []string{"read", "bash"}, Filter{})
	for _, tt := range []struct {
		tool string
		row  int
	}{{"read", 2}, {"bash", 1}} {
		c, ok := m.Cell("p", tt.tool)
		if !ok || c.Rule == nil || c.Rule.Row() != tt.row {
			t.Errorf("cell p/%s = %+v, want the rule on row %d", tt.tool, c, tt.row)
		}
	}
}

func TestCacheRecomputesOnlyEditedRows(t *testing.T) {
	t.Parallel()
	c := NewCache(Options{Home: testHome})
	a := Persona{Name: "a", Rules: rules("*", "*", "allow")}
	b := Persona{Name: "b", Rules: rules("*", "*", "deny")}
	c.Matrix([]Persona{a, b}, []string{"bash"}, Filter{})
	ea, eb := c.Evaluator(a), c.Evaluator(b)
	b.Rules = append(slices.Clone(b.Rules), rules("bash", "*", "allow")...)
	m := c.Matrix([]Persona{a, b}, []string{"bash"}, Filter{})
	if c.Evaluator(a) != ea {
		t.Errorf("an unchanged persona's evaluator was made again")
	}
	if c.Evaluator(b) == eb {
		t.Errorf("an edited persona kept its old evaluator")
	}
	if got := matrixText(m); !slices.Equal(got, []string{"bash", "a:A", "b:A"}) {
		t.Errorf("matrix after the edit = %q", got)
	}
	c.SetGuards([]engine.Ruleset{guardRules("bash", "*", "deny")})
	if got := matrixText(c.Matrix([]Persona{a, b}, []string{"bash"}, Filter{})); !slices.Equal(got, []string{"bash", "a:H", "b:H"}) {
		t.Errorf("matrix after new guards = %q, want every row recomputed", got)
	}
}

func TestFamilies(t *testing.T) {
	t.Parallel()
	got := Families([]string{"mcp_x", "bash", "read", "hash_read", "todo", "shell"})
	if want := []string{"read", "bash", FamilyOther}; !slices.Equal(got, want) {
		t.Errorf("Families = %q, want %q", got, want)
	}
}

func TestMatrixRowsSayHowShellIsGoverned(t *testing.T) {
	t.Parallel()
	personas := []Persona{
		{Name: "planner", Rules: rules("*", "*", "deny", "read", "*", "allow")},
		{Name: "fragile", Rules: rules("*", "*", "allow", "bash", "rm *", "deny")},
		{Name: "safe", Rules: rules("*", "*", "allow", "bash", "*", "ask", "bash", "git *", "allow")},
	}
	m := NewCache(Options{}).Matrix(personas, []string{"bash"}, Filter{})
	want := map[string]engine.ShellForm{"planner": engine.ShellDenied, "fragile": engine.ShellDenyList, "safe": engine.ShellAllowList}
	for _, r := range m.Rows {
		if r.Shell.Form != want[r.Persona] || !strings.HasPrefix(r.Shell.Summary(), "shell: ") {
			t.Errorf("row %s: shell %s (%q), want %s", r.Persona, r.Shell.Form, r.Shell.Summary(), want[r.Persona])
		}
	}
	if s := m.Rows[1].Shell.Summary(); !strings.Contains(s, "bypassable") {
		t.Errorf("the deny-list row says %q, want it called bypassable", s)
	}
}

func TestShellSummaryListsBypassablePersonasFirst(t *testing.T) {
	t.Parallel()
	personas := []Persona{
		{Name: "planner", Rules: rules("*", "*", "deny")},
		{Name: "fragile", Rules: rules("*", "*", "allow", "bash", "rm *", "deny")},
	}
	m := NewCache(Options{}).Matrix(personas, []string{"bash"}, Filter{})
	got := ShellSummary(m)
	if !strings.HasPrefix(got, "Shell rules: fragile: allowed by default") || !strings.Contains(got, "planner: denied") || !strings.Contains(got, "allow-list form") {
		t.Errorf("ShellSummary = %q, want the bypassable persona first, the others after, and the allow-list advice", got)
	}
	if a := ShellAdvice(rules("*", "*", "deny", "bash", "git *", "allow")); strings.Contains(a, "prefer") {
		t.Errorf("ShellAdvice of an allow-list = %q, want no advice", a)
	}
	if a := ShellAdvice(rules("bash", "*", "allow", "bash", "rm *", "deny")); !strings.Contains(a, "bypassable") || !strings.Contains(a, "allow-list form") {
		t.Errorf("ShellAdvice of a deny-list = %q, want it called bypassable with the allow-list advice", a)
	}
}
