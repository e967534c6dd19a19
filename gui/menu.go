package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// Labels of the built-in menus and items, so that menu hooks can find them with FindMenuItem
// (to give "Next agent" the shortcut keybindings.json names, say).
const (
	MenuFile  = "File"
	MenuAgent = "Agent"
	MenuView  = "View"
	MenuEdit  = "Edit"
	MenuHelp  = "Help"

	ItemUndo = "Undo"
	ItemRedo = "Redo"

	ItemNewPersona    = "New persona…"
	ItemImport        = "Import…"
	ItemExport        = "Export…"
	ItemSave          = "Save"
	ItemRevert        = "Revert"
	ItemReload        = "Reload"
	ItemQuit          = "Quit"
	ItemNextAgent     = "Next agent"
	ItemPreviousAgent = "Previous agent"
	// ItemLeastPrivilege proposes, from the review log, a persona that keeps only what the
	// selected one was allowed to do.
	ItemLeastPrivilege = "Least privilege from the log…"
)

// mainMenu assembles the main menu: the built-in menus, then every registered hook. This is the
// only place the menu is built.
func (s *Shell) mainMenu() *fyne.MainMenu {
	file := fyne.NewMenu(MenuFile,
		&fyne.MenuItem{Label: ItemNewPersona, Action: s.files.newPersona,
			Shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}},
		&fyne.MenuItem{Label: ItemSave, Action: s.edit.saveEditor,
			Shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}},
		&fyne.MenuItem{Label: ItemRevert, Action: s.edit.revertEditor},
		fyne.NewMenuItemSeparator(),
		&fyne.MenuItem{Label: ItemImport, Action: s.importer.show},
		&fyne.MenuItem{Label: ItemExport, Action: s.exporter.show},
		fyne.NewMenuItemSeparator(),
		&fyne.MenuItem{Label: ItemReload, Action: s.Reload,
			Shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault}},
		fyne.NewMenuItemSeparator(),
		// IsQuit makes this the one quit item, so quitting goes through the unsaved-edits prompt.
		&fyne.MenuItem{Label: ItemQuit, IsQuit: true, Action: s.requestClose,
			Shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}},
	)
	// Undo and Redo act on the persona open in the editor, a whole edit at a time (a run of
	// typing in one field, a rule added, moved or deleted, a Revert).
	edit := fyne.NewMenu(MenuEdit,
		&fyne.MenuItem{Label: ItemUndo, Action: s.edit.undo, Shortcut: &fyne.ShortcutUndo{}},
		&fyne.MenuItem{Label: ItemRedo, Action: s.edit.redo, Shortcut: &fyne.ShortcutRedo{}},
		&fyne.MenuItem{Label: ItemRedo + " (Ctrl+Shift+Z)", Action: s.edit.redo,
			Shortcut: &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}},
	)
	agent := fyne.NewMenu(MenuAgent,
		&fyne.MenuItem{Label: ItemNextAgent, Action: func() { s.CycleActive(1) }},
		&fyne.MenuItem{Label: ItemPreviousAgent, Action: func() { s.CycleActive(-1) }},
		fyne.NewMenuItemSeparator(),
		&fyne.MenuItem{Label: ItemLeastPrivilege, Action: s.leastPriv.suggestForSelected},
	)
	view := fyne.NewMenu(MenuView)
	for i, title := range s.tabs.titles() {
		i := i
		item := &fyne.MenuItem{Label: title, Action: func() { s.tabs.show(i) }}
		if i < 9 {
			item.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyName(rune('1' + i)), Modifier: fyne.KeyModifierAlt}
		}
		view.Items = append(view.Items, item)
	}
	view.Items = append(append(view.Items, fyne.NewMenuItemSeparator()), tabItems(s.CycleTab)...)
	view.Items = append(append(view.Items, fyne.NewMenuItemSeparator()), themeItems(s.app, s.RefreshMenu)...)
	help := fyne.NewMenu(MenuHelp,
		&fyne.MenuItem{Label: ItemAbout, Action: func() { showAbout(s.win, s.dirs) }},
		&fyne.MenuItem{Label: ItemShortcuts, Action: func() { showShortcuts(s.win, s.win.MainMenu()) }},
	)
	mm := fyne.NewMainMenu(file, edit, agent, view, help)
	for _, h := range menuExtensions() {
		h(s, mm)
	}
	return mm
}

// RefreshMenu assembles the main menu again (after a hook's inputs changed, such as the
// configured keybindings) and registers its shortcuts on the window.
func (s *Shell) RefreshMenu() { s.menu.set(s.mainMenu()) }

// menuBar is the window's main menu as last set, with its shortcuts also on the canvas.
type menuBar struct {
	win       fyne.Window
	shortcuts []fyne.Shortcut // menu shortcuts registered on the canvas
	// listeners run after set put up a new menu (the Keys screen names the menu items its
	// keys open).
	listeners []func()
}

// set makes mm the window's main menu, puts its shortcuts on the canvas and tells the
// listeners.
func (b *menuBar) set(mm *fyne.MainMenu) {
	b.win.SetMainMenu(mm)
	b.registerShortcuts(mm)
	for _, f := range b.listeners {
		f()
	}
}

// onChange calls f after every set.
func (b *menuBar) onChange(f func()) { b.listeners = append(b.listeners, f) }

// registerShortcuts puts every menu shortcut on the canvas too. The desktop driver tries the
// main menu first, so a shortcut never runs twice; the canvas copy is what makes shortcuts work
// where the menu is not native, and in tests.
func (b *menuBar) registerShortcuts(mm *fyne.MainMenu) {
	c := b.win.Canvas()
	for _, sc := range b.shortcuts {
		c.RemoveShortcut(sc)
	}
	b.shortcuts = b.shortcuts[:0]
	var walk func(items []*fyne.MenuItem)
	walk = func(items []*fyne.MenuItem) {
		for _, it := range items {
			if it.ChildMenu != nil {
				walk(it.ChildMenu.Items)
			}
			if it.Shortcut == nil || it.Action == nil {
				continue
			}
			action := it.Action
			c.AddShortcut(it.Shortcut, func(fyne.Shortcut) { action() })
			b.shortcuts = append(b.shortcuts, it.Shortcut)
		}
	}
	for _, m := range mm.Items {
		walk(m.Items)
	}
}

// FindMenuItem returns the item labelled label in the menu labelled menu, or nil.
func FindMenuItem(mm *fyne.MainMenu, menu, label string) *fyne.MenuItem {
	for _, m := range mm.Items {
		if m.Label != menu {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	return nil
}
