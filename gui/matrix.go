package gui

import (
	"image/color"
	"os"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/preview"
)

// MatrixTitle is the title of the matrix screen.
const MatrixTitle = "Matrix"

// MatrixScreen shows every persona (rows) against every known tool (columns): hidden, ask,
// allow, deny or depends on the input, coloured and lettered. Tapping a cell opens the
// simulator on that persona and tool. It follows every edit.
type MatrixScreen struct {
	widget.BaseWidget
	s  *Shell
	st *previewState

	filter   preview.Filter
	matrix   *preview.Matrix
	scopes   *widget.CheckGroup
	families *widget.CheckGroup
	table    *widget.Table
	summary  *widget.Label
	// shell is the per-persona summary of how shell commands are governed; bypassable
	// deny-lists come first, with the allow-list advice.
	shell *widget.Label
	am    []compat.View // pi-agent-manager 0.18.1's answer per row
}

// NewMatrixScreen makes the matrix of s's personas.
func NewMatrixScreen(s *Shell, st *previewState) *MatrixScreen {
	m := &MatrixScreen{s: s, st: st, matrix: &preview.Matrix{}}
	m.summary = widget.NewLabel("")
	m.shell = widget.NewLabel("")
	m.shell.Wrapping = fyne.TextWrapWord
	m.table = widget.NewTableWithHeaders(m.size, newMatrixCell, m.updateCell)
	m.table.CreateHeader = func() fyne.CanvasObject { return widget.NewLabel("") }
	m.table.UpdateHeader = m.updateHeader
	m.table.OnSelected = m.tapped
	m.scopes = widget.NewCheckGroup(scopeNames(), nil)
	m.scopes.Horizontal = true
	m.scopes.SetSelected(scopeNames())
	m.scopes.OnChanged = func([]string) { m.applyFilter() }
	m.families = widget.NewCheckGroup(nil, nil)
	m.families.Horizontal = true
	m.families.OnChanged = func([]string) { m.applyFilter() }
	m.ExtendBaseWidget(m)
	m.recompute()
	s.OnChange(m.Refresh)
	st.onTools(func() bool { m.Refresh(); return true })
	return m
}

// scopeNames are the scopes in catalog order, as personas.Scope prints them.
func scopeNames() []string {
	return []string{personas.ScopeBuiltin.String(), personas.ScopeGlobal.String(), personas.ScopeProject.String()}
}

// Matrix is the matrix on screen.
func (m *MatrixScreen) Matrix() *preview.Matrix { return m.matrix }

// Refresh recomputes the matrix (only the rows of edited personas do any work) and redraws.
func (m *MatrixScreen) Refresh() {
	m.recompute()
	m.BaseWidget.Refresh()
	m.table.Refresh()
}

// applyFilter shows the personas of the checked scopes and the tools of the checked families.
func (m *MatrixScreen) applyFilter() {
	// An unchecked group shows nothing, not everything: keep the selections non-nil.
	m.filter = preview.Filter{Scopes: append([]string{}, m.scopes.Selected...), Families: append([]string{}, m.families.Selected...)}
	m.Refresh()
}

func (m *MatrixScreen) recompute() {
	tools := PreviewTools(m.s.App().Preferences())
	m.syncFamilies(tools)
	m.matrix = m.st.cache.Matrix(m.st.personas(), tools, m.filter)
	var cat []*personas.Persona
	if m.s.catalog != nil {
		cat = m.s.catalog.Personas()
	}
	m.am = amViews(cat, m.matrix)
	m.sizeColumns()
	m.summary.SetText(matrixSummary(m.matrix))
	m.shell.SetText(preview.ShellSummary(m.matrix))
}

// ShellSummary is the text of the per-persona shell summary under the matrix.
func (m *MatrixScreen) ShellSummary() string { return m.shell.Text }

