package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"github.com/agentmgr/agentmgr/locations"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// onlyOwnScreens empties the registries for one test, so that golden images show this file's
// screens only and do not change when another screen is registered.
func onlyOwnScreens(t *testing.T) {
	registry.Lock()
	screens, tabs, menus, notes := registry.screens, registry.tabs, registry.menus, registry.notes
	registry.screens, registry.tabs, registry.menus, registry.notes = nil, nil, nil, nil
	registry.Unlock()
	t.Cleanup(func() {
		registry.Lock()
		registry.screens, registry.tabs, registry.menus, registry.notes = screens, tabs, menus, notes
		registry.Unlock()
	})
}

// Golden images of the main window; regenerate deliberately: delete the file, run the test,
// look at testdata/failed/NAME, and move it into testdata/.
func TestMainWindowImages(t *testing.T) {
	tests := []struct {
		name string
		dirs func(t *testing.T) locations.Dirs
		open string
		tab  string
	}{
		{"window_builtins.png", func(t *testing.T) locations.Dirs { return locations.Dirs{Agent: t.TempDir()} }, "", ""},
		{"window_fixture.png", fixtureDirs, "", ""},
		{"window_fixture_rules.png", fixtureDirs, "reviewer", TabRules},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			onlyOwnScreens(t)
			s := newTestShell(t, tt.dirs(t))
			if tt.open != "" {
				s.SelectPersona(tt.open)
				s.screen.View().ShowTab(tt.tab)
			}
			test.AssertRendersToImage(t, tt.name, s.Window().Canvas())
		})
	}
}

func TestWindowShowsPersonasFirstThenRegisteredScreens(t *testing.T) {
	onlyOwnScreens(t)
	RegisterScreen(Screen{Title: "Later", Order: 20, Make: func(*Shell) fyne.CanvasObject { return container.NewWithoutLayout() }})
	RegisterScreen(Screen{Title: "Sooner", Order: 10, Make: func(*Shell) fyne.CanvasObject { return container.NewWithoutLayout() }})
	var seen []string
	RegisterMenu(func(s *Shell, mm *fyne.MainMenu) {
		seen = append(seen, "hook")
		FindMenuItem(mm, MenuAgent, ItemNextAgent).Shortcut = &fyne.ShortcutCopy{}
	})
	RegisterEditorTab(EditorTab{Title: "Between", Order: 25, Make: func(*Shell, *personaedit.Model) fyne.CanvasObject { return container.NewWithoutLayout() }})
	s := newTestShell(t, fixtureDirs(t))
	if got := s.tabs.titles(); len(got) != 3 || got[0] != PersonasTitle || got[1] != "Sooner" || got[2] != "Later" {
		t.Errorf("screens = %v; want Personas, Sooner, Later", got)
	}
	if len(seen) != 1 {
		t.Errorf("menu hook ran %d times; want once", len(seen))
	}
	if !s.ShowScreen("Later") || s.tabs.tabs.Selected().Text != "Later" || s.ShowScreen("Missing") {
		t.Error("ShowScreen does not bring the screen forward, or claims a missing one")
	}
	var tabs []string
	for _, it := range s.screen.View().Tabs().Items {
		tabs = append(tabs, it.Text)
	}
	if len(tabs) != 4 || tabs[2] != "Between" {
		t.Errorf("editor tabs = %v; want the registered tab between Rules and File", tabs)
	}
	s.RefreshMenu()
	if len(seen) != 2 {
		t.Errorf("RefreshMenu did not run the hooks again (%d runs)", len(seen))
	}
}

func TestScreenIconNameIsResolvedWithTheWindow(t *testing.T) {
	onlyOwnScreens(t)
	RegisterScreen(Screen{Title: "Named", IconName: theme.IconNameSearch, Make: func(*Shell) fyne.CanvasObject { return container.NewWithoutLayout() }})
	s := newTestShell(t, fixtureDirs(t))
	if it := s.tabs.tabs.Items[1]; it.Icon == nil || it.Icon.Name() != theme.SearchIcon().Name() {
		t.Errorf("screen icon = %v; want the theme's search icon", it.Icon)
	}
}
