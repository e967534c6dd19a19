package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/personas"
)

// Toolbar is the strip at the top of the window: the active-agent selector with its colour and
// the yolo badge, previous/next, the search field, New persona and Reload.
type Toolbar struct {
	widget.BaseWidget
	ws  *workspace.Workspace
	ask asker
	do  toolbarActions

	swatch   *canvas.Rectangle
	selector *FilterSelect
	yolo     *fyne.Container
	Search   *widget.Entry
	prev     *widget.Button
	next     *widget.Button

	labels []string // selector options, parallel to names
	names  []string
	// shown is what the toolbar last showed; most changes (a keystroke in the editor) do not
	// touch it, and the selector is left alone then.
	shown struct {
		catalog *personas.Catalog
		active  string
		yolo    bool
	}
	// updating is set while the toolbar sets the selector itself, so that its change
	// callback does not write the state file back.
	updating bool
}

// toolbarActions are what the toolbar's controls do, given by the window that shows it.
type toolbarActions struct {
	searched   func() // the search text changed: the list and the Matrix filter again
	openFirst  func() // Enter in the search field opens the first match
	cycle      func(step int)
	activate   func(name string) error
	newPersona func()
	reload     func()
}

// NewToolbar makes the toolbar over ws and keeps it in step with ws; ask shows what went
// wrong, do is what its controls do.
func NewToolbar(ws *workspace.Workspace, ask asker, do toolbarActions) *Toolbar {
	t := &Toolbar{ws: ws, ask: ask, do: do}
	t.swatch = canvas.NewRectangle(color.Transparent)
	t.swatch.SetMinSize(fyne.NewSize(14, 14))
	t.swatch.CornerRadius = 7
	t.selector = NewFilterSelect(nil, t.selected)
	t.selector.Select.PlaceHolder = "(no agent)"
	badge := canvas.NewText(" YOLO ", color.White)
	badge.TextStyle.Bold = true
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameError))
	bg.CornerRadius = 4
	t.yolo = container.NewStack(bg, badge)
	t.Search = widget.NewEntry()
	t.Search.SetPlaceHolder("Search personas")
	t.Search.OnChanged = func(string) { do.searched() }
	// Enter opens the first match, so that finding a persona by name needs no mouse.
	t.Search.OnSubmitted = func(string) { do.openFirst() }
	t.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { do.cycle(-1) })
	t.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { do.cycle(1) })
	t.ExtendBaseWidget(t)
	// The toolbar shows the catalog's personas and the active agent: a keystroke or another
	// selection is not its business.
	ws.Subscribe(workspace.CatalogChanged|workspace.ActiveChanged, func(workspace.Change) { t.refresh() })
	t.refresh()
	return t
}

// CreateRenderer lays the toolbar out in one row.
func (t *Toolbar) CreateRenderer() fyne.WidgetRenderer {
	newBtn := widget.NewButtonWithIcon("New persona", theme.ContentAddIcon(), t.do.newPersona)
	reload := widget.NewButtonWithIcon("Reload", theme.ViewRefreshIcon(), t.do.reload)
	active := container.NewHBox(widget.NewLabel("Active agent:"), container.NewCenter(t.swatch), t.selector, container.NewCenter(t.yolo), t.prev, t.next)
	right := container.NewHBox(newBtn, reload)
	row := readingBorder(nil, nil, active, right, t.Search)
	return widget.NewSimpleRenderer(container.NewVBox(container.NewPadded(row), widget.NewSeparator()))
}

// refresh follows the catalog, the active persona and yolo.
func (t *Toolbar) refresh() {
	ws := t.ws
	if t.shown.catalog == ws.Catalog() && t.shown.active == ws.Active() && t.shown.yolo == ws.Yolo() {
		return
	}
	t.shown.catalog, t.shown.active, t.shown.yolo = ws.Catalog(), ws.Active(), ws.Yolo()
	t.names = switchable(ws.Catalog())
	t.labels = make([]string, len(t.names))
	for i, n := range t.names {
		p, _ := ws.Catalog().Lookup(n)
		t.labels[i] = p.Label()
	}
	t.updating = true
	t.selector.SetOptions(t.labels)
	if i := indexOf(t.names, ws.Active()); i >= 0 {
		t.selector.SetSelected(t.labels[i])
	} else if p, ok := ws.Catalog().Lookup(ws.Active()); ok {
		// The active agent may be hidden or a subagent (set by hand or by pi): show it anyway.
		t.selector.Select.Selected = p.Label()
		t.selector.Select.Refresh()
	} else {
		t.selector.Select.ClearSelected()
	}
	t.updating = false
	col := color.Color(color.Transparent)
	if p, ok := ws.Catalog().Lookup(ws.Active()); ok {
		col = tokenColor(p.Color)
	}
	t.swatch.FillColor = col
	t.swatch.Refresh()
	if ws.Yolo() {
		t.yolo.Show()
	} else {
		t.yolo.Hide()
	}
}

// selected writes the persona picked in the selector as the active agent.
func (t *Toolbar) selected(label string) {
	if t.updating {
		return
	}
	i := indexOf(t.labels, label)
	if i < 0 {
		return
	}
	if err := t.do.activate(t.names[i]); err != nil {
		t.ask.showError(err)
	}
}

// switchable lists the personas offered for switching, in catalog order: primary ones that are
// not hidden.
func switchable(c *personas.Catalog) []string {
	var out []string
	for _, p := range c.Personas() {
		if p.IsPrimary() && !p.Hidden {
			out = append(out, p.Name)
		}
	}
	return out
}
