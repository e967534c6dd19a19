package gui

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// screenTabs are the top-level screens of the window. A screen's tab holds an empty stack
// until the screen is first shown: most runs never open most screens.
type screenTabs struct {
	tabs  *container.AppTabs
	defs  []Screen          // the screens after Personas, as given to NewShell
	slots []*fyne.Container // one stack per screen after Personas; filled when built
	build func(i int)       // builds screen i (0 = the first after Personas) into its slot
}

func (t screenTabs) titles() []string {
	if t.tabs == nil {
		return nil
	}
	out := make([]string, len(t.tabs.Items))
	for i, it := range t.tabs.Items {
		out[i] = it.Text
	}
	return out
}

func (t screenTabs) show(i int) {
	if t.tabs != nil && i >= 0 && i < len(t.tabs.Items) {
		t.tabs.SelectIndex(i)
		if i > 0 {
			t.build(i - 1) // SelectIndex does not tell OnSelected about the tab already shown
		}
	}
}

// showing reports whether the screen titled title is the one shown.
func (t screenTabs) showing(title string) bool {
	tabs := t.tabs
	return tabs != nil && tabs.Selected() != nil && tabs.Selected().Text == title
}

// ShowScreen brings the screen titled title to the front, building it if needed; it reports
// whether there is one.
func (s *Shell) ShowScreen(title string) bool {
	for i, t := range s.tabs.titles() {
		if t == title {
			s.tabs.show(i)
			return true
		}
	}
	return false
}

// ScreenContent is the screen titled title, built if it was not yet; nil when the window has
// no such screen.
func (s *Shell) ScreenContent(title string) fyne.CanvasObject {
	if title == PersonasTitle {
		return s.screen
	}
	for i, sc := range s.tabs.defs {
		if sc.Title == title {
			s.tabs.build(i)
			return s.tabs.slots[i].Objects[0]
		}
	}
	return nil
}

// PersonasTitle is the title of the first screen.
const PersonasTitle = "Personas"

// buildWindow lays out the window: the toolbar over the screens, the Personas screen first.
func (s *Shell) buildWindow(screens []Screen) {
	list := NewPersonaList(s.ws, s.SearchText, s.SelectPersona)
	s.screen = NewPersonasScreen(s.ws, &s.dirs, list, func(m *personaedit.Model) *EditorView { return NewEditorView(editorDepsOf(s), m) })
	items := []*container.TabItem{container.NewTabItemWithIcon(PersonasTitle, theme.AccountIcon(), s.screen)}
	s.tabs.defs = screens
	for _, sc := range screens {
		slot := container.NewStack()
		s.tabs.slots = append(s.tabs.slots, slot)
		var icon fyne.Resource
		if sc.IconName != "" {
			icon = theme.Icon(sc.IconName)
		}
		items = append(items, container.NewTabItemWithIcon(sc.Title, icon, slot))
	}
	s.tabs.build = func(i int) {
		if i < 0 || i >= len(s.tabs.slots) || len(s.tabs.slots[i].Objects) > 0 {
			return
		}
		s.tabs.slots[i].Objects = []fyne.CanvasObject{s.tabs.defs[i].Make(s)}
		s.tabs.slots[i].Refresh()
	}
	s.tabs.tabs = container.NewAppTabs(items...)
	s.tabs.tabs.SetTabLocation(container.TabLocationLeading)
	s.tabs.tabs.OnSelected = func(it *container.TabItem) {
		for i, other := range s.tabs.tabs.Items {
			if other == it && i > 0 {
				s.tabs.build(i - 1)
			}
		}
		if st := s.preview; st != nil && st.matrix != nil && it.Text == MatrixTitle {
			st.matrix.catchUp()
		}
	}
	for i, sc := range screens {
		if sc.Eager {
			s.tabs.build(i)
		}
	}
	s.toolbar = NewToolbar(s.ws, s.ask, toolbarActions{
		searched: func() {
			s.screen.list.refresh()
			if st := s.preview; st != nil && st.matrix != nil {
				st.matrix.update() // the search filters the Matrix's rows too
			}
		},
		openFirst:  func() { s.screen.list.openFirst() },
		cycle:      s.CycleActive,
		activate:   s.SetActive,
		newPersona: s.files.newPersona,
		reload:     s.Reload,
	})
	top := container.NewVBox(s.toolbar, s.notice.box)
	s.frame = readingBorder(top, nil, nil, nil, s.tabs.tabs)
	// Whether the window answers agents matters on every screen: the Approvals screen's strip
	// sits under the toolbar.
	if a, ok := s.ScreenContent(ApprovalsTitle).(*ApprovalsScreen); ok {
		top.Add(a.strip)
		a.strip.relayout = s.frame.Refresh
		a.strip.showApprovals = func() { s.ShowScreen(ApprovalsTitle) }
	}
	sw, sh, ok := winSystem.ScreenSize()
	if !ok {
		sw, sh = 0, 0
	}
	scale := startScale(s.win.Canvas().Scale(), os.Getenv("FYNE_SCALE"), s.app.Settings().Scale())
	size := fitSize(windowSize(s.app.Preferences(), sw, sh), sw, sh, scale)
	// The content may not claim more than the window it opens in: at a large scale on a
	// small screen, the cap of an 800x600 screen is itself larger than the screen.
	room := fitSize(contentCap.AddWidthHeight(0, menuBarHeight), sw, sh, scale).SubtractWidthHeight(0, menuBarHeight)
	s.win.SetContent(container.New(capLayout{max: contentCap.Min(room)}, s.frame))
	s.win.Resize(size)
	s.win.SetCloseIntercept(s.requestClose)
	s.RefreshMenu()
	s.updateTitle()
}

