package gui

import (
	"errors"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/keysedit"
	"github.com/agentmgr/agentmgr/keybindings"
)

func keysScreen(t *testing.T) (*Shell, *KeysScreen) {
	t.Helper()
	s := part2Shell(t)
	v := keysScreenOf(s, keysModel(s, ""))
	return s, v
}

func keyStatus(t *testing.T, m *keysedit.Model, id string) keybindings.KeyStatus {
	t.Helper()
	a, ok := m.Action(id)
	if !ok || len(a.Keys) == 0 {
		t.Fatalf("no keys for %s", id)
	}
	return a.Keys[0]
}

func TestKeysScreenFixesAKeyPiSkipsAndSavesLosslessly(t *testing.T) {
	s, v := keysScreen(t)
	if st := keyStatus(t, v.Model(), keybindings.ActionNext); st.Status != keybindings.StatusSkipped {
		t.Fatalf("shift+tab for next = %s, want skipped (pi reserves it)", st.Status)
	}
	if !v.Save.Disabled() {
		t.Errorf("Save is enabled before any change")
	}
	b := findButtonPrefix(v.findings, "Bind next to")
	if b == nil {
		t.Fatalf("no fix offered for the skipped key: %q", labelTexts(v.findings))
	}
	combo := strings.TrimPrefix(b.Text, "Bind next to ")
	test.Tap(b)
	if st := keyStatus(t, v.Model(), keybindings.ActionNext); st.Status != keybindings.StatusOK || st.Text != combo {
		t.Fatalf("after the fix, next = %q %s, want %q ok", st.Text, st.Status, combo)
	}
	if v.Save.Disabled() {
		t.Fatalf("Save is disabled after a change")
	}
	test.Tap(v.Save)
	data, err := os.ReadFile(keysPath(s))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"piAgentManager.next\": \"" + combo + "\",\n  \"piAgentManager.picker\": \"ctrl+shift+a\"\n}\n"
	if string(data) != want {
		t.Errorf("saved keybindings.json =\n%s\nwant only the value changed:\n%s", data, want)
	}
	// The app's own menu now answers to the new key.
	next := FindMenuItem(s.Window().MainMenu(), MenuAgent, ItemNextAgent)
	sc, _ := appShortcut(keybindings.MustParseCombo(combo))
	if next == nil || next.Shortcut == nil || next.Shortcut.ShortcutName() != sc.ShortcutName() {
		t.Errorf("Next agent's shortcut = %+v, want %s", next, combo)
	}
}

func TestKeysScreenCapturesAKey(t *testing.T) {
	s, v := keysScreen(t)
	w := test.NewWindow(v)
	defer w.Close()
	c := v.Capture(keybindings.ActionPrevious)
	test.Tap(c)
	if s.Window().MainMenu() == nil {
		t.Fatal("no main menu")
	}
	c.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierAlt})
	if st := keyStatus(t, v.Model(), keybindings.ActionPrevious); st.Text != "alt+o" || st.Default {
		t.Fatalf("after capturing alt+o, previous = %+v", st)
	}
	if !strings.Contains(v.Model().Text(), `"piAgentManager.previous": "alt+o"`) {
		t.Errorf("the file would not bind previous to alt+o:\n%s", v.Model().Text())
	}
	test.Tap(v.ResetButton(keybindings.ActionPrevious))
	if strings.Contains(v.Model().Text(), "alt+o") {
		t.Errorf("Default did not remove the entry:\n%s", v.Model().Text())
	}
}

func TestKeysScreenPausesMenuShortcutsWhileCapturing(t *testing.T) {
	s, v := keysScreen(t)
	w := test.NewWindow(v)
	defer w.Close()
	if FindMenuItem(s.Window().MainMenu(), MenuFile, ItemSave).Shortcut == nil {
		t.Fatal("Save has no shortcut to begin with")
	}
	c := v.Capture(keybindings.ActionPicker)
	test.Tap(c)
	if sc := FindMenuItem(s.Window().MainMenu(), MenuFile, ItemSave).Shortcut; sc != nil {
		t.Errorf("while capturing, Save keeps its shortcut %s, which would take the press", sc.ShortcutName())
	}
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if FindMenuItem(s.Window().MainMenu(), MenuFile, ItemSave).Shortcut == nil {
		t.Errorf("after the capture, Save lost its shortcut")
	}
}

