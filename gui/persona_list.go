package gui

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personalist"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/personas"
)

// PersonaList is the virtualised list of personas grouped by scope; it renders personalist.BuildList.
type PersonaList struct {
	widget.BaseWidget
	ws *workspace.Workspace
	// filter is the search text the list shows the matches of; choose selects a row's item
	// (asking first about unsaved edits, which may keep the selection where it was).
	filter func() string
	choose func(key string)
	items  []personalist.ListItem
	list   *widget.List
	// syncing is set while the list selects a row to follow the workspace, so that the selection
	// callback does not ask to select it again.
	syncing bool

	// shown is what the list was last built from: a keystroke in the editor changes none of
	// it (only the first one, which marks the persona unsaved), so it rebuilds nothing.
	shown listKey
}

// listKey is everything the list's rows depend on.
type listKey struct {
	catalog                   *personas.Catalog
	active, dirty, filter, at string
}

// NewPersonaList makes the list of ws's catalog, filtered by filter, selecting with choose.
func NewPersonaList(ws *workspace.Workspace, filter func() string, choose func(key string)) *PersonaList {
	l := &PersonaList{ws: ws, filter: filter, choose: choose}
	l.list = widget.NewList(l.length, l.create, l.update)
	l.list.OnSelected = l.selected
	l.ExtendBaseWidget(l)
	l.refresh()
	return l
}

// CreateRenderer shows the inner list.
func (l *PersonaList) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(l.list)
}

// Resize lays the list out at size and brings the selected row into view again. The first
// selection is made before the window has a size, when the list's viewport is 0 high: Fyne then
// scrolls the row just above the viewport, so the window opened with the selected persona
// scrolled out of sight. Scrolling again from the top once the height is known shows it.
func (l *PersonaList) Resize(size fyne.Size) {
	grew := size.Height != l.Size().Height
	l.BaseWidget.Resize(size)
	if !grew {
		return
	}
	for i, it := range l.items {
		if it.Kind != personalist.ItemHeader && it.Key == l.ws.Selected() {
			l.list.ScrollToTop()
			l.list.ScrollTo(i)
			return
		}
	}
}

// Items are the rows as shown.
func (l *PersonaList) Items() []personalist.ListItem { return l.items }

// refresh rebuilds the rows from the workspace and selects its selection.
func (l *PersonaList) refresh() {
	ws := l.ws
	in := personalist.ListInput{Catalog: ws.Catalog(), Active: ws.Active(), AM: l.amMark, Filter: l.filter()}
	if ws.Draft() != nil && ws.Draft().Dirty() {
		in.Dirty = ws.Selected()
	}
	key := listKey{catalog: in.Catalog, active: in.Active, dirty: in.Dirty, filter: in.Filter, at: ws.Selected()}
	if key == l.shown && l.items != nil {
		return
	}
	l.shown = key
	l.items = personalist.BuildList(in)
	l.list.Refresh()
	l.syncing = true
	defer func() { l.syncing = false }()
	for i, it := range l.items {
		if it.Kind != personalist.ItemHeader && it.Key == ws.Selected() {
			l.list.Select(i)
			return
		}
	}
	l.list.UnselectAll()
}

// openFirst opens the first persona or broken file the list shows (the search's first
// match), asking first as any selection does when the editor has unsaved edits.
func (l *PersonaList) openFirst() {
	for _, it := range l.items {
		if it.Kind != personalist.ItemHeader {
			if it.Key != l.ws.Selected() {
				l.choose(it.Key)
			}
			return
		}
	}
}

func (l *PersonaList) length() int { return len(l.items) }

// row is the template of a list row: marker strip, icon, name, type, and status markers.
func (l *PersonaList) create() fyne.CanvasObject {
	strip := canvas.NewRectangle(color.Transparent)
	strip.SetMinSize(fyne.NewSize(4, 4))
	icon := widget.NewLabel("")
	icon.Alignment = fyne.TextAlignCenter
	// The icon gets the same width on every row, with or without a glyph, so that the names
	// line up (a persona without an icon would otherwise start further left).
	iconSlot := canvas.NewRectangle(color.Transparent)
	iconSlot.SetMinSize(fyne.NewSize(theme.TextSize()+2*theme.InnerPadding(), 0))
	name := widget.NewLabel("")
	name.TextStyle.Bold = true
	name.Truncation = fyne.TextTruncateEllipsis
	kind := widget.NewLabel("")
	kind.Importance = widget.LowImportance
	marks := widget.NewLabel("")
	left := container.NewHBox(strip, container.NewStack(iconSlot, icon))
	return container.New(rowLayout{}, name, left, container.NewHBox(kind, marks))
}

// rowLayout lays out a list row: the marker strip and icon on the left, the name, and the
// type and markers on the right. The name comes first: when the row is too narrow for it
// whole, the type goes, then the markers; what is left of the name is cut with "…". Nothing
// ever overlaps. Objects: name, left, right (an HBox of the type and the markers).
type rowLayout struct{}