// contentCap is the most the window's content may ask for: an 800x600 screen less the menu bar
// and the window's frame. Every screen is built to fit it (long content scrolls in its pane,
// long text is cut); the cap is the backstop that keeps a screen that does not from growing
// the window past the screen, where its Save bar and dialogs could not be reached.
var contentCap = fyne.NewSize(780, 540)

// menuBarHeight is the height the desktop driver's menu bar takes above the content, inside
// the window (the test driver draws none).
const menuBarHeight = 30

// capLayout gives its one object the whole space, and claims at most max as its minimum size.
type capLayout struct{ max fyne.Size }

func (l capLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l capLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return fyne.NewSize(min(m.Width, l.max.Width), min(m.Height, l.max.Height))
}

// Preferences holding the window's size when it was last closed.
const (
	windowWidthKey  = "window.width"
	windowHeightKey = "window.height"
)

// defaultWindowSize is the first run's size where the screen's size is unknown: it fits an
// 800x600 screen with a title bar, the smallest the app supports. The size the person then
// chooses is remembered. A remembered size larger than the screen is made to fit it where the
// screen's size is known (X11).
var defaultWindowSize = fyne.NewSize(790, 560)

// roomyWindowSize is the first run's size where the screen's size is known: room for the
// list, the editor and the Matrix side by side, made smaller to fit a smaller screen.
var roomyWindowSize = fyne.NewSize(1180, 760)

// windowSize is the size the window was last closed at; without one, the first run's size for
// a screen of sw x sh pixels (0 when unknown).
func windowSize(prefs fyne.Preferences, sw, sh int) fyne.Size {
	w, h := prefs.Float(windowWidthKey), prefs.Float(windowHeightKey)
	switch {
	case w >= 400 && h >= 300:
		return fyne.NewSize(float32(w), float32(h))
	case sw > 0 && sh > 0:
		return roomyWindowSize
	default:
		return defaultWindowSize
	}
}

// rememberSize keeps the window's size, and where the desktop says it its position,
// for the next start.
func (wm windowMemory) rememberSize() {
	wm.rememberPosition()
	size := wm.win.Canvas().Size()
	if size.Width >= 400 && size.Height >= 300 {
		wm.app.Preferences().SetFloat(windowWidthKey, float64(size.Width))
		wm.app.Preferences().SetFloat(windowHeightKey, float64(size.Height))
	}
}