func TestKeysScreenRefusesToOverwriteOutsideChanges(t *testing.T) {
	s, v := keysScreen(t)
	if err := v.Model().Bind(keybindings.ActionPrevious, keybindings.MustParseCombo("alt+o")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keysPath(s), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.Model().Save(); !errors.Is(err, keybindings.ErrChangedOnDisk) {
		t.Errorf("saving over an outside change: %v, want ErrChangedOnDisk", err)
	}
	if data, _ := os.ReadFile(keysPath(s)); string(data) != "{}\n" {
		t.Errorf("the outside change was overwritten: %s", data)
	}
}

func TestKeysScreenVersionChangesTheCheck(t *testing.T) {
	_, v := keysScreen(t)
	tables := keybindings.Tables()
	oldest := tables[0].Version.String()
	v.Version.SetSelected(oldest)
	if got := v.Model().Table().Version.String(); got != oldest {
		t.Errorf("after choosing pi %s the model checks against %s", oldest, got)
	}
}

func TestAppShortcut(t *testing.T) {
	tests := []struct {
		combo, want string // want is the shortcut name, or "" when the combo cannot be one
	}{
		{"alt+p", "CustomDesktop:Alt+P"},
		{"ctrl+shift+a", "CustomDesktop:Shift+Control+A"},
		{"ctrl+c", "Copy"},
		{"ctrl+z", "Undo"},
		{"ctrl+pageDown", "CustomDesktop:Control+Next"},
		{"shift+tab", ""},
		{"f5", ""},
		{"ctrl+clear", ""},
	}
	for _, tt := range tests {
		sc, err := appShortcut(keybindings.MustParseCombo(tt.combo))
		got := ""
		if err == nil {
			got = sc.ShortcutName()
		}
		if got != tt.want {
			t.Errorf("appShortcut(%s) = %q (%v), want %q", tt.combo, got, err, tt.want)
		}
	}
}

func TestKeysScreenNotesTheMenuItemOfASavedKey(t *testing.T) {
	_, v := keysScreen(t)
	combo := keybindings.MustParseCombo("ctrl+alt+o")
	if err := v.Model().Bind(keybindings.ActionPrevious, combo); err != nil {
		t.Fatal(err)
	}
	test.Tap(v.Save)
	want := "in this app: " + MenuAgent + " › " + ItemPreviousAgent
	if !hasLabel(v.actions, want) {
		t.Errorf("after saving %s for previous, no %q under the key; labels: %q", combo, want, labelTexts(v.actions))
	}
	if !strings.Contains(v.status.Text, "Saved ") {
		t.Errorf("the status no longer says the file was saved: %q", v.status.Text)
	}
}

func TestKeysScreenVersionChoiceIsNotCutShort(t *testing.T) {
	_, v := keysScreen(t)
	w := test.NewWindow(v)
	defer w.Close()
	w.Resize(fyne.NewSize(1100, 700))
	// The Select shows its choice in a RichText that truncates with an ellipsis: every
	// choice must fit in the width it is given.
	var text *widget.RichText
	walk(v.Version, func(o fyne.CanvasObject) {
		if rt, ok := o.(*widget.RichText); ok && text == nil {
			text = rt
		}
	})
	if text == nil {
		t.Fatal("no text in the pi version choice")
	}
	for _, o := range v.Version.Options {
		need := fyne.MeasureText(o, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
		if got := text.Size().Width; got < need {
			t.Errorf("the pi version choice has %v for its text; %q needs %v", got, o, need)
		}
	}
}

func TestKeysScreenInTheWindowNotesMenuItemsFromTheStart(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*KeysScreen](t, s, KeysTitle)
	want := "in this app: " + MenuAgent + " › " + ItemAgentPicker
	if !hasLabel(v.actions, want) {
		t.Errorf("the window's Keys screen does not say %q; labels: %q", want, labelTexts(v.actions))
	}
}

func TestKeysScreenARefusedKeyNeverWidensTheWindow(t *testing.T) {
	s := part2Shell(t)
	s.Window().Resize(fyne.NewSize(800, 600))
	s.ShowScreen(KeysTitle)
	v := screenOf[*KeysScreen](t, s, KeysTitle)
	before := s.frame.MinSize()
	c := v.Capture(keybindings.ActionPrevious)
	width := c.MinSize().Width
	test.Tap(c)
	c.TypedKey(&fyne.KeyEvent{Name: "Print"}) // a key pi has no name for
	if c.Problem() == "" || !c.Capturing() {
		t.Fatalf("after an unbindable key: problem %q, capturing %v; want a problem and still capturing", c.Problem(), c.Capturing())
	}
	if !hasLabel(v.actions, "Press another key, or Esc to cancel") {
		t.Errorf("the reason is not shown under the row: %q", labelTexts(v.actions))
	}
	if got := c.MinSize().Width; got != width {
		t.Errorf("the capture field grew from %v to %v px", width, got)
	}
	if got := s.frame.MinSize(); got.Width > before.Width || got.Width > 800 {
		t.Errorf("the window's minimum width went from %v to %v (window 800 px)", before.Width, got.Width)
	}
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if c.Capturing() || c.Problem() != "" || hasLabel(v.actions, "Press another key") {
		t.Errorf("Escape did not cancel the capture and clear the reason: capturing %v, problem %q", c.Capturing(), c.Problem())
	}
}

func TestKeysScreenAsksBeforeSavingAKeyPiSkips(t *testing.T) {
	for _, answer := range []string{choiceCancel, saveAnyway} {
		t.Run(answer, func(t *testing.T) {
			s := part2Shell(t)
			v := screenOf[*KeysScreen](t, s, KeysTitle)
			before, _ := os.ReadFile(keysPath(s))
			if err := v.Model().Bind(keybindings.ActionPrevious, keybindings.MustParseCombo("ctrl+c")); err != nil {
				t.Fatal(err)
			}
			test.Tap(v.Save)
			d := topDialog(s)
			if d == nil || !hasLabel(d, "ctrl+c") {
				t.Fatal("Save wrote a key pi will skip without asking")
			}
			if after, _ := os.ReadFile(keysPath(s)); string(after) != string(before) {
				t.Fatal("the file changed before the answer")
			}
			test.Tap(findButton(d, answer))
			after, _ := os.ReadFile(keysPath(s))
			if saved := strings.Contains(string(after), "ctrl+c"); saved != (answer == saveAnyway) {
				t.Errorf("answer %q: saved %v", answer, saved)
			}
			if answer == saveAnyway && !strings.HasPrefix(v.status.Text, "Saved") {
				t.Errorf("status after saving = %q; want Saved…", v.status.Text)
			}
		})
	}
}

func TestKeysScreenSkippedKeyNoteDoesNotContradictItself(t *testing.T) {
	_, v := keysScreen(t)
	if hasLabel(v.actions, "works in pi") {
		t.Errorf("a key pi skips is said to work in pi: %q", labelTexts(v.actions))
	}
}

// A Keys fix never proposes a key the app uses itself (ctrl+shift+tab is Previous tab), and a
// pi key that is one of the app's stays the app's in the menu.
func TestKeysScreenNeverProposesTheAppsOwnKeys(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*KeysScreen](t, s, KeysTitle)
	own := ownKeys(s.Window().MainMenu())
	prev, ok := menuCombo(FindMenuItem(s.Window().MainMenu(), MenuView, ItemPreviousTab).Shortcut)
	if !ok || prev.String() != "ctrl+shift+tab" {
		t.Fatalf("Previous tab's key as pi spells it = %q, %v; want ctrl+shift+tab", prev, ok)
	}
	for _, fd := range v.Model().Report().Findings {
		for _, fx := range fd.Fixes {
			for _, k := range fx.Keys {
				for _, o := range own {
					if o.Combo == k {
						t.Errorf("fix %q takes %s, the app's %s", fx.Message, k, o.Name)
					}
				}
			}
		}
	}
	if err := v.Model().Bind(keybindings.ActionPrevious, prev); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, fd := range v.Model().Report().FindingsFor(keybindings.ActionPrevious) {
		found = found || fd.Kind == keybindings.KindAppShortcut
	}
	if !found {
		t.Errorf("previous on ctrl+shift+tab: no finding that the app uses it; findings %v", v.Model().Report().FindingsFor(keybindings.ActionPrevious))
	}
	if err := v.Model().Save(); err != nil {
		t.Fatal(err)
	}
	s.RefreshMenu()
	if it := FindMenuItem(s.Window().MainMenu(), MenuAgent, ItemPreviousAgent); it.Shortcut != nil {
		if c, _ := menuCombo(it.Shortcut); c == prev {
			t.Errorf("Previous agent took ctrl+shift+tab from Previous tab")
		}
	}
}

