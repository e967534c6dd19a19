package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// View › Theme forces the light or dark variant whatever the desktop's, remembers it, and the
// menu checks the choice.
func TestThemeSwitch(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	a := s.App()
	// The test app's own theme is always dark; start from Fyne's default, as a real app does.
	a.Settings().SetTheme(themeOf(theme.DefaultTheme(), desktopVariant))
	bg := func() any { return a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantLight) }
	light := bg()
	FindMenuItem(s.Window().MainMenu(), MenuView, ItemThemeDark).Action()
	if bg() == light {
		t.Fatal("the dark theme gives the light background")
	}
	if it := FindMenuItem(s.Window().MainMenu(), MenuView, ItemThemeDark); !it.Checked {
		t.Error("the dark theme item is not checked after choosing it")
	}
	if c := a.Settings().Theme().Color(theme.ColorNameFocus, theme.VariantDark); c != focusColor {
		t.Errorf("the chosen theme lost the visible focus colour: %v", c)
	}
	// The next window of the app (a restart) opens dark too.
	s2 := NewShell(a, fixtureDirs(t))
	defer s2.Window().Close()
	if bg() == light {
		t.Error("the theme choice was not kept for the next start")
	}
	FindMenuItem(s2.Window().MainMenu(), MenuView, ItemThemeSystem).Action()
	if bg() != light {
		t.Error("as the desktop: the light variant asked for is not light")
	}
}

// Help › About names the version, the documentation and where the files are; Help › Keyboard
// shortcuts lists the menu's keys.
func TestHelpMenu(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	FindMenuItem(s.Window().MainMenu(), MenuHelp, ItemAbout).Action()
	txt := rendered(topDialog(s))
	for _, want := range []string{"agentmgr 0.", "docs/", s.Dirs().GlobalAgents(), s.Dirs().ReviewLog(), s.Dirs().GlobalGuards()} {
		if !strings.Contains(txt, want) {
			t.Errorf("About does not say %q:\n%s", want, txt)
		}
	}
	test.Tap(findButton(topDialog(s), choiceClose))
	FindMenuItem(s.Window().MainMenu(), MenuHelp, ItemShortcuts).Action()
	txt = rendered(topDialog(s))
	for _, want := range []string{"Ctrl+S", "File › Save", "Ctrl+Tab", "Alt+1", "Ctrl+PageDown"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the shortcuts list lacks %q:\n%s", want, txt)
		}
	}
}