// syncFamilies offers a check box per tool family; a family that appears (a tool the user
// added) starts checked, so that a new tool is never filtered out unseen.
func (m *MatrixScreen) syncFamilies(tools []string) {
	fams := preview.Families(tools)
	if slices.Equal(fams, m.families.Options) {
		return
	}
	sel := append([]string{}, m.filter.Families...)
	for _, f := range fams {
		if !slices.Contains(m.families.Options, f) && !slices.Contains(sel, f) {
			sel = append(sel, f)
		}
	}
	m.families.Options, m.families.Selected = fams, sel
	m.families.Refresh()
	m.filter.Families = sel
}

// matrixSummary counts the cells per status, so that "which personas can run X" reads at a
// glance together with a family filter.
func matrixSummary(mx *preview.Matrix) string {
	counts := map[preview.Kind]int{}
	for _, r := range mx.Rows {
		for _, c := range r.Cells {
			counts[c.Kind]++
		}
	}
	s := strconv.Itoa(len(mx.Rows)) + " personas × " + strconv.Itoa(len(mx.Tools)) + " tools:"
	for _, k := range preview.Kinds {
		s += "  " + k.Letter() + " " + k.String() + " " + strconv.Itoa(counts[k])
	}
	return s
}

func (m *MatrixScreen) size() (int, int) { return len(m.matrix.Rows), len(m.matrix.Tools) }

// sizeColumns makes each column as wide as its tool's name and the header column as wide as
// the longest persona name. Both are measured bold: tool names always are, and so is the
// active persona's row, which would otherwise run into the first column.
func (m *MatrixScreen) sizeColumns() {
	pad := 2 * theme.InnerPadding()
	bold := fyne.TextStyle{Bold: true}
	for i, t := range m.matrix.Tools {
		m.table.SetColumnWidth(i, max(fyne.MeasureText(t, theme.TextSize(), bold).Width+pad, 36))
	}
	w := float32(80)
	for i := range m.matrix.Rows {
		w = max(w, fyne.MeasureText(m.rowText(i), theme.TextSize(), bold).Width+pad)
	}
	m.table.SetColumnWidth(-1, w)
}

func rowLabel(r preview.Row) string { return r.Persona + "  (" + r.Scope + ")" }

// rowText is a row's header: its label, and "⚠ AM skips" when pi-agent-manager 0.18.1 skips (or
// breaks on) its file; the legend says what that means.
func (m *MatrixScreen) rowText(i int) string {
	label := rowLabel(m.matrix.Rows[i])
	if i < len(m.am) && m.am[i].ShortMark() != "" {
		label += "  ⚠ " + m.am[i].ShortMark()
	}
	return label
}

// newMatrixCell is a coloured square with the status letter in its middle.
func newMatrixCell() fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Transparent)
	t := canvas.NewText("", color.White)
	t.TextStyle = fyne.TextStyle{Bold: true}
	t.Alignment = fyne.TextAlignCenter
	return container.NewStack(bg, container.NewCenter(t))
}

func (m *MatrixScreen) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	if id.Row < 0 || id.Row >= len(m.matrix.Rows) || id.Col < 0 || id.Col >= len(m.matrix.Tools) {
		return
	}
	c := m.matrix.Rows[id.Row].Cells[id.Col]
	box := o.(*fyne.Container)
	bg := box.Objects[0].(*canvas.Rectangle)
	t := box.Objects[1].(*fyne.Container).Objects[0].(*canvas.Text)
	bg.FillColor = kindColor(c.Kind)
	t.Text = m.CellText(id.Row, id.Col)
	bg.Refresh()
	t.Refresh()
}

func (m *MatrixScreen) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	switch {
	case id.Row < 0 && id.Col >= 0 && id.Col < len(m.matrix.Tools):
		l.SetText(m.matrix.Tools[id.Col])
		l.TextStyle = fyne.TextStyle{Bold: true}
	case id.Col < 0 && id.Row >= 0 && id.Row < len(m.matrix.Rows):
		l.SetText(m.rowText(id.Row))
		l.TextStyle = fyne.TextStyle{Bold: m.matrix.Rows[id.Row].Persona == m.s.Active()}
	default:
		l.SetText("")
	}
	l.Refresh()
}