// At 800x600 the Keys screen shows its problems and several action rows whole, not about one:
// the rows are compact and the file's text takes the smaller part of the height.
func TestKeysScreenShowsSeveralRowsAt800x600(t *testing.T) {
	s := part2Shell(t)
	s.Window().Resize(fyne.NewSize(800, 600))
	s.ShowScreen(KeysTitle)
	v := screenOf[*KeysScreen](t, s, KeysTitle)
	scroll := scrollAround(t, v, v.actions)
	var rows []fyne.CanvasObject
	for _, o := range v.actions.Objects {
		if _, sep := o.(*widget.Separator); !sep {
			rows = append(rows, o)
		}
	}
	if len(rows) < 3 {
		t.Fatalf("the screen has %d action rows; want pi's three", len(rows))
	}
	// Where the actions start within the scrolled content: under the problems.
	top := v.actions.Position().Y
	whole := 0
	for _, r := range rows {
		if top+r.Position().Y+r.Size().Height <= scroll.Size().Height {
			whole++
		}
	}
	if whole < 2 {
		t.Errorf("at 800x600 %d action row(s) show whole in a %v px pane (rows %v, %v, %v high, starting at %v); want several",
			whole, scroll.Size().Height, rows[0].Size().Height, rows[1].Size().Height, rows[2].Size().Height, top)
	}
	fits(t, s, "Keys", 800, 600)
}

// scrollAround is the scroll container of v's tree whose content holds inner.
func scrollAround(t *testing.T, v fyne.Widget, inner fyne.CanvasObject) *container.Scroll {
	t.Helper()
	var found *container.Scroll
	var holds func(o fyne.CanvasObject) bool
	holds = func(o fyne.CanvasObject) bool {
		if o == inner {
			return true
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, x := range c.Objects {
				if holds(x) {
					return true
				}
			}
		}
		return false
	}
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *container.Scroll:
			if holds(x.Content) {
				found = x
			}
		case *container.Split:
			walk(x.Leading)
			walk(x.Trailing)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		}
	}
	for _, o := range test.WidgetRenderer(v).Objects() {
		walk(o)
	}
	if found == nil {
		t.Fatal("no scroll holds the rows")
	}
	return found
}
