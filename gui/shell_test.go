package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/personalist"
	"github.com/agentmgr/agentmgr/personas"
)

// clickPersona selects key in the persona list the way a click does.
func clickPersona(t *testing.T, s *Shell, key string) {
	t.Helper()
	for i, it := range s.screen.List().Items() {
		if it.Key == key && it.Kind != personalist.ItemHeader {
			s.screen.List().list.Select(i)
			return
		}
	}
	t.Fatalf("no row %q in the list", key)
}

// tabOf returns the content of the open editor's tab titled title.
func tabOf[T any](t *testing.T, s *Shell, title string) T {
	t.Helper()
	v := s.screen.View()
	if v == nil || v.Tabs() == nil {
		t.Fatal("no editor open")
	}
	v.ShowTab(title)
	if c, ok := v.Tab(title).(T); ok {
		return c
	}
	t.Fatalf("no %s tab", title)
	var zero T
	return zero
}

func TestEditDescriptionAndRulesThenSave(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	v := s.screen.View()
	if s.ws.Selected() != "reviewer" || v == nil || v.model.Original().Name != "reviewer" {
		t.Fatalf("selected %q; want reviewer open", s.ws.Selected())
	}
	if !v.save.Disabled() {
		t.Fatal("Save is enabled before any change")
	}

	pt := tabOf[*PersonaTab](t, s, TabPersona)
	pt.Description.SetText("")
	test.Type(pt.Description, "Reviews changes and runs read-only git commands.")

	rt := tabOf[*RulesTab](t, s, TabRules)
	test.Tap(rt.Row(3).pick)
	test.Tap(findButton(rt, "Insert"))
	rt.Row(3).Pattern.SetText("git status*")
	rt.Row(3).Action.SetSelected("allow")
	test.Tap(findButton(rt, "Down"))
	if got := rowsString(s.ws.Draft().Draft().Rules); !strings.Contains(got, "bash git diff * allow; bash git status* allow; bash git log * allow") {
		t.Fatalf("rows after insert and move: %s", got)
	}
	if got := s.screen.List().Items(); !listHas(got, "reviewer", func(it personalist.ListItem) bool { return it.Dirty }) {
		t.Error("the list does not mark reviewer unsaved")
	}
	ft := tabOf[*FileTab](t, s, TabFile)
	if !strings.Contains(ft.Diff(), "+    \"git status*\": allow") {
		t.Errorf("the File tab does not show the new rule:\n%s", ft.Diff())
	}
	if v.save.Disabled() {
		t.Fatalf("Save disabled with valid changes: %s", v.status.Text)
	}
	test.Tap(v.save)
	settle(t, s, q)

	got, err := os.ReadFile(filepath.Join(s.Dirs().GlobalAgents(), "reviewer.md"))
	if err != nil {
		t.Fatal(err)
	}
	assertGolden(t, "reviewer_description_and_rule.md", got)
	if got := s.screen.View().status.Text; got != "Saved reviewer.md." {
		t.Errorf("status after saving = %q; want the Saved confirmation", got)
	}
	if s.ws.Draft().Dirty() || !s.screen.View().save.Disabled() {
		t.Error("still dirty after saving")
	}

	// Revert drops a new edit and puts the entry back.
	pt = tabOf[*PersonaTab](t, s, TabPersona)
	test.Type(pt.Description, " Extra.")
	if !s.ws.Draft().Dirty() {
		t.Fatal("typing did not make the persona dirty")
	}
	test.Tap(s.screen.View().revert)
	if s.ws.Draft().Dirty() || pt.Description.Text != "Reviews changes and runs read-only git commands." {
		t.Errorf("after Revert: dirty %v, description entry %q", s.ws.Draft().Dirty(), pt.Description.Text)
	}
}

func listHas(items []personalist.ListItem, key string, f func(personalist.ListItem) bool) bool {
	for _, it := range items {
		if it.Key == key && f(it) {
			return true
		}
	}
	return false
}

func TestValidationErrorShowsNextToTheFieldAndBlocksSave(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	pt := tabOf[*PersonaTab](t, s, TabPersona)
	pt.Steps.SetText("many")
	if msg := pt.msgs[personaedit.FieldSteps]; !msg.Visible() || !strings.Contains(msg.Text, "whole number") {
		t.Errorf("steps message visible %v text %q; want the error under the field", msg.Visible(), msg.Text)
	}
	if !s.screen.View().save.Disabled() {
		t.Error("Save enabled with an invalid field")
	}
	pt.Steps.SetText("12")
	if pt.msgs[personaedit.FieldSteps].Visible() || s.screen.View().save.Disabled() {
		t.Error("fixing the field did not clear the error and enable Save")
	}
}

