package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/personas"
)

// opened is a workspace over files with key selected and open, as the window opens it.
func opened(t *testing.T, files map[string]string, key string) (*Workspace, *personas.Catalog) {
	t.Helper()
	_, c := agentDir(t, files)
	w := New(c, nil, personas.State{})
	w.Select(key, personaedit.OpenEditor(c, key))
	return w, c
}

func TestPlanDeleteAsksAndSaysWhatIsDropped(t *testing.T) {
	tests := []struct {
		name     string
		open     string
		edit     bool
		wantOK   bool
		wantMsgs []string
		dropped  bool
	}{
		{"a_file", "critic", false, true, []string{"Critic.md", "trash", "You can also undo it right after."}, false},
		{"with_unsaved_edits", "critic", true, true, []string{"You can also undo it right after."}, true},
		{"a_builtin", "planner", false, false, nil, false},
		{"nothing_open", "", false, false, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := opened(t, map[string]string{"critic.md": critic}, tt.open)
			if tt.open == "" {
				w.Select("", nil)
			}
			if tt.edit {
				w.Draft().Update(func(d *personaedit.Draft) { d.Description = "Unsaved." })
			}
			plan, ok, err := w.PlanDelete()
			if err != nil {
				t.Fatal(err)
			}
			if ok != tt.wantOK {
				t.Fatalf("PlanDelete ok = %v, want %v", ok, tt.wantOK)
			}
			if !ok {
				return
			}
			q := plan.Question
			if q.Title != "Delete critic?" || q.Confirm != "Delete" || plan.Restore != "critic" {
				t.Errorf("question %+v restoring %q; want Delete critic? with Delete, restoring critic", q, plan.Restore)
			}
			for _, want := range tt.wantMsgs {
				if !strings.Contains(strings.ToLower(q.Message), strings.ToLower(want)) {
					t.Errorf("message %q lacks %q", q.Message, want)
				}
			}
			if got := strings.Contains(q.Message, "Your unsaved changes are dropped."); got != tt.dropped {
				t.Errorf("message %q says unsaved changes are dropped: %v, want %v", q.Message, got, tt.dropped)
			}
			if first := q.Message[:1]; first != strings.ToUpper(first) {
				t.Errorf("message %q does not start with a capital", q.Message)
			}
		})
	}
}

func TestPlanDeleteMovesTheFileToTheTrash(t *testing.T) {
	w, c := opened(t, map[string]string{"critic.md": critic}, "critic")
	p, _ := c.Lookup("critic")
	plan, ok, err := w.PlanDelete()
	if err != nil || !ok {
		t.Fatalf("PlanDelete: ok %v, %v", ok, err)
	}
	if _, err := os.Stat(p.Path); err != nil {
		t.Fatalf("planning deleted the file already: %v", err)
	}
	if err := plan.Change.Apply(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p.Path); !os.IsNotExist(err) {
		t.Errorf("after Apply the file is still there (%v)", err)
	}
}

func TestPlanTrashBrokenOnlyTakesAFileThatFailedToLoad(t *testing.T) {
	w, c := opened(t, map[string]string{"critic.md": critic, "bad.md": "---\nname: [\n---\n"}, "critic")
	if len(c.FailedFiles()) != 1 {
		t.Fatalf("failed files %q; want bad.md", c.FailedFiles())
	}
	bad := c.FailedFiles()[0]
	plan, err := w.PlanTrashBroken(bad)
	if err != nil {
		t.Fatal(err)
	}
	if q := plan.Question; q.Title != "Move bad.md to the trash?" || q.Confirm != "Move to trash" || plan.Restore != "bad" {
		t.Errorf("question %+v restoring %q", q, plan.Restore)
	}
	good, _ := c.Lookup("critic")
	if _, err := w.PlanTrashBroken(good.Path); err == nil {
		t.Error("a persona that loads was accepted as a broken file to trash")
	}
}

