package gui

import (
	"image/color"
	"os"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/compat"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/workspace"
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
	st *previewState
	ws *workspace.Workspace
	// views computes the matrix off the UI goroutine; prefs hold the tools it shows.
	views *workspace.Views
	prefs fyne.Preferences
	// inFront says whether the Matrix is the screen in front (a hidden one catches up when
	// shown); search is the window's search text, which filters the rows too.
	inFront func() bool
	search  func() string

	filter   preview.Filter
	matrix   *preview.Matrix
	scopes   *widget.CheckGroup
	families *widget.CheckGroup
	table    *widget.Table
	summary  *widget.Label
	// shell is one line about shell rules: how many personas have a bypassable deny-list.
	// Each persona's posture is the table's last column, not a paragraph that grows with the
	// catalog and takes the grid's place.
	shell *widget.Label
	// shown is the computed matrix on screen (matrix, am and visible are its parts).
	shown matrixView
	// stale is set when a change came while the screen was not shown.
	stale bool
	// query filters the rows by persona name, as the toolbar's search does.
	query *widget.Entry
	// visible are the indexes of the matrix rows shown, after the name filters.
	visible []int
	am      []compat.View // pi-agent-manager 0.18.1's answer per matrix row

	// amCache keeps pi-agent-manager's answers per persona file for one catalog snapshot and
	// tool list: they come from the files on disk, so an edit never needs them again. The
	// view worker alone uses it.
	amCache struct {
		catalog *personas.Catalog
		tools   []string
		views   map[string]compat.View // by scope and name
	}
	// sized is what the columns were last sized for; they are measured again only when it
	// changes, not on every keystroke.
	sized struct {
		catalog *personas.Catalog
		active  string
		tools   []string
	}
}

// shellColumnTitle heads the matrix's last column: each persona's shell posture in words.
const shellColumnTitle = "shell commands"

// NewMatrixScreen makes the matrix of ws's personas; see the MatrixScreen fields for the
// rest.
func NewMatrixScreen(st *previewState, ws *workspace.Workspace, views *workspace.Views, prefs fyne.Preferences, inFront func() bool, search func() string) *MatrixScreen {
	m := &MatrixScreen{st: st, ws: ws, views: views, prefs: prefs, inFront: inFront, search: search, matrix: &preview.Matrix{}}
	m.summary = widget.NewLabel("")
	m.summary.Truncation = fyne.TextTruncateEllipsis
	m.shell = widget.NewLabel("")
	m.shell.Truncation = fyne.TextTruncateEllipsis
	m.query = widget.NewEntry()
	m.query.SetPlaceHolder("Filter personas by name")
	m.query.OnChanged = func(string) { m.update() }
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
	// The matrix shows the catalog as edited and the active agent in bold: opening another
	// persona alone changes nothing it shows.
	ws.Subscribe(workspace.CatalogChanged|workspace.ActiveChanged|workspace.DraftChanged, func(workspace.Change) { m.update() })
	st.onTools(func() bool { m.update(); return true })
	return m
}

// scopeNames are the scopes in catalog order, as personas.Scope prints them.
func scopeNames() []string {
	return []string{personas.ScopeBuiltin.String(), personas.ScopeGlobal.String(), personas.ScopeProject.String()}
}

// Matrix is the matrix on screen.
func (m *MatrixScreen) Matrix() *preview.Matrix {
	m.catchUp()
	return m.matrix
}

// Refresh recomputes the matrix (only the rows of edited personas do any work) and redraws.
func (m *MatrixScreen) Refresh() {
	m.stale = false
	m.recompute()
	m.BaseWidget.Refresh()
}

// update follows a change of the catalog or an edit: while the screen is not shown it only
// notes that it is behind (a keystroke in the editor then costs the matrix nothing), else it
// recomputes and redraws the grid and its lines, not the filters above it.
func (m *MatrixScreen) update() {
	if !m.inFront() {
		m.stale = true
		return
	}
	m.stale = false
	m.recompute()
}

// catchUp recomputes the matrix if it fell behind while another screen was shown: when the
// screen is shown again, or something reads it.
func (m *MatrixScreen) catchUp() {
	if m.stale {
		m.stale = false
		m.recompute()
	}
}

