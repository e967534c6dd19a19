package gui

import (
	"image/color"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// PersonasScreen is the first screen: the persona list on the left, the editor of the selected
// persona on the right.
type PersonasScreen struct {
	widget.BaseWidget
	ws *workspace.Workspace
	// dirs are the shell's (creating the first project persona gives them a project): the
	// empty editor says where new personas go.
	dirs *locations.Dirs
	// editorOf builds the editor of a model opened in the workspace.
	editorOf func(m *personaedit.Model) *EditorView
	list     *PersonaList
	editor   *fyne.Container // holds the EditorView of the open model
	view     *EditorView
	split    *container.Split
	// building is set while an editor is built: widgets setting themselves up may report
	// changes, which must not start building another editor.
	building bool
}

// listMinWidth is the persona list's least width.
const listMinWidth = 220

// NewPersonasScreen makes the screen of list and of the editor editorOf builds for the
// persona open in ws, and keeps it in step with ws.
func NewPersonasScreen(ws *workspace.Workspace, dirs *locations.Dirs, list *PersonaList, editorOf func(m *personaedit.Model) *EditorView) *PersonasScreen {
	p := &PersonasScreen{ws: ws, dirs: dirs, list: list, editorOf: editorOf}
	p.editor = container.NewStack()
	// The list keeps a width where a name and its markers can be read: in a small window the
	// editor scrolls or wraps instead of squeezing the list.
	listMin := canvas.NewRectangle(color.Transparent)
	listMin.SetMinSize(fyne.NewSize(listMinWidth, 0))
	p.split = container.NewHSplit(container.NewStack(listMin, p.list), p.editor)
	p.split.Offset = 0.3
	p.ExtendBaseWidget(p)
	p.follow()
	ws.OnChange(p.follow)
	return p
}

// CreateRenderer shows the split.
func (p *PersonasScreen) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.split)
}

// List is the persona list.
func (p *PersonasScreen) List() *PersonaList { return p.list }

// View is the editor of the open persona, nil when none is open.
func (p *PersonasScreen) View() *EditorView { return p.view }

// follow updates the list and, when another model was opened, builds its editor.
func (p *PersonasScreen) follow() {
	if p.building {
		return
	}
	p.list.refresh()
	m := p.ws.Draft()
	if p.view != nil && p.view.model == m {
		return
	}
	if m == nil {
		p.view = nil
		p.editor.Objects = []fyne.CanvasObject{container.NewCenter(widget.NewLabel(emptyHint(p.ws.Catalog(), *p.dirs)))}
	} else {
		// Keep the tab the person was on: a reload or a save reopens the same persona.
		tab := ""
		if p.view != nil && p.view.Tabs() != nil && p.view.Tabs().Selected() != nil {
			tab = p.view.Tabs().Selected().Text
		}
		p.building = true
		p.view = p.editorOf(m)
		p.building = false
		if tab != "" {
			p.view.ShowTab(tab)
		}
		p.editor.Objects = []fyne.CanvasObject{p.view}
	}
	p.editor.Refresh()
}

// emptyHint is what the editor's place says when nothing is open: with no persona of one's
// own yet, where they go and how to make one.
func emptyHint(c *personas.Catalog, d locations.Dirs) string {
	for _, p := range c.Personas() {
		if p.Scope != personas.ScopeBuiltin {
			return "Select a persona on the left, or make a new one."
		}
	}
	return "No personas of your own yet. Press New persona (Ctrl+N) to make one;\nit is saved as a Markdown file in " + homeRelative(d.GlobalAgents(), d.Home) + "."
}

// homeRelative writes a path under home as ~/... The home is the app's folders' home, the one
// its personas were found from, not read again from the environment.
func homeRelative(p, home string) string {
	if home == "" {
		return p
	}
	if rel, err := filepath.Rel(home, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.Join("~", rel)
	}
	return p
}
