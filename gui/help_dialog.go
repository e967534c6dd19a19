package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/internal/release"
	"github.com/agentmgr/agentmgr/locations"
)

// Labels of the Help menu's items.
const (
	ItemAbout     = "About agentmgr and its files…"
	ItemShortcuts = "Keyboard shortcuts…"
)

// aboutRows are what the About dialog shows: the version, where the documentation is, and
// where every file agentmgr reads or writes lives, so a person can find them without reading
// the source.
func aboutRows(dirs locations.Dirs, version string) [][2]string {
	rows := [][2]string{
		{"Version", "agentmgr " + version},
		{"Documentation", "README.md and docs/ beside agentmgr's source; in a terminal, agentmgr --help and agentmgr COMMAND --help"},
		{"Agent dir", dirs.Agent},
		{"Your personas", dirs.GlobalAgents()},
	}
	if dirs.Project != "" {
		rows = append(rows, [2]string{"Project personas", dirs.ProjectAgents()}, [2]string{"Project guards", dirs.ProjectGuards()})
	}
	return append(rows,
		[2]string{"Active agent, yolo", dirs.StateFile()},
		[2]string{"Guards", dirs.GlobalGuards()},
		[2]string{"Session rules", dirs.SessionsDir()},
		[2]string{"Review log", dirs.ReviewLog()},
		[2]string{"Trash", dirs.TrashDir()},
		[2]string{"Keybindings", dirs.Keybindings()},
	)
}

// showAbout shows the About dialog.
func showAbout(win fyne.Window, dirs locations.Dirs) {
	form := widget.NewForm()
	for _, r := range aboutRows(dirs, release.Version) {
		l := widget.NewLabel(r[1])
		l.Wrapping = fyne.TextWrapBreak
		l.Selectable = true
		form.Append(r[0], l)
	}
	d := dialog.NewCustom("About agentmgr", choiceClose, container.NewVScroll(form), win)
	d.Resize(fyne.NewSize(720, 520))
	d.Show()
}

// shortcutRows lists every menu item that has a shortcut, by menu, as "keys", "Menu › Item":
// the one list of the app's keys, read from the menu that defines them, so it cannot drift.
func shortcutRows(mm *fyne.MainMenu) [][2]string {
	var out [][2]string
	var walk func(menu string, items []*fyne.MenuItem)
	walk = func(menu string, items []*fyne.MenuItem) {
		for _, it := range items {
			if it.ChildMenu != nil {
				walk(menu+" › "+it.Label, it.ChildMenu.Items)
			}
			if it.Shortcut != nil && !it.IsSeparator {
				out = append(out, [2]string{shortcutText(it.Shortcut), menu + " › " + it.Label})
			}
		}
	}
	if mm != nil {
		for _, m := range mm.Items {
			walk(m.Label, m.Items)
		}
	}
	return out
}

// shortcutText names a shortcut's keys as a person reads them (Ctrl+Shift+Z).
func shortcutText(sc fyne.Shortcut) string {
	switch s := sc.(type) {
	case *desktop.CustomShortcut:
		var parts []string
		for _, m := range []struct {
			mod  fyne.KeyModifier
			name string
		}{{fyne.KeyModifierControl, "Ctrl"}, {fyne.KeyModifierAlt, "Alt"}, {fyne.KeyModifierShift, "Shift"}, {fyne.KeyModifierSuper, "Super"}} {
			if s.Modifier&m.mod != 0 {
				parts = append(parts, m.name)
			}
		}
		return strings.Join(append(parts, keyText(s.KeyName)), "+")
	case *fyne.ShortcutUndo:
		return "Ctrl+Z"
	case *fyne.ShortcutRedo:
		return "Ctrl+Y"
	}
	return strings.TrimPrefix(sc.ShortcutName(), "CustomDesktop:")
}

// printedKeyNames are the names keyboards print on the keys Fyne names otherwise (Fyne names
// Page Down "Next").
var printedKeyNames = map[fyne.KeyName]string{fyne.KeyPageDown: "PageDown", fyne.KeyPageUp: "PageUp"}

// keyText is a key's name as keyboards print it.
func keyText(k fyne.KeyName) string {
	if name, ok := printedKeyNames[k]; ok {
		return name
	}
	return string(k)
}

// showShortcuts shows the keyboard shortcuts of mm.
func showShortcuts(win fyne.Window, mm *fyne.MainMenu) {
	rows := append(shortcutRows(mm), [2]string{"Tab, Shift+Tab", "next and previous field; Space presses a focused button"})
	grid := container.NewGridWithColumns(2)
	for _, r := range rows {
		grid.Add(widget.NewLabelWithStyle(r[0], fyne.TextAlignLeading, fyne.TextStyle{Monospace: true}))
		grid.Add(widget.NewLabel(r[1]))
	}
	d := dialog.NewCustom("Keyboard shortcuts", choiceClose, container.NewVScroll(grid), win)
	d.Resize(fyne.NewSize(620, 520))
	d.Show()
}