func (rowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	name, left := objs[0], objs[1]
	h := max(name.MinSize().Height, left.MinSize().Height)
	return fyne.NewSize(left.MinSize().Width+name.MinSize().Width, h)
}

func (rowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	name, left, right := objs[0].(*widget.Label), objs[1], objs[2].(*fyne.Container)
	kind, marks := right.Objects[0].(*widget.Label), right.Objects[1].(*widget.Label)
	pad := theme.Padding()
	lw := left.MinSize().Width
	left.Move(fyne.NewPos(0, 0))
	left.Resize(fyne.NewSize(lw, size.Height))
	// The name's whole width, as its label would need it untruncated.
	whole := fyne.MeasureText(name.Text, theme.TextSize(), name.TextStyle).Width + 2*theme.InnerPadding()
	room := size.Width - lw - pad
	width := func(l *widget.Label) float32 {
		if l.Text == "" {
			return 0
		}
		return fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
	}
	kw, mw := width(kind), width(marks)
	kind.Show()
	marks.Show()
	switch {
	case whole+kw+mw+pad <= room:
		if kw > 0 && mw > 0 {
			kw += pad // the HBox's gap between the two
		}
	case mw > 0 && room-mw >= min(whole, minNameWidth):
		kind.Hide()
		kw = 0
	default:
		kind.Hide()
		marks.Hide()
		kw, mw = 0, 0
	}
	rw := kw + mw
	right.Move(fyne.NewPos(size.Width-rw, 0))
	right.Resize(fyne.NewSize(rw, size.Height))
	name.Move(fyne.NewPos(lw, 0))
	name.Resize(fyne.NewSize(max(0, size.Width-lw-rw), size.Height))
}

// minNameWidth is the least width a name keeps before the markers go too.
const minNameWidth = 90

// rowLook is what a row of the list shows: its icon, its name and how it stands out, its
// kind and its marks.
type rowLook struct {
	icon       string
	importance widget.Importance
	name       string
	kind       string
	marks      string
}

func (l *PersonaList) update(i widget.ListItemID, o fyne.CanvasObject) {
	it := l.items[i]
	c := o.(*fyne.Container)
	name := c.Objects[0].(*widget.Label)
	left := c.Objects[1].(*fyne.Container)
	right := c.Objects[2].(*fyne.Container)
	defer c.Refresh() // the row's layout depends on its texts
	strip := left.Objects[0].(*canvas.Rectangle)
	icon := left.Objects[1].(*fyne.Container).Objects[1].(*widget.Label)
	kind := right.Objects[0].(*widget.Label)
	marks := right.Objects[1].(*widget.Label)

	strip.FillColor = color.Transparent
	var look rowLook
	switch it.Kind {
	case personalist.ItemHeader:
		look = rowLook{"", widget.LowImportance, strings.ToUpper(it.Title), "", ""}
	case personalist.ItemBroken:
		look = rowLook{"⚠", widget.DangerImportance, it.Title, "error", ""}
	case personalist.ItemUnused:
		// Listed, never silently left out, but not a persona anyone can pick.
		look = rowLook{"⊘", widget.LowImportance, it.Title, it.Type, it.AMMark}
	default:
		strip.FillColor = tokenColor(it.Color)
		look = rowLook{it.Icon, widget.MediumImportance, it.Title, it.Type, markers(it)}
	}
	icon.SetText(look.icon)
	name.Importance = look.importance
	name.SetText(look.name)
	kind.SetText(look.kind)
	marks.SetText(look.marks)
	strip.Refresh()
}

// markers are the status marks of a persona row: active, hidden, unsaved.
func markers(it personalist.ListItem) string {
	var m []string
	if it.Dirty {
		m = append(m, "● unsaved")
	}
	if it.Hidden {
		m = append(m, "hidden")
	}
	if it.Active {
		m = append(m, "★ active")
	}
	if it.AMMark != "" {
		m = append(m, "⚠ "+it.AMMark)
	}
	return strings.Join(m, "  ")
}

func (l *PersonaList) selected(i widget.ListItemID) {
	if l.syncing || i < 0 || i >= len(l.items) {
		return
	}
	it := l.items[i]
	if it.Kind == personalist.ItemHeader || it.Kind == personalist.ItemUnused || it.Key == l.ws.Selected() {
		// A heading is not a persona; put the selection back where the workspace has it.
		l.refresh()
		return
	}
	l.choose(it.Key)
	// If the person cancelled leaving unsaved edits, the workspace kept its selection.
	if l.ws.Selected() != it.Key {
		l.refresh()
	}
}

// amMark is what pi-agent-manager 0.18.1 (AM) does with p's file ("AM skips"), read with the
// catalog off the UI goroutine (the list refreshes on every keystroke of the search). The
// Preview says why.
func (l *PersonaList) amMark(p *personas.Persona) string {
	if p.Scope != personas.ScopeGlobal || p.Path == "" {
		return ""
	}
	return l.ws.Mark(p.Path)
}
