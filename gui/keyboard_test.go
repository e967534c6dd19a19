package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// pressTab does what the desktop driver does with Tab: a widget that accepts tabs gets the key,
// otherwise the focus moves on.
func pressTab(c fyne.Canvas) {
	if t, ok := c.Focused().(fyne.Tabbable); ok && t.AcceptsTab() {
		c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
		return
	}
	c.FocusNext()
}

// Tab visits the Persona tab's fields in reading order, from the description to the prompt,
// and goes on out of the prompt; Escape leaves the prompt too, and neither changes the draft.
func TestTabVisitsEveryPersonaFieldInReadingOrder(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t), Screens()[0])
	s.SelectPersona("reviewer")
	pt := tabOf[*PersonaTab](t, s, TabPersona)
	c := s.Window().Canvas()
	c.Focus(s.toolbar.Search)
	want := []struct {
		name string
		o    fyne.Focusable
	}{{"Description", pt.Description}, {"Icon", pt.Icon}, {"Colour", pt.Color}, {"Hidden", pt.Hidden}, {"Steps", pt.Steps}, {"Prompt", pt.Prompt}}
	// One full round, from the search field back to it: the fields in the order Tab reached them.
	var order []string
	for range 200 {
		pressTab(c)
		f := c.Focused()
		if f == s.toolbar.Search {
			break
		}
		walk(pt.Type, func(o fyne.CanvasObject) {
			if fo, ok := o.(fyne.Focusable); ok && fo == f && (len(order) == 0 || order[len(order)-1] != "Type") {
				order = append(order, "Type")
			}
		})
		for _, w := range want {
			if f == w.o {
				order = append(order, w.name)
			}
		}
	}
	if got, exp := strings.Join(order, " "), "Description Type Icon Colour Hidden Steps Prompt"; got != exp {
		t.Fatalf("Tab visits %q; want %q", got, exp)
	}
	c.Focus(pt.Prompt)
	pressTab(c)
	if c.Focused() == pt.Prompt {
		t.Errorf("Tab in the prompt kept the focus there")
	}
	// In a low window the prompt is below the fold: reaching it scrolls it into view.
	s.Window().Resize(fyne.NewSize(800, 560))
	c.Focus(pt.Description)
	c.Focus(pt.Prompt)
	var scroll *container.Scroll
	walk(pt, func(o fyne.CanvasObject) {
		if sc, ok := o.(*container.Scroll); ok && scroll == nil {
			scroll = sc
		}
	})
	if scroll == nil || scroll.Content.Size().Height > scroll.Size().Height && scroll.Offset.Y == 0 {
		t.Errorf("the prompt has the focus below the fold and the tab did not scroll (offset %v)", scroll.Offset)
	}
	c.Focus(pt.Prompt)
	pt.Prompt.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Focused() == pt.Prompt {
		t.Errorf("Escape in the prompt kept the focus there")
	}
	if s.ws.Draft().Dirty() {
		t.Errorf("moving through the fields changed the persona: %q", s.ws.Draft().Draft().Prompt)
	}
	// The documented way to type a tab character.
	c.Focus(pt.Prompt)
	pt.Prompt.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyI, Modifier: fyne.KeyModifierControl})
	if d := s.ws.Draft().Draft().Prompt; len(d) == 0 || d[0] != '\t' {
		t.Errorf("Ctrl+I in the prompt: prompt starts %q; want a tab", d[:min(10, len(d))])
	}
}

// Ctrl+Z and Ctrl+Shift+Z undo and redo editor operations through the Edit menu, while a text
// field has the focus.
func TestEditMenuUndoesAndRedoes(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t), Screens()[0])
	s.SelectPersona("reviewer")
	pt := tabOf[*PersonaTab](t, s, TabPersona)
	s.Window().Canvas().Focus(pt.Description)
	orig := s.ws.Draft().Draft().Description
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Rules = d.Rules[:1] })
	undo := findShortcut(s.Window().MainMenu().Items[1].Items, &fyne.ShortcutUndo{})
	redo := findShortcut(s.Window().MainMenu().Items[1].Items, &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	if undo == nil || redo == nil || s.Window().MainMenu().Items[1].Label != MenuEdit {
		t.Fatal("no Edit menu with Undo (Ctrl+Z) and Redo (Ctrl+Shift+Z)")
	}
	undo.Action()
	if s.ws.Draft().Dirty() || len(s.ws.Draft().Draft().Rules) < 2 {
		t.Errorf("after Undo: dirty %v, %d rules; want the rules back", s.ws.Draft().Dirty(), len(s.ws.Draft().Draft().Rules))
	}
	redo.Action()
	if len(s.ws.Draft().Draft().Rules) != 1 || s.ws.Draft().Draft().Description != orig {
		t.Errorf("after Redo: %d rules; want the deletion again", len(s.ws.Draft().Draft().Rules))
	}
}