func TestBrokenFileShowsItsErrorReadOnly(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	broken := filepath.Join(s.Dirs().GlobalAgents(), "broken.md")
	clickPersona(t, s, broken)
	v := s.screen.View()
	if v == nil || !v.model.Broken() {
		t.Fatal("the broken file did not open")
	}
	if !hasLabel(v, broken+":5:9: permissions.bash: unknown action \"block\"") {
		t.Error("the editor does not show the positioned error")
	}
	if findButton(v, "Save") != nil {
		t.Error("a broken file offers Save")
	}
}

func TestLeavingUnsavedChangesAsks(t *testing.T) {
	tests := []struct {
		choice       string
		wantSelected string
		wantDirty    bool
		wantOnDisk   string // part of reviewer.md afterwards
	}{
		{choiceCancel, "reviewer", true, "Reviews changes; may run"},
		{choiceDiscard, "scout", false, "Reviews changes; may run"},
		{choiceSave, "scout", false, "description: Edited."},
	}
	for _, tt := range tests {
		t.Run(tt.choice, func(t *testing.T) {
			s, q := newQueuedShell(t, fixtureDirs(t))
			clickPersona(t, s, "reviewer")
			reviewer := s.ws.Draft()
			reviewer.Update(func(d *personaedit.Draft) { d.Description = "Edited." })
			clickPersona(t, s, "scout")
			dlg := topDialog(s)
			if dlg == nil || !hasLabel(dlg, "reviewer has unsaved changes") {
				t.Fatal("leaving unsaved changes did not ask")
			}
			test.Tap(findButton(dlg, tt.choice))
			settle(t, s, q)
			if s.ws.Selected() != tt.wantSelected || reviewer.Dirty() != tt.wantDirty {
				t.Errorf("selected %q, reviewer dirty %v; want %q, %v", s.ws.Selected(), reviewer.Dirty(), tt.wantSelected, tt.wantDirty)
			}
			if tt.choice == choiceCancel && !listSelected(s, "reviewer") {
				t.Error("after Cancel the list does not show reviewer selected")
			}
			data, _ := os.ReadFile(filepath.Join(s.Dirs().GlobalAgents(), "reviewer.md"))
			if !strings.Contains(string(data), tt.wantOnDisk) {
				t.Errorf("reviewer.md lacks %q:\n%s", tt.wantOnDisk, data)
			}
		})
	}
}

// listSelected reports whether the list's selected row is key.
func listSelected(s *Shell, key string) bool {
	l := s.screen.List()
	for i, it := range l.Items() {
		if it.Key == key {
			l.list.Select(i) // selecting the selected row changes nothing
			return s.ws.Selected() == key
		}
	}
	return false
}

func TestClosingWithUnsavedChangesAsks(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	closed := false
	s.Window().SetOnClosed(func() { closed = true })
	clickPersona(t, s, "reviewer")
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Hidden = true })

	s.requestClose() // what the window's close button and Quit do
	dlg := topDialog(s)
	if dlg == nil || !hasLabel(dlg, "unsaved changes") {
		t.Fatal("closing with unsaved changes did not ask")
	}
	test.Tap(findButton(dlg, choiceCancel))
	if closed || !s.ws.Draft().Dirty() {
		t.Fatalf("Cancel closed the window (%v) or dropped the edit", closed)
	}
	s.requestClose()
	test.Tap(findButton(topDialog(s), choiceDiscard))
	if !closed {
		t.Error("Discard did not close the window")
	}
}

func TestClosingWithoutChangesDoesNotAsk(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	closed := false
	s.Window().SetOnClosed(func() { closed = true })
	s.requestClose()
	if !closed {
		t.Error("the window did not close")
	}
}

func TestSwitchingTheActiveAgent(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	if s.ws.Active() != "planner" || !strings.Contains(s.Window().Title(), "planner") {
		t.Fatalf("start: active %q title %q; want planner", s.ws.Active(), s.Window().Title())
	}
	tb := s.toolbar
	tb.selector.SetSelected("🔍 reviewer")
	st, _ := personas.LoadState(s.Dirs())
	if st.Active != "reviewer" || s.ws.Active() != "reviewer" || !strings.Contains(s.Window().Title(), "reviewer") {
		t.Fatalf("after choosing reviewer: state %q, active %q, title %q", st.Active, s.ws.Active(), s.Window().Title())
	}
	if !listHas(s.screen.List().Items(), "reviewer", func(it personalist.ListItem) bool { return it.Active }) {
		t.Error("the list does not mark reviewer active")
	}
	// Next skips the subagent scout and the hidden tinker, and wraps to planner.
	test.Tap(tb.prev)
	if s.ws.Active() != "builder" {
		t.Errorf("Previous from reviewer = %q; want builder", s.ws.Active())
	}
	s.CycleActive(1)
	s.CycleActive(1)
	if s.ws.Active() != "planner" {
		t.Errorf("Next twice from builder = %q; want planner (scout and tinker are not offered)", s.ws.Active())
	}
	if st, _ := personas.LoadState(s.Dirs()); st.Active != "planner" {
		t.Errorf("state file says %q after cycling; want planner", st.Active)
	}
}