// tapped opens the simulator on the cell's persona and tool.
func (m *MatrixScreen) tapped(id widget.TableCellID) {
	m.table.UnselectAll()
	if id.Row < 0 || id.Row >= len(m.matrix.Rows) || id.Col < 0 || id.Col >= len(m.matrix.Tools) {
		return
	}
	q := preview.Query{Persona: m.matrix.Rows[id.Row].Persona, Tool: m.matrix.Tools[id.Col]}
	if m.matrix.Rows[id.Row].Cells[id.Col].Kind == preview.KindDepends {
		q.Value = m.exampleValue(q.Persona, q.Tool)
	}
	// After the tap is handled: the table focuses itself once OnSelected returns, which
	// fails once another screen has replaced it.
	fyne.Do(func() { m.st.simulate(q) })
}

// legend explains the letters and colours.
// CellText is the text of a cell: the status letter, and where pi-agent-manager 0.18.1 hides
// the tool and agentmgr does not (or the other way round), both answers: "A|H", "H|·".
func (m *MatrixScreen) CellText(row, col int) string {
	c := m.matrix.Rows[row].Cells[col]
	text := c.Kind.Letter()
	if row < len(m.am) {
		hides := c.Kind == preview.KindHidden
		if v := m.am[row]; v.Differs(m.matrix.Tools[col], hides) {
			other := "·"
			if !hides {
				other = "H"
			}
			text += "|" + other
		}
	}
	return text
}

// amViews are pi-agent-manager 0.18.1's answers for the matrix rows, from the catalog's files
// as they are on disk.
func amViews(ps []*personas.Persona, mx *preview.Matrix) []compat.View {
	out := make([]compat.View, len(mx.Rows))
	for i, r := range mx.Rows {
		for _, p := range ps {
			if p.Name != r.Persona || p.Scope.String() != r.Scope {
				continue
			}
			var data []byte
			if p.Path != "" {
				data, _ = os.ReadFile(p.Path)
			}
			out[i] = compat.ViewOf(p, data, mx.Tools)
			break
		}
	}
	return out
}

func matrixLegend() fyne.CanvasObject {
	items := []fyne.CanvasObject{widget.NewLabel("Legend:")}
	for _, k := range preview.Kinds {
		items = append(items, badge(k.Letter(), kindColor(k)), widget.NewLabel(legendText(k)))
	}
	return container.NewHBox(items...)
}

func legendText(k preview.Kind) string {
	if k == preview.KindDepends {
		return "depends on the input"
	}
	return k.String()
}

// CreateRenderer lays out the filters over the table, the legend and summary under it.
func (m *MatrixScreen) CreateRenderer() fyne.WidgetRenderer {
	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	filters := container.New(layout.NewFormLayout(),
		bold("Scopes"), m.scopes,
		bold("Tool families"), container.NewHScroll(m.families),
	)
	bottom := container.NewVBox(matrixLegend(), m.summary, m.shell,
		widget.NewLabel("X|H, X|·: agentmgr's answer | pi-agent-manager 0.18.1's (H hidden, · shown) where they differ; "+
			"⚠ AM skips: it skips the file. Which applies depends on what you run."),
		widget.NewLabelWithStyle("Tap a cell to see, in the simulator, which rule decides that persona's calls of that tool.", fyne.TextAlignLeading, fyne.TextStyle{Italic: true}))
	return widget.NewSimpleRenderer(container.NewBorder(filters, bottom, nil, nil, m.table))
}

// exampleValue is the first example value the Preview lists for persona's tool: a "depends"
// cell opens the simulator on a value that one of its rules decides, not on an empty one.
func (m *MatrixScreen) exampleValue(persona, tool string) string {
	p := m.s.EditedPersona(persona)
	if p == nil {
		return ""
	}
	m.st.personas() // bring the cache's guards and options up to date
	for _, o := range m.st.cache.Evaluator(previewPersona(p)).Status(tool).Outcomes {
		if o.Example != "" {
			return o.Example
		}
	}
	return ""
}