// applyFilter shows the personas of the checked scopes and the tools of the checked families.
func (m *MatrixScreen) applyFilter() {
	// An unchecked group shows nothing, not everything: keep the selections non-nil.
	m.filter = preview.Filter{Scopes: append([]string{}, m.scopes.Selected...), Families: append([]string{}, m.families.Selected...)}
	m.Refresh()
}

// matrixInput is what one computation of the matrix reads, taken on the UI goroutine.
type matrixInput struct {
	view    viewInput
	catalog *personas.Catalog
	draft   editedDraft
	tools   []string
	filter  preview.Filter
	queries []string   // the matrix's filter field and the toolbar's search
	shown   matrixView // what the grid showed when this was asked for
}

// matrixView is a computed matrix, ready to be shown.
type matrixView struct {
	matrix  *preview.Matrix
	am      []compat.View
	visible []int
	summary string
	shell   string
	// after and changed say which grid rows differ from the matrix after: when the grid still
	// shows after, only those rows are redrawn (a keystroke changes one row), not every cell
	// and header in view. partial is false when the grid's shape changed.
	after   *preview.Matrix
	changed []int
	partial bool
}

// recompute asks the view worker for the matrix of the workspace as it is now; the grid shows
// it when it is ready (at once in tests that run views in step).
func (m *MatrixScreen) recompute() {
	tools := PreviewTools(m.prefs)
	m.syncFamilies(tools)
	in := matrixInput{
		view: viewInputOf(m.ws), catalog: m.ws.Catalog(), draft: editedDraftOf(m.ws), tools: tools,
		filter:  preview.Filter{Scopes: slices.Clone(m.filter.Scopes), Families: slices.Clone(m.filter.Families)},
		queries: []string{m.query.Text, m.search()},
		shown:   m.shown,
	}
	m.views.Submit(viewMatrix, func() func() {
		out := m.compute(in)
		return func() { m.show(out) }
	})
}

// compute is the matrix of in, on the view worker: the rows of unchanged personas come from
// the cache, so an edit computes one row.
func (m *MatrixScreen) compute(in matrixInput) matrixView {
	m.st.prepare(in.view)
	mx := m.st.cache.Matrix(in.draft.personas(in.catalog), in.tools, in.filter)
	out := matrixView{matrix: mx, am: m.amViews(in.catalog, mx)}
	for i, r := range mx.Rows {
		if matchesQueries(r.Persona, in.queries) {
			out.visible = append(out.visible, i)
		}
	}
	out.summary = matrixSummary(mx, out.visible)
	out.shell = shellLine(mx)
	out.after = in.shown.matrix
	out.changed, out.partial = changedRows(in.shown, out)
	return out
}

// changedRows lists the grid rows of next that show anything other than prev does, and
// reports false when the grid's shape (rows, tools, a row's header) changed.
func changedRows(prev, next matrixView) ([]int, bool) {
	if prev.matrix == nil || !slices.Equal(prev.visible, next.visible) || !slices.Equal(prev.matrix.Tools, next.matrix.Tools) || len(prev.matrix.Rows) != len(next.matrix.Rows) {
		return nil, false
	}
	var changed []int
	for i, r := range next.visible {
		a, b := prev.matrix.Rows[r], next.matrix.Rows[r]
		if rowHeader(prev.matrix, prev.am, r) != rowHeader(next.matrix, next.am, r) {
			return nil, false
		}
		same := shellText(a) == shellText(b) && a.Shell.Form == b.Shell.Form
		for c := 0; same && c < len(next.matrix.Tools); c++ {
			same = a.Cells[c].Kind == b.Cells[c].Kind && cellText(prev.matrix, prev.am, r, c) == cellText(next.matrix, next.am, r, c)
		}
		if !same {
			changed = append(changed, i)
		}
	}
	return changed, true
}

// show puts a computed matrix on screen.
func (m *MatrixScreen) show(v matrixView) {
	partial := v.partial && v.after != nil && v.after == m.matrix
	m.shown = v
	m.matrix, m.am, m.visible = v.matrix, v.am, v.visible
	if m.sized.catalog != m.ws.Catalog() || m.sized.active != m.ws.Active() || !slices.Equal(m.sized.tools, m.matrix.Tools) {
		m.sizeColumns()
		m.sized.catalog, m.sized.active, m.sized.tools = m.ws.Catalog(), m.ws.Active(), slices.Clone(m.matrix.Tools)
		partial = false // the active row's header turns bold, columns change width
	}
	setLabel(m.summary, v.summary)
	setLabel(m.shell, v.shell)
	if !partial {
		m.table.Refresh()
		return
	}
	for _, row := range v.changed {
		for col := 0; col <= len(m.matrix.Tools); col++ {
			m.table.RefreshItem(widget.TableCellID{Row: row, Col: col})
		}
	}
}

