package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// Labels of the View menu's tab items.
const (
	ItemNextTab     = "Next tab"
	ItemPreviousTab = "Previous tab"
	ItemTabKeys     = "Also with Ctrl+PageDown/PageUp"
)

// tabItems are the View menu's items that move between tabs: Ctrl+Tab and Ctrl+Shift+Tab, and
// (in a submenu, since an item has one shortcut) Ctrl+PageDown and Ctrl+PageUp. They are menu
// items because the window offers a shortcut to the main menu before the focused widget, so
// they work while an Entry has focus; Fyne's tab bars take no keyboard focus themselves.
func tabItems(cycle func(delta int)) []*fyne.MenuItem {
	ctrl := func(k fyne.KeyName, shift bool) fyne.Shortcut {
		m := fyne.KeyModifierControl
		if shift {
			m |= fyne.KeyModifierShift
		}
		return &desktop.CustomShortcut{KeyName: k, Modifier: m}
	}
	return []*fyne.MenuItem{
		{Label: ItemNextTab, Action: func() { cycle(1) }, Shortcut: ctrl(fyne.KeyTab, false)},
		{Label: ItemPreviousTab, Action: func() { cycle(-1) }, Shortcut: ctrl(fyne.KeyTab, true)},
		{Label: ItemTabKeys, ChildMenu: fyne.NewMenu("",
			&fyne.MenuItem{Label: ItemNextTab, Action: func() { cycle(1) }, Shortcut: ctrl(fyne.KeyPageDown, false)},
			&fyne.MenuItem{Label: ItemPreviousTab, Action: func() { cycle(-1) }, Shortcut: ctrl(fyne.KeyPageUp, false)},
		)},
	}
}

// CycleTab shows the next (delta 1) or previous (-1) tab, wrapping around: the editor's tabs
// while the Personas screen shows a persona, otherwise the window's screens. Focus moves to
// the first field or button of the tab shown, so that Tab goes on from there.
func (s *Shell) CycleTab(delta int) {
	tabs := s.tabs.tabs
	if v := s.screen.View(); tabs.SelectedIndex() == 0 && v != nil && v.Tabs() != nil {
		tabs = v.Tabs()
	}
	n := len(tabs.Items)
	if n == 0 {
		return
	}
	next := ((tabs.SelectedIndex()+delta)%n + n) % n
	if tabs == s.tabs.tabs {
		s.tabs.show(next)
	} else {
		s.screen.View().ShowTab(tabs.Items[next].Text)
	}
	focusFirstIn(s.win.Canvas(), tabs.Items[next].Content)
}

// focusTarget is a tab or screen that names the widget keyboard focus goes to when it is
// shown by key.
type focusTarget interface {
	FocusTarget() fyne.Focusable
}

// focusFirstIn focuses o's focus target; without one, it takes focus away from a widget that
// may now be hidden, so that Tab starts again from the top.
func focusFirstIn(c fyne.Canvas, o fyne.CanvasObject) {
	if st, ok := o.(*fyne.Container); ok && len(st.Objects) == 1 {
		o = st.Objects[0] // a lazily built tab's stack
	}
	if t, ok := o.(focusTarget); ok {
		if f := t.FocusTarget(); f != nil {
			c.Focus(f)
			return
		}
	}
	c.Unfocus()
}

// FocusTarget is the first field that takes typing: the description, since the name is
// changed with Rename… (its field is never typed into); nothing on a read-only persona.
func (t *PersonaTab) FocusTarget() fyne.Focusable {
	for _, f := range []fyne.Focusable{t.Name, t.Description} {
		if d, ok := f.(fyne.Disableable); ok && !d.Disabled() {
			return f
		}
	}
	return nil
}

// FocusTarget is the first row operation that can act (Add on an editable rule map); on a
// preset or a legacy list, which has no rows, the preset choice or Convert to rules, so that
// a keyboard user lands on what the tab offers.
func (t *RulesTab) FocusTarget() fyne.Focusable {
	for _, b := range t.ops {
		if !b.Disabled() && b.Visible() {
			return b
		}
	}
	for _, o := range t.formBox.Objects {
		if f, ok := o.(fyne.Focusable); ok {
			if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
				return f
			}
		}
	}
	return nil
}

// FocusTarget is the tool list: arrows move through it, and a selected tool shows its detail.
func (v *PreviewTab) FocusTarget() fyne.Focusable { return v.list }
