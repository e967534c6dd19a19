package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personalist"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

func TestNewSpecPrepare(t *testing.T) {
	dirs := fixtureDirs(t)
	c := personas.Load(dirs)
	tests := []struct {
		name    string
		spec    NewSpec
		want    []string // parts of the new file
		wantErr string
	}{
		{"from_a_preset", NewSpec{Name: "critic", Description: "Criticises.", From: presetPrefix + "plan", Scope: personas.ScopeGlobal},
			[]string{"name: critic", "description: Criticises.", "permissions: plan"}, ""},
		{"copy_of_a_file_keeps_its_rules", NewSpec{Name: "reviewer2", From: "reviewer", Scope: personas.ScopeGlobal},
			[]string{"name: reviewer2", `"git push *": {action: deny, reason: "reviewers never push"}`, "# Reviewers read everything"}, ""},
		{"copy_of_a_builtin", NewSpec{Name: "planner", From: "planner", Scope: personas.ScopeGlobal},
			[]string{"name: planner", "ctx_execute: deny"}, ""},
		{"bad_name", NewSpec{Name: "Bad Name", From: presetPrefix + "read", Scope: personas.ScopeGlobal}, nil, "not a valid persona name"},
		{"existing_file", NewSpec{Name: "scout", From: presetPrefix + "read", Scope: personas.ScopeGlobal}, nil, "already exists"},
		{"no_project_here", NewSpec{Name: "x", From: presetPrefix + "read", Scope: personas.ScopeProject}, nil, "no project"},
		{"no_start", NewSpec{Name: "x", Scope: personas.ScopeGlobal}, nil, "choose what the new persona starts from"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := tt.spec.Prepare(dirs, c)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Prepare(%+v) error = %v; want one containing %q", tt.spec, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Prepare(%+v): %v", tt.spec, err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(doc.Bytes()), w) {
					t.Errorf("new file lacks %q:\n%s", w, doc.Bytes())
				}
			}
		})
	}
}

func TestNewPersonaDialogCreatesAndSelects(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	s.files.newPersona()
	dlg := topDialog(s)
	if dlg == nil {
		t.Fatal("New persona showed no dialog")
	}
	var name, desc = findEntry(dlg, "lower-case name, e.g. reviewer"), findEntry(dlg, "what it does (you can change it later)")
	name.SetText("critic")
	desc.SetText("Finds the weak spots.")
	test.Tap(findButton(dlg, "Create"))
	settle(t, s, q)
	if s.ws.Selected() != "critic" || s.ws.Draft() == nil || s.ws.Draft().Original().Description != "Finds the weak spots." {
		t.Fatalf("after Create: selected %q", s.ws.Selected())
	}
	if _, err := os.Stat(filepath.Join(s.Dirs().GlobalAgents(), "critic.md")); err != nil {
		t.Errorf("no file for the new persona: %v", err)
	}
}

func TestRenameFollowsTheActiveAgent(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	if err := s.SetActive("reviewer"); err != nil {
		t.Fatal(err)
	}
	if err := s.files.applyRename("reviewer", "auditor"); err != nil {
		t.Fatal(err)
	}
	settle(t, s, q)
	agents := s.Dirs().GlobalAgents()
	if _, err := os.Stat(filepath.Join(agents, "auditor.md")); err != nil {
		t.Errorf("file not renamed: %v", err)
	}
	if s.ws.Selected() != "auditor" || s.ws.Active() != "auditor" || !strings.Contains(s.Window().Title(), "auditor") {
		t.Errorf("after rename: selected %q active %q title %q; want auditor everywhere", s.ws.Selected(), s.ws.Active(), s.Window().Title())
	}
}

func TestDeleteToTrashAndUndo(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	clickPersona(t, s, "scout")
	path := s.ws.Draft().Path()
	s.files.deletePersona()
	// Delete is not the highlighted default of the question: it destroys, so it is red.
	if b := findButton(topDialog(s), "Delete"); b.Importance != widget.DangerImportance {
		t.Errorf("the Delete button's importance is %v; want danger, not the default", b.Importance)
	}
	test.Tap(findButton(topDialog(s), "Delete"))
	settle(t, s, q)
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("the file is still there after Delete: %v", err)
	}
	if listHas(s.screen.List().Items(), "scout", func(personalist.ListItem) bool { return true }) {
		t.Error("scout still listed after Delete")
	}
	if !s.notice.box.Visible() || !strings.Contains(s.notice.text.Text, "Deleted scout") {
		t.Fatalf("no undo notice after Delete (%q)", s.notice.text.Text)
	}
	test.Tap(s.notice.action)
	settle(t, s, q)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("Undo did not restore the file: %v", err)
	}
	if s.ws.Selected() != "scout" || s.notice.box.Visible() {
		t.Errorf("after Undo: selected %q, notice visible %v", s.ws.Selected(), s.notice.box.Visible())
	}
}

func TestDeleteCanBeCancelled(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "scout")
	path := s.ws.Draft().Path()
	s.files.deletePersona()
	test.Tap(findButton(topDialog(s), choiceCancel))
	if _, err := os.Stat(path); err != nil {
		t.Errorf("Cancel deleted the file: %v", err)
	}
}

func TestNewPersonaDialogSaysWhyCreateIsOffAndEnterCreates(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	s.files.newPersona()
	dlg := topDialog(s)
	name := findEntry(dlg, "lower-case name, e.g. reviewer")
	create := findButton(dlg, "Create")
	height := dlg.MinSize().Height
	test.Type(name, "Critic")
	if !create.Disabled() || !hasLabel(dlg, "Create is off: use lower-case letters (critic)") {
		t.Errorf("with an upper-case name: Create disabled %v, labels %q", create.Disabled(), labelTexts(dlg))
	}
	name.SetText("critic")
	if create.Disabled() || !hasLabel(dlg, "Enter creates it") {
		t.Errorf("with a good name: Create disabled %v, labels %q", create.Disabled(), labelTexts(dlg))
	}
	if h := dlg.MinSize().Height; h != height {
		t.Errorf("the dialog's height changed from %v to %v when the error went", height, h)
	}
	name.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	settle(t, s, q)
	if s.ws.Selected() != "critic" {
		t.Fatalf("Enter in the name did not create the persona: selected %q", s.ws.Selected())
	}
}

// An agent dir with no persona of its own says where personas go and how to make one.
func TestEmptyAgentDirSaysWhereNewPersonasGo(t *testing.T) {
	home := t.TempDir()
	for _, tc := range []struct {
		name  string
		dirs  locations.Dirs
		where string
	}{
		// Under the app's home the folder is written from ~, whatever $HOME of the test is.
		{"under the home", locations.Dirs{Agent: filepath.Join(home, ".pi", "agent"), Home: home}, filepath.Join("~", ".pi", "agent", "agents")},
		{"elsewhere", locations.Dirs{Agent: filepath.Join(home, "agent")}, filepath.Join(home, "agent", "agents")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestShell(t, tc.dirs, Screens()[0])
			var text string
			walk(s.screen, func(o fyne.CanvasObject) {
				if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "No personas of your own yet") {
					text = l.Text
				}
			})
			if !strings.Contains(text, "Ctrl+N") || !strings.Contains(text, tc.where+".") {
				t.Errorf("no hint of New persona and %s on an empty agent dir: %q", tc.where, text)
			}
		})
	}
}