// matchesQueries reports whether the row of persona passes the matrix's filter and the
// toolbar's search.
func matchesQueries(persona string, queries []string) bool {
	name := strings.ToLower(persona)
	for _, q := range queries {
		if q = strings.ToLower(strings.TrimSpace(q)); q != "" && !strings.Contains(name, q) {
			return false
		}
	}
	return true
}

// SetQuery filters the rows by persona name.
func (m *MatrixScreen) SetQuery(q string) { m.query.SetText(q) }

// VisibleRows are the personas of the rows shown, in order.
func (m *MatrixScreen) VisibleRows() []string {
	m.catchUp()
	out := make([]string, len(m.visible))
	for i, r := range m.visible {
		out[i] = m.matrix.Rows[r].Persona
	}
	return out
}

// ShellSummary is every persona's shell posture in one text, bypassable deny-lists first
// (the table shows the same per row, in its last column).
func (m *MatrixScreen) ShellSummary() string { return preview.ShellSummary(m.Matrix()) }

// ShellLine is the one line under the matrix about shell rules.
func (m *MatrixScreen) ShellLine() string {
	m.catchUp()
	return m.shell.Text
}

// shellLine counts the personas whose shell rules are a bypassable deny-list, and says what to
// write instead; the postures themselves are in the table's last column.
func shellLine(mx *preview.Matrix) string {
	var risky []string
	for _, r := range mx.Rows {
		if r.Shell.Form == engine.ShellDenyList {
			risky = append(risky, r.Persona)
		}
	}
	switch {
	case len(mx.Rows) == 0:
		return ""
	case len(risky) == 0:
		return "Shell commands: no persona relies on a deny-list (see the last column)."
	}
	names := strings.Join(risky[:min(3, len(risky))], ", ")
	if len(risky) > 3 {
		names += " and " + strconv.Itoa(len(risky)-3) + " more"
	}
	return "Shell commands: " + strconv.Itoa(len(risky)) + " persona(s) allow by default and deny by pattern, which is bypassable (" +
		names + "); " + preview.AllowListAdvice + "."
}

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
func matrixSummary(mx *preview.Matrix, visible []int) string {
	counts := map[preview.Kind]int{}
	for _, i := range visible {
		for _, c := range mx.Rows[i].Cells {
			counts[c.Kind]++
		}
	}
	s := strconv.Itoa(len(visible)) + " personas × " + strconv.Itoa(len(mx.Tools)) + " tools"
	if len(visible) != len(mx.Rows) {
		s = strconv.Itoa(len(visible)) + " of " + strconv.Itoa(len(mx.Rows)) + " personas (filtered) × " + strconv.Itoa(len(mx.Tools)) + " tools"
	}
	s += ":"
	for _, k := range preview.Kinds {
		s += "  " + strconv.Itoa(counts[k]) + " " + legendText(k)
	}
	return s
}

// size is the table's: the visible rows, and a column per tool plus the shell column.
func (m *MatrixScreen) size() (int, int) { return len(m.visible), len(m.matrix.Tools) + 1 }

// row is the matrix row shown at table row i, false when there is none.
func (m *MatrixScreen) row(i int) (int, bool) {
	if i < 0 || i >= len(m.visible) {
		return 0, false
	}
	return m.visible[i], true
}

// sizeColumns makes each column as wide as its tool's name and the header column as wide as
// the longest persona name. Both are measured bold: tool names always are, and so is the
// active persona's row, which would otherwise run into the first column.
func (m *MatrixScreen) sizeColumns() {
	pad := 2 * theme.InnerPadding()
	bold := fyne.TextStyle{Bold: true}
	for i, t := range m.matrix.Tools {
		m.table.SetColumnWidth(i, max(fyne.MeasureText(t, theme.TextSize(), bold).Width+pad, 36))
	}
	shell := fyne.MeasureText(shellColumnTitle, theme.TextSize(), bold).Width + pad
	w := float32(80)
	for i, r := range m.matrix.Rows {
		w = max(w, fyne.MeasureText(m.rowText(i), theme.TextSize(), bold).Width+pad)
		shell = max(shell, fyne.MeasureText(shellText(r), theme.TextSize(), fyne.TextStyle{}).Width+pad)
	}
	// A very long name is cut with "…" rather than pushing every cell out of sight.
	m.table.SetColumnWidth(-1, min(w, 240))
	m.table.SetColumnWidth(len(m.matrix.Tools), shell)
}

