package gui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/locations"
)

// The main window's structure as render-tree markup (testdata/markup/NAME.xml), and one
// pixel image for what only pixels show (colours, alignment). Regenerate deliberately: delete
// the file, run the test, look at testdata/failed/NAME, and move it into testdata/.
func TestMainWindowImages(t *testing.T) {
	tests := []struct {
		name string
		dirs func(t *testing.T) locations.Dirs
		open string
		tab  string
	}{
		{"markup/window_builtins.xml", func(t *testing.T) locations.Dirs {
			// The empty agent dir's hint names its folder: under the app's home, it reads the
			// same every run.
			dir := t.TempDir()
			return locations.Dirs{Agent: dir, Home: filepath.Dir(dir)}
		}, "", ""},
		{"markup/window_fixture.xml", fixtureDirs, "", ""},
		{"window_fixture_rules.png", fixtureDirs, "reviewer", TabRules},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newTestShell(t, tt.dirs(t))
			if tt.open != "" {
				s.SelectPersona(tt.open)
				s.screen.View().ShowTab(tt.tab)
			}
			if strings.HasSuffix(tt.name, ".xml") {
				test.AssertRendersToMarkup(t, tt.name, s.Window().Canvas())
				return
			}
			test.AssertRendersToImage(t, tt.name, s.Window().Canvas())
		})
	}
}

func TestWindowShowsPersonasFirstThenItsScreensBuiltWhenShown(t *testing.T) {
	built := map[string]int{}
	screen := func(title string, eager bool) Screen {
		return Screen{Title: title, IconName: theme.IconNameSearch, Eager: eager, Make: func(*Shell) fyne.CanvasObject {
			built[title]++
			return widget.NewLabel(title)
		}}
	}
	s := newTestShell(t, fixtureDirs(t), screen("First", false), screen("Second", false), screen("Serving", true))
	if got := s.tabs.titles(); len(got) != 4 || got[0] != PersonasTitle || got[1] != "First" || got[2] != "Second" || got[3] != "Serving" {
		t.Errorf("screens = %v; want Personas, First, Second, Serving", got)
	}
	if it := s.tabs.tabs.Items[1]; it.Icon == nil || it.Icon.Name() != theme.SearchIcon().Name() {
		t.Errorf("screen icon = %v; want the theme's search icon", it.Icon)
	}
	if built["First"] != 0 || built["Second"] != 0 || built["Serving"] != 1 {
		t.Errorf("built before being shown: %v; want only the eager screen", built)
	}
	if !s.ShowScreen("Second") || s.tabs.tabs.Selected().Text != "Second" || s.ShowScreen("Missing") {
		t.Error("ShowScreen does not bring the screen forward, or claims a missing one")
	}
	s.tabs.tabs.SelectIndex(1)
	s.ShowScreen("Second")
	if built["First"] != 1 || built["Second"] != 1 {
		t.Errorf("built %v; want each shown screen built once", built)
	}
	if l, ok := s.ScreenContent("Second").(*widget.Label); !ok || l.Text != "Second" {
		t.Errorf("ScreenContent(Second) = %#v", s.ScreenContent("Second"))
	}
	var tabs []string
	for _, it := range s.screen.View().Tabs().Items {
		tabs = append(tabs, it.Text)
	}
	if want := []string{TabPersona, TabRules, PreviewTitle, ProblemsTitle, TabFile, TabSource, TabSimple, TabHistory}; !slices.Equal(tabs, want) {
		t.Errorf("editor tabs = %v; want %v", tabs, want)
	}
}

func TestEditorTabsAreBuiltWhenShown(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	s.SelectPersona("reviewer")
	v := s.screen.View()
	for i, slot := range v.slots {
		if built := len(slot.Objects) > 0; built != (i == 0) {
			t.Errorf("tab %s built %v before being shown; want only the first tab built", v.tabDefs[i].Title, built)
		}
	}
	v.ShowTab(TabRules)
	if _, ok := v.Tab(TabRules).(*RulesTab); !ok || len(v.slots[1].Objects) != 1 {
		t.Error("showing the Rules tab did not build it")
	}
}