func TestRenameTargetAndDuplicateSource(t *testing.T) {
	tests := []struct {
		name, open string
		rename     string // "" when Rename does nothing
		duplicate  string // "" when Duplicate does nothing
	}{
		{"a_file", "critic", "critic", "critic"},
		{"a_builtin", "planner", "", "planner"},
		{"nothing_open", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := opened(t, map[string]string{"critic.md": critic}, tt.open)
			if tt.open == "" {
				w.Select("", nil)
			}
			name, ok := w.RenameTarget()
			if ok != (tt.rename != "") || name != tt.rename {
				t.Errorf("RenameTarget = %q, %v; want %q", name, ok, tt.rename)
			}
			got := ""
			if p := w.DuplicateSource(); p != nil {
				got = p.Name
			}
			if got != tt.duplicate {
				t.Errorf("DuplicateSource = %q, want %q", got, tt.duplicate)
			}
		})
	}
}

func TestRenameRenamesTheFileAndRefusesABadName(t *testing.T) {
	w, c := opened(t, map[string]string{"critic.md": critic}, "critic")
	if err := w.Rename("critic", "Bad Name"); err == nil || !strings.Contains(err.Error(), "not a valid persona name") {
		t.Errorf("Rename to a bad name: %v", err)
	}
	p, _ := c.Lookup("critic")
	if err := w.Rename("critic", "judge"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(p.Path), "judge.md")); err != nil {
		t.Errorf("no judge.md after the rename: %v", err)
	}
}

func TestAgentmgrOnlyQuestionBeforeASaveThatPiAgentManagerWouldSkip(t *testing.T) {
	const plain = "---\ndescription: Plain.\npermissions:\n  \"*\": ask\n  bash: allow\n---\nWork.\n"
	tests := []struct {
		name string
		edit func(d *personaedit.Draft)
		ask  bool
	}{
		{"a_description", func(d *personaedit.Draft) { d.Description = "Plainer." }, false},
		// A rule with a reason is written as an object, which pi-agent-manager 0.18.1 does not
		// read: it skips the file.
		{"a_rule_with_a_reason", func(d *personaedit.Draft) {
			d.Rules = append(d.Rules, personaedit.RuleRow{Permission: "bash", Pattern: "rm *", Action: "deny", Reason: "use the trash"})
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, _ := opened(t, map[string]string{"plain.md": plain}, "plain")
			w.Draft().Update(tt.edit)
			q := w.AgentmgrOnlyQuestion()
			if (q != nil) != tt.ask {
				t.Fatalf("AgentmgrOnlyQuestion = %+v; want a question: %v", q, tt.ask)
			}
			if q != nil && (q.Confirm != "Save agentmgr-only" || !strings.Contains(q.Message, "agentmgr's gate and pi extension only")) {
				t.Errorf("question %+v", q)
			}
		})
	}
	w, _ := opened(t, map[string]string{"plain.md": plain}, "planner")
	if q := w.AgentmgrOnlyQuestion(); q != nil {
		t.Errorf("a built-in persona, which is not a file pi-agent-manager reads, asks %+v", q)
	}
}

func TestLeaveQuestionOnlyForUnsavedEdits(t *testing.T) {
	w, _ := opened(t, map[string]string{"critic.md": critic}, "critic")
	if q := w.LeaveQuestion(); q != nil {
		t.Errorf("a draft without edits asks %+v before it is left", q)
	}
	w.Draft().Update(func(d *personaedit.Draft) { d.Description = "Unsaved." })
	q := w.LeaveQuestion()
	if q == nil || q.Title != "Unsaved changes" || q.Confirm != "Save" || !strings.HasPrefix(q.Message, "critic has unsaved changes.") {
		t.Errorf("LeaveQuestion after an edit = %+v; want the unsaved changes question naming critic", q)
	}
	w.Draft().Revert()
	if q := w.LeaveQuestion(); q != nil {
		t.Errorf("after Revert the draft still asks %+v", q)
	}
	w.Select("", nil)
	if q := w.LeaveQuestion(); q != nil {
		t.Errorf("with nothing open, leaving asks %+v", q)
	}
}