// shellText is a row's shell posture, as its last column shows it.
func shellText(r preview.Row) string { return strings.TrimPrefix(r.Shell.Summary(), "shell: ") }

func rowLabel(r preview.Row) string { return r.Persona + "  (" + r.Scope + ")" }

// rowText is a row's header: its label, and "⚠ AM skips" when pi-agent-manager 0.18.1 skips (or
// breaks on) its file; the legend says what that means.
func (m *MatrixScreen) rowText(i int) string { return rowHeader(m.matrix, m.am, i) }

// rowHeader is rowText of row i of mx with pi-agent-manager's answers am.
func rowHeader(mx *preview.Matrix, am []compat.View, i int) string {
	label := rowLabel(mx.Rows[i])
	if i < len(am) && am[i].ShortMark() != "" {
		label += "  ⚠ " + am[i].ShortMark()
	}
	return label
}

// newMatrixCell is a coloured square with the status letter in its middle, or (in the shell
// column) a line of text.
func newMatrixCell() fyne.CanvasObject {
	bg := canvas.NewRectangle(color.Transparent)
	t := canvas.NewText("", color.White)
	t.TextStyle = fyne.TextStyle{Bold: true}
	t.Alignment = fyne.TextAlignCenter
	line := canvas.NewText("", theme.Color(theme.ColorNameForeground))
	return container.NewStack(bg, container.NewCenter(t), container.New(&paddedLayout{h: theme.InnerPadding()}, line))
}

func (m *MatrixScreen) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	r, ok := m.row(id.Row)
	if !ok || id.Col < 0 || id.Col > len(m.matrix.Tools) {
		return
	}
	box := o.(*fyne.Container)
	bg := box.Objects[0].(*canvas.Rectangle)
	t := box.Objects[1].(*fyne.Container).Objects[0].(*canvas.Text)
	line := box.Objects[2].(*fyne.Container).Objects[0].(*canvas.Text)
	if id.Col == len(m.matrix.Tools) {
		bg.FillColor, t.Text = color.Transparent, ""
		line.Text = shellText(m.matrix.Rows[r])
		line.Color = theme.Color(theme.ColorNameForeground)
		if m.matrix.Rows[r].Shell.Form == engine.ShellDenyList {
			line.Color = theme.Color(theme.ColorNameError)
		}
	} else {
		bg.FillColor = kindColor(m.matrix.Rows[r].Cells[id.Col].Kind)
		t.Text, line.Text = m.CellText(r, id.Col), ""
	}
	bg.Refresh()
	t.Refresh()
	line.Refresh()
}

func (m *MatrixScreen) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	l := o.(*widget.Label)
	// Only a persona's name can be longer than its column (capped at 240 px): cut it with "…".
	trunc := fyne.TextTruncateOff
	if id.Col < 0 {
		trunc = fyne.TextTruncateEllipsis
	}
	r, isRow := m.row(id.Row)
	text, bold := "", false
	switch {
	case id.Row < 0 && id.Col >= 0 && id.Col < len(m.matrix.Tools):
		text, bold = m.matrix.Tools[id.Col], true
	case id.Row < 0 && id.Col == len(m.matrix.Tools):
		text, bold = shellColumnTitle, true
	case id.Col < 0 && isRow:
		text, bold = m.rowText(r), m.matrix.Rows[r].Persona == m.ws.Active()
	}
	// Every redraw of the grid updates every header in view; one that did not change is not
	// laid out again (shaping the text is most of a redraw's cost).
	if l.Text == text && l.TextStyle.Bold == bold && l.Truncation == trunc {
		return
	}
	l.Text, l.TextStyle.Bold, l.Truncation = text, bold, trunc
	l.Refresh()
}

