package gui

import (
	"sort"
	"sync"

	"fyne.io/fyne/v2"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// Screen is a top-level page of the main window. The Personas screen is always first; the
// registered screens follow in Order (ties by Title).
type Screen struct {
	Title string
	Icon  fyne.Resource // may be nil
	// IconName is a theme icon, looked up when the window is built; it is used when Icon is
	// nil. Prefer it in init functions: theme.XxxIcon() called there runs before the app
	// exists, and Fyne logs an error for it.
	IconName fyne.ThemeIconName
	Order    int
	// Make builds the screen once, when the window is built. The screen lives as long as the
	// window; it follows changes with Shell.OnChange.
	Make func(*Shell) fyne.CanvasObject
}

// EditorTab is a tab of the persona editor. The built-in tabs are Persona (Order 10), Rules (20)
// and File (30); a registered tab goes where its Order puts it.
type EditorTab struct {
	Title string
	Order int
	// Make builds the tab for one open persona. It is called again for every persona opened
	// in the editor, and the result is dropped when the editor moves on, so the tab should
	// follow the model with personaedit.Model.OnChange, not Shell.OnChange.
	Make func(*Shell, *personaedit.Model) fyne.CanvasObject
}

// MenuHook adds items or menus to the main menu. It runs every time the menu is assembled
// (at start and on Shell.RefreshMenu). Items with a Shortcut also get it on the window's
// canvas, so the shortcut works whether or not the driver shows a native menu.
type MenuHook func(*Shell, *fyne.MainMenu)

// RuleNote is a remark on one row of the rules table (a lint finding, say), shown under the
// row with an optional one-click fix.
type RuleNote struct {
	Row   int    // 0-based row of the draft's rules
	Text  string // one sentence
	Fix   string // the fix button's label, "" for none
	Apply func() // runs the fix; it edits the model (m.DeleteRule after m.SelectRule, ...)
}

// RuleNotesFunc computes the notes of the draft's rules. It runs after every edit, on the UI
// goroutine, so it must be quick.
type RuleNotesFunc func(*Shell, *personaedit.Model) []RuleNote

// The registries are filled from init functions, before any window exists; the lock only
// guards against a test registering while another test builds a window.
var registry struct {
	sync.Mutex
	screens []Screen
	tabs    []EditorTab
	menus   []MenuHook
	notes   []RuleNotesFunc
}

// RegisterScreen adds a screen to the main window. Call it from an init function.
func RegisterScreen(s Screen) {
	if s.Title == "" || s.Make == nil {
		panic("gui: RegisterScreen needs a Title and a Make function")
	}
	registry.Lock()
	defer registry.Unlock()
	registry.screens = append(registry.screens, s)
}

// RegisterEditorTab adds a tab to the persona editor. Call it from an init function.
func RegisterEditorTab(t EditorTab) {
	if t.Title == "" || t.Make == nil {
		panic("gui: RegisterEditorTab needs a Title and a Make function")
	}
	registry.Lock()
	defer registry.Unlock()
	registry.tabs = append(registry.tabs, t)
}

// RegisterMenu adds a hook that extends the main menu. Call it from an init function. Hooks run
// in registration order, after the built-in menus are in place.
func RegisterMenu(h MenuHook) {
	if h == nil {
		panic("gui: RegisterMenu needs a function")
	}
	registry.Lock()
	defer registry.Unlock()
	registry.menus = append(registry.menus, h)
}

// RegisterRuleNotes adds a source of rule notes. Call it from an init function.
func RegisterRuleNotes(f RuleNotesFunc) {
	if f == nil {
		panic("gui: RegisterRuleNotes needs a function")
	}
	registry.Lock()
	defer registry.Unlock()
	registry.notes = append(registry.notes, f)
}

// ruleNotes collects every registered note of m's rules by row.
func ruleNotes(s *Shell, m *personaedit.Model) map[int][]RuleNote {
	registry.Lock()
	fs := append([]RuleNotesFunc(nil), registry.notes...)
	registry.Unlock()
	out := map[int][]RuleNote{}
	for _, f := range fs {
		for _, n := range f(s, m) {
			out[n.Row] = append(out[n.Row], n)
		}
	}
	return out
}

// registeredScreens returns the registered screens in display order.
func registeredScreens() []Screen {
	registry.Lock()
	out := append([]Screen(nil), registry.screens...)
	registry.Unlock()
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Order != out[j].Order {
			return out[i].Order < out[j].Order
		}
		return out[i].Title < out[j].Title
	})
	return out
}

// editorTabs returns the built-in tabs and the registered ones in display order.
func editorTabs(builtin []EditorTab) []EditorTab {
	registry.Lock()
	out := append(append([]EditorTab(nil), builtin...), registry.tabs...)
	registry.Unlock()
	sort.SliceStable(out, func(i, j int) bool { return out[i].Order < out[j].Order })
	return out
}

// menuHooks returns the registered menu hooks in registration order.
func menuHooks() []MenuHook {
	registry.Lock()
	defer registry.Unlock()
	return append([]MenuHook(nil), registry.menus...)
}