func TestYoloBadgeAndTitle(t *testing.T) {
	dirs := fixtureDirs(t)
	writeFile(t, dirs.StateFile(), `{"active": "builder", "yolo": true}`)
	s := newTestShell(t, dirs)
	if !s.toolbar.yolo.Visible() || !strings.Contains(s.Window().Title(), "YOLO") {
		t.Errorf("yolo on: badge visible %v, title %q", s.toolbar.yolo.Visible(), s.Window().Title())
	}
	if s.ws.Active() != "builder" {
		t.Errorf("active = %q, want builder from the state file", s.ws.Active())
	}
}

func TestSearchFiltersTheList(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	test.Type(s.toolbar.Search, "git")
	var got []string
	for _, it := range s.screen.List().Items() {
		got = append(got, it.Title)
	}
	if strings.Join(got, ", ") != "Global, reviewer" {
		t.Errorf("list for search \"git\" = %q; want the Global heading and reviewer", got)
	}
}

func TestBuiltinIsReadOnlyWithCustomize(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "builder")
	v := s.screen.View()
	pt := tabOf[*PersonaTab](t, s, TabPersona)
	if !pt.Description.Disabled() || findButton(v, "Customize…") == nil {
		t.Errorf("built-in: description disabled %v, Customize offered %v", pt.Description.Disabled(), findButton(v, "Customize…") != nil)
	}
}

func TestRevealRuleOpensTheRulesTabOnTheRow(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	s.RevealRule("reviewer", 4)
	v := s.screen.View()
	if s.ws.Selected() != "reviewer" || v.Tabs().Selected().Text != TabRules || s.ws.Draft().SelectedRule() != 4 {
		t.Errorf("RevealRule: selected %q, tab %q, row %d", s.ws.Selected(), v.Tabs().Selected().Text, s.ws.Draft().SelectedRule())
	}
}

func TestMenuShortcutsWorkOnTheCanvas(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "Saved by shortcut." })
	sc, ok := s.Window().Canvas().(fyne.Shortcutable)
	if !ok {
		t.Fatal("the canvas takes no shortcuts")
	}
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault})
	settle(t, s, q)
	data, _ := os.ReadFile(s.ws.Draft().Path())
	if !strings.Contains(string(data), "description: Saved by shortcut.") || s.ws.Draft().Dirty() {
		t.Errorf("Ctrl+S did not save:\n%s", data)
	}
	if mm := s.Window().MainMenu(); FindMenuItem(mm, MenuFile, ItemSave) == nil || FindMenuItem(mm, MenuAgent, ItemNextAgent) == nil {
		t.Error("the main menu lacks Save or Next agent")
	}
}

func TestReopeningAfterAnOutsideChangeKeepsTheEditorTab(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	tabOf[*RulesTab](t, s, TabRules)
	before := s.ws.Draft()
	data, _ := os.ReadFile(before.Path())
	writeFile(t, before.Path(), strings.Replace(string(data), "Reviews changes", "Reviews all changes", 1))
	s.Reload()
	settle(t, s, q)
	if s.ws.Draft() == before || s.ws.Draft().Draft().Description != "Reviews all changes; may run read-only git commands." {
		t.Fatal("a clean editor did not reopen the changed file")
	}
	if got := s.screen.View().Tabs().Selected().Text; got != TabRules {
		t.Errorf("after reopening the editor shows the %s tab; want Rules", got)
	}
}

func TestABrokenActivePersonaIsNamedAsSuch(t *testing.T) {
	dirs := fixtureDirs(t)
	writeFile(t, dirs.StateFile(), `{"active": "broken"}`)
	s := newTestShell(t, dirs)
	if s.ws.Active() != "planner" {
		t.Fatalf("active = %q; want pi's fallback, planner", s.ws.Active())
	}
	if got := s.Window().Title(); !strings.Contains(got, "broken does not load") {
		t.Errorf("title %q does not say the active agent does not load", got)
	}
	if !s.notice.box.Visible() || !strings.Contains(s.notice.text.Text, "its file does not load (broken.md)") ||
		!strings.Contains(s.notice.text.Text, "pi runs planner") {
		t.Errorf("notice %q (shown %v); want the broken active persona named", s.notice.text.Text, s.notice.box.Visible())
	}
	if err := s.SetActive("reviewer"); err != nil {
		t.Fatal(err)
	}
	if got := s.Window().Title(); strings.Contains(got, "does not load") {
		t.Errorf("after choosing reviewer the title still says %q", got)
	}
}