// tapped opens the simulator on the cell's persona and tool.
func (m *MatrixScreen) tapped(id widget.TableCellID) {
	m.table.UnselectAll()
	r, ok := m.row(id.Row)
	if !ok || id.Col < 0 || id.Col >= len(m.matrix.Tools) {
		return
	}
	q := preview.Query{Persona: m.matrix.Rows[r].Persona, Tool: m.matrix.Tools[id.Col]}
	if m.matrix.Rows[r].Cells[id.Col].Kind == preview.KindDepends {
		q.Value = m.exampleValue(q.Persona, q.Tool)
	}
	// After the tap is handled: the table focuses itself once OnSelected returns, which
	// fails once another screen has replaced it.
	fyne.Do(func() { m.st.simulate(q) })
}

// legend explains the letters and colours.
// CellText is the text of a cell: the status letter, and where pi-agent-manager 0.18.1 hides
// the tool and agentmgr does not (or the other way round), both answers: "A|H", "H|·".
func (m *MatrixScreen) CellText(row, col int) string { return cellText(m.matrix, m.am, row, col) }

// cellText is CellText of mx with pi-agent-manager's answers am.
func cellText(mx *preview.Matrix, am []compat.View, row, col int) string {
	c := mx.Rows[row].Cells[col]
	text := c.Kind.Letter()
	if row < len(am) {
		hides := c.Kind == preview.KindHidden
		if v := am[row]; v.Differs(mx.Tools[col], hides) {
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
// as they are on disk. They are read once per catalog snapshot and tool list, on the view
// worker: the files do not change between reloads, so a keystroke reads and parses nothing.
func (m *MatrixScreen) amViews(catalog *personas.Catalog, mx *preview.Matrix) []compat.View {
	c := &m.amCache
	if c.catalog != catalog || !slices.Equal(c.tools, mx.Tools) || c.views == nil {
		c.catalog, c.tools, c.views = catalog, slices.Clone(mx.Tools), map[string]compat.View{}
		if catalog != nil {
			for _, p := range catalog.Personas() {
				var data []byte
				if p.Path != "" {
					data, _ = os.ReadFile(p.Path)
				}
				c.views[p.Scope.String()+"\x00"+p.Name] = compat.ViewOf(p, data, c.tools)
			}
		}
	}
	out := make([]compat.View, len(mx.Rows))
	for i, r := range mx.Rows {
		out[i] = c.views[r.Scope+"\x00"+r.Persona]
	}
	return out
}

// matrixLegend says what each letter and colour means, in words; it scrolls sideways in a
// narrow window instead of widening it.
func matrixLegend() fyne.CanvasObject {
	items := []fyne.CanvasObject{widget.NewLabel("Cells:")}
	for _, k := range preview.Kinds {
		items = append(items, badge(k.Letter(), kindColor(k)), widget.NewLabel(legendText(k)))
	}
	return container.NewHScroll(container.NewHBox(items...))
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
		bold("Personas"), readingBorder(nil, nil, nil, m.scopes, m.query),
		bold("Tool families"), container.NewHScroll(m.families),
	)
	cut := func(s string, style fyne.TextStyle) *widget.Label {
		l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, style)
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}
	// Four short lines, each cut with "…" rather than wrapped, so that the grid keeps the
	// screen's height whatever the catalog holds.
	bottom := container.NewVBox(matrixLegend(), m.summary, m.shell,
		cut("Tap a cell to see which rule decides it. Two answers (A|H): agentmgr's, then pi-agent-manager 0.18.1's (H hides, · shows), where they differ; "+
			"\"⚠ AM skips\": pi-agent-manager ignores that file.", fyne.TextStyle{Italic: true}))
	return widget.NewSimpleRenderer(readingBorder(filters, bottom, nil, nil, m.table))
}

// exampleValue is the first example value the Preview lists for persona's tool: a "depends"
// cell opens the simulator on a value that one of its rules decides, not on an empty one.
func (m *MatrixScreen) exampleValue(persona, tool string) string {
	p := m.ws.EditedPersona(persona)
	if p == nil {
		return ""
	}
	// A cache of its own: the window's belongs to the view worker. One persona compiles in
	// well under a millisecond.
	c := preview.NewCache(viewInputOf(m.ws).opts)
	c.SetGuards(m.ws.Guards())
	for _, o := range c.Evaluator(previewPersona(p)).Status(tool).Outcomes {
		if o.Example != "" {
			return o.Example
		}
	}
	return ""
}
