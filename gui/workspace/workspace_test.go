package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// agentDir writes persona files (name -> text) into a temporary agent dir and loads it.
func agentDir(t *testing.T, files map[string]string) (locations.Dirs, *personas.Catalog) {
	t.Helper()
	dirs := locations.Dirs{Agent: t.TempDir()}
	for name, text := range files {
		path := filepath.Join(dirs.GlobalAgents(), name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dirs, personas.Load(dirs)
}

const critic = "---\ndescription: Finds faults.\npermissions:\n  \"*\": ask\n  read: allow\n---\nCriticise.\n"

// recorder keeps every typed event a workspace delivers, in order.
type recorder struct{ got []string }

func (r *recorder) subscribe(w *Workspace) (unsubscribe func()) {
	subs := []func(){
		w.OnCatalog(func(CatalogEvent) { r.got = append(r.got, "catalog") }),
		w.OnActive(func(e ActiveEvent) { r.got = append(r.got, "active:"+e.Active) }),
		w.OnSelection(func(e SelectionEvent) { r.got = append(r.got, "selection:"+e.Selected) }),
		w.OnDraft(func(e DraftEvent) { r.got = append(r.got, "draft") }),
	}
	return func() {
		for _, u := range subs {
			u()
		}
	}
}

func TestWorkspaceTellsEachScreenOnlyTheChangesItFollows(t *testing.T) {
	_, c := agentDir(t, map[string]string{"critic.md": critic})
	w := New(c, nil, personas.State{Active: "critic"})
	if w.Active() != "critic" {
		t.Fatalf("active %q; want critic, as the state says", w.Active())
	}
	var r recorder
	r.subscribe(w)
	m := personaedit.OpenEditor(c, "critic")
	w.Publish(w.Select("critic", m))
	m.Update(func(d *personaedit.Draft) { d.Description = "Finds more faults." })
	w.Publish(w.FollowState(personas.State{Active: "critic", Yolo: true}))
	w.Publish(w.SetCatalog(c, nil))
	want := []string{"selection:critic", "draft", "active:critic", "catalog"}
	if !slices.Equal(r.got, want) {
		t.Errorf("events %q; want %q", r.got, want)
	}
	if !w.Yolo() {
		t.Error("yolo from the state was not taken")
	}
	if p := w.EditedPersona("critic"); p == nil || p.Description != "Finds more faults." {
		t.Errorf("EditedPersona = %+v; want the unsaved description", p)
	}
}

func TestUnsubscribedScreenIsNotCalled(t *testing.T) {
	_, c := agentDir(t, map[string]string{"critic.md": critic})
	w := New(c, nil, personas.State{})
	var gone, kept recorder
	unsubscribe := gone.subscribe(w)
	kept.subscribe(w)
	before := w.Subscribers()
	unsubscribe()
	if n := w.Subscribers(); n != before-4 {
		t.Errorf("%d subscriptions after one screen's four ended; want %d", n, before-4)
	}
	m := personaedit.OpenEditor(c, "critic")
	w.Publish(w.Select("critic", m))
	m.Update(func(d *personaedit.Draft) { d.Prompt = "Criticise harder.\n" })
	w.Publish(w.SetCatalog(c, nil))
	if len(gone.got) != 0 {
		t.Errorf("the unsubscribed screen was called with %q", gone.got)
	}
	if len(kept.got) != 3 {
		t.Errorf("the subscribed screen heard %q; want selection, draft and catalog", kept.got)
	}
}

func TestDraftReplacedIsNoLongerHeard(t *testing.T) {
	_, c := agentDir(t, map[string]string{"critic.md": critic, "scout.md": critic})
	w := New(c, nil, personas.State{})
	old := personaedit.OpenEditor(c, "critic")
	w.Select("critic", old)
	w.Select("scout", personaedit.OpenEditor(c, "scout"))
	drafts := 0
	w.OnDraft(func(DraftEvent) { drafts++ })
	old.Update(func(d *personaedit.Draft) { d.Description = "An edit of a model no longer open." })
	if drafts != 0 {
		t.Errorf("an edit of the model that was open before was published %d times", drafts)
	}
}

func TestSelectionFollowsAFixedBrokenFile(t *testing.T) {
	dirs, broken := agentDir(t, map[string]string{"critic.md": "---\ndescription: [unclosed\n---\n"})
	w := New(broken, nil, personas.State{})
	path := filepath.Join(dirs.GlobalAgents(), "critic.md")
	w.Select(path, nil)
	if err := os.WriteFile(path, []byte(critic), 0o644); err != nil {
		t.Fatal(err)
	}
	c := w.SetCatalog(personas.Load(dirs), []engine.Ruleset{{}})
	if w.Selected() != "critic" || !c.Has(SelectionChanged|CatalogChanged) {
		t.Errorf("after the fix: selected %q, change %s; want the persona critic selected, catalog+selection", w.Selected(), c)
	}
	if len(w.Guards()) != 1 {
		t.Errorf("guards %v; want the ones loaded with the catalog", w.Guards())
	}
}

func TestMissingActiveFallsBackToTheDefault(t *testing.T) {
	_, c := agentDir(t, nil)
	w := New(c, nil, personas.State{Active: "ghost"})
	if w.MissingActive() != "ghost" || w.Active() == "ghost" {
		t.Fatalf("active %q, missing %q; want the default active and ghost missing", w.Active(), w.MissingActive())
	}
	if text := w.MissingActiveText(); text == "" {
		t.Error("no text about the missing active agent")
	}
	if ch := w.FollowState(personas.State{Active: "ghost"}); ch != 0 {
		t.Errorf("the same state again changed %s; want nothing", ch)
	}
}

func TestSavesAreCountedAndTheSavedNoteEndsWithAnEdit(t *testing.T) {
	_, c := agentDir(t, nil)
	w := New(c, nil, personas.State{})
	w.Saved("a.md")
	if w.Saves() != 1 || w.SavedPath() != "a.md" {
		t.Errorf("after a save: %d saves, saved %q", w.Saves(), w.SavedPath())
	}
	if n := w.NoteWrite(); n != 2 {
		t.Errorf("NoteWrite = %d; want 2", n)
	}
	w.Edited()
	if w.SavedPath() != "" {
		t.Errorf("saved path %q after an edit; want none", w.SavedPath())
	}
}

func TestClosedWorkspaceCallsNoScreen(t *testing.T) {
	_, c := agentDir(t, map[string]string{"critic.md": critic})
	w := New(c, nil, personas.State{})
	var r recorder
	r.subscribe(w)
	w.Close()
	w.Publish(w.SetCatalog(c, nil))
	if len(r.got) != 0 || w.Subscribers() != 0 {
		t.Errorf("after Close: events %q, %d subscribers; want none", r.got, w.Subscribers())
	}
}

func TestActivateWritesTheStateKeepingItsOtherKeys(t *testing.T) {
	dirs, c := agentDir(t, map[string]string{"critic.md": critic})
	w := New(c, nil, personas.State{})
	// Another program set yolo since the app read the state: activating keeps it.
	if err := personas.SaveState(dirs, personas.State{Active: "planner", Yolo: true}); err != nil {
		t.Fatal(err)
	}
	if err := w.Activate(dirs, "critic"); err != nil {
		t.Fatal(err)
	}
	st, probs := personas.LoadState(dirs)
	if personas.HasError(probs) || st.Active != "critic" || !st.Yolo {
		t.Errorf("state after Activate = %+v (%v); want critic active and yolo kept", st, probs)
	}
	if w.Active() != "critic" || !w.Yolo() {
		t.Errorf("workspace active %q yolo %v; want it to follow the state written", w.Active(), w.Yolo())
	}
	if err := w.Activate(dirs, "nobody"); err == nil || !strings.Contains(err.Error(), `no persona named "nobody"`) {
		t.Errorf("Activate of a persona the catalog lacks: %v", err)
	}
	if st, _ := personas.LoadState(dirs); st.Active != "critic" {
		t.Errorf("a refused Activate wrote the state: %+v", st)
	}
}
