package gui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/preview"
)

// matrixRows renders the matrix as "persona:letters", one letter per given tool.
func matrixRows(t *testing.T, m *preview.Matrix, tools ...string) []string {
	t.Helper()
	var out []string
	for _, r := range m.Rows {
		var b strings.Builder
		b.WriteString(r.Persona + ":")
		for _, tool := range tools {
			c, ok := m.Cell(r.Persona, tool)
			if !ok {
				t.Fatalf("the matrix has no cell %s/%s", r.Persona, tool)
			}
			b.WriteString(c.Kind.Letter())
		}
		out = append(out, b.String())
	}
	return out
}

func TestMatrixScreenShowsEveryPersona(t *testing.T) {
	s := part2Shell(t)
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	// The fixture's guards deny *.env for read and rm -rf /* for bash, so both depend on the
	// input for every persona that offers them; the built-in guard asks before a write to
	// agentmgr's own files, so builder's write depends on the path too.
	want := []string{
		"planner:H~HA",
		"builder:~~~H",
		"reviewer:~~HH",
		"sloppy:~~??",
		"tinker:~~?H",
		"deployer:~~?H",
	}
	if got := matrixRows(t, m.Matrix(), "bash", "read", "write", "fetch_content"); !slices.Equal(got, want) {
		t.Errorf("matrix rows =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMatrixFilters(t *testing.T) {
	s := part2Shell(t)
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	m.scopes.SetSelected([]string{"project"})
	m.families.SetSelected([]string{"bash"})
	mx := m.Matrix()
	if len(mx.Rows) != 1 || mx.Rows[0].Persona != "deployer" {
		t.Errorf("scope filter project: rows %+v, want deployer only", mx.Rows)
	}
	if want := []string{"bash", "shell", "run", "exec"}; !slices.Equal(mx.Tools, want) {
		t.Errorf("family filter bash: columns %q, want %q", mx.Tools, want)
	}
	m.scopes.SetSelected(nil)
	if rows := m.Matrix().Rows; len(rows) != 0 {
		t.Errorf("no scope checked should show no persona, shows %d", len(rows))
	}
}

func TestMatrixCellOpensTheSimulator(t *testing.T) {
	s := part2Shell(t)
	st := previewStateOf(s)
	mx := screenOf[*MatrixScreen](t, s, MatrixTitle).Matrix()
	row := slices.IndexFunc(mx.Rows, func(r preview.Row) bool { return r.Persona == "reviewer" })
	col := slices.Index(mx.Tools, "bash")
	st.matrix.table.Select(widget.TableCellID{Row: row, Col: col})
	r := st.sim.Result()
	if r == nil || r.Agent != "reviewer" || r.Tool != "bash" {
		t.Fatalf("tapping reviewer/bash left the simulator at %+v", r)
	}
	if got := st.sim.Persona.Selected(); got != "reviewer" {
		t.Errorf("simulator persona = %q, want reviewer", got)
	}
	// reviewer's bash depends on the command: the simulator starts from an example the
	// Preview lists, not from an empty value that only the catch-all decides.
	if mx.Rows[row].Cells[col].Kind != preview.KindDepends {
		t.Fatalf("reviewer/bash is %v; the test needs a depends cell", mx.Rows[row].Cells[col].Kind)
	}
	if r.Value == "" || st.sim.Value.Text != r.Value {
		t.Errorf("a depends cell opened the simulator on value %q (field %q); want an example value", r.Value, st.sim.Value.Text)
	}
}

func TestMatrixFollowsUnsavedEdits(t *testing.T) {
	s := part2Shell(t)
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	s.SelectPersona("sloppy")
	ed := s.ws.Draft()
	if ed == nil {
		t.Fatal("sloppy did not open in the editor")
	}
	ed.Update(func(d *personaedit.Draft) {
		d.Rules = append(d.Rules, personaedit.RuleRow{Permission: "edit", Pattern: "*", Action: engine.Deny})
	})
	if got := matrixRows(t, m.Matrix(), "write"); !slices.Contains(got, "sloppy:H") {
		t.Errorf("after denying edit in the editor, the matrix shows %q, want sloppy:H", got)
	}
}

func TestMatrixGolden(t *testing.T) {
	s := part2Shell(t)
	// A screen of its own: the one in the window has its parent there.
	m := matrixScreenOf(s, previewStateOf(s))
	m.families.SetSelected([]string{"read", "grep", "list", "edit", "bash", "webfetch"})
	m.Resize(fyne.NewSize(980, 480))
	test.AssertObjectRendersToImage(t, "part2/matrix.png", m)
}

func TestMatrixHeadersFitTheirText(t *testing.T) {
	s := part2Shell(t)
	// The active persona's row is bold, which is wider than the text the columns were sized for.
	if err := s.SetActive("reviewer"); err != nil {
		t.Fatal(err)
	}
	m := matrixScreenOf(s, previewStateOf(s))
	m.Resize(fyne.NewSize(1400, 600))
	seen := 0
	walk(m.table, func(o fyne.CanvasObject) {
		l, ok := o.(*widget.Label)
		if !ok || l.Text == "" || !l.Visible() {
			return
		}
		seen++
		if need, got := l.MinSize().Width, l.Size().Width; need > got {
			t.Errorf("header %q (bold %v) is %v wide, its text needs %v", l.Text, l.TextStyle.Bold, got, need)
		}
	})
	if seen == 0 {
		t.Fatal("no header labels found in the matrix table")
	}
}
