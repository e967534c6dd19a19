package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/keysedit"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/locations"
)

// amShell is a shell over an agent dir where pi-agent-manager 0.18.1 and agentmgr disagree:
// gitonly hides bash only in the AM, withreason is skipped by the AM.
func amShell(t *testing.T) (*Shell, string) {
	t.Helper()
	agent := t.TempDir()
	writeFile(t, filepath.Join(agent, "agents", "gitonly.md"), "---\ndescription: git only\npermissions:\n  \"*\": deny\n  bash:\n    \"git *\": allow\n---\n")
	writeFile(t, filepath.Join(agent, "agents", "withreason.md"), "---\ndescription: has a reason\npermissions:\n  bash:\n    \"rm *\": {action: deny, reason: no}\n---\n")
	writeFile(t, filepath.Join(agent, "agents", "plain.md"), "---\ndescription: plain\npermissions:\n  edit: deny\n---\n")
	writeFile(t, filepath.Join(agent, "keybindings.json"), "{\"piAgentManager.next\": \"alt+n\"}\n")
	s := newTestShell(t, locations.Dirs{Agent: agent}, Screens()...)
	return s, agent
}

func TestPersonaListMarksFilesTheAMSkips(t *testing.T) {
	s, _ := amShell(t)
	marks := map[string]string{}
	for _, it := range s.screen.list.Items() {
		marks[it.Key] = markers(it)
	}
	if !strings.Contains(marks["withreason"], "AM skips") {
		t.Errorf("withreason row marks %q, want the AM's skip", marks["withreason"])
	}
	if strings.Contains(marks["gitonly"], "AM") || strings.Contains(marks["planner"], "AM") {
		t.Errorf("files the AM loads are marked: %q %q", marks["gitonly"], marks["planner"])
	}
}

func TestPreviewShowsBothAnswersWhereTheyDiffer(t *testing.T) {
	s, _ := amShell(t)
	s.SelectPersona("gitonly")
	v := NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	note := v.AMNote()
	for _, want := range []string{"Hidden by pi-agent-manager 0.18.1:", "bash", "depends on what you run"} {
		if !strings.Contains(note, want) {
			t.Errorf("AM note %q lacks %q", note, want)
		}
	}
	if row := v.RowSummary("bash"); !strings.Contains(row, "agentmgr: ") || !strings.Contains(row, "pi-agent-manager 0.18.1: hidden") {
		t.Errorf("bash row %q does not show both answers", row)
	}
	if row := v.RowSummary("write"); strings.Contains(row, "pi-agent-manager") {
		t.Errorf("write row %q shows the AM although both hide it", row)
	}
	s.SelectPersona("plain")
	v = NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	// edit: deny hides apply_patch for agentmgr only (the AM maps it to its own key).
	if row := v.RowSummary("apply_patch"); !strings.Contains(row, "pi-agent-manager 0.18.1: shown") {
		t.Errorf("apply_patch row %q", row)
	}
	s.SelectPersona("withreason")
	v = NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	if !strings.Contains(v.AMNote(), "skipped by pi-agent-manager 0.18.1") {
		t.Errorf("withreason note %q", v.AMNote())
	}
}

func TestMatrixShowsBothAnswersWhereTheyDiffer(t *testing.T) {
	s, _ := amShell(t)
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	m.Refresh()
	mx := m.Matrix()
	found := false
	for r, row := range mx.Rows {
		for c, tool := range mx.Tools {
			text := m.CellText(r, c)
			if row.Persona == "gitonly" && tool == "bash" {
				found = true
				if !strings.HasSuffix(text, "|H") {
					t.Errorf("gitonly/bash cell %q, want agentmgr's letter and |H", text)
				}
			}
			if row.Persona == "gitonly" && tool == "write" && strings.Contains(text, "|") {
				t.Errorf("gitonly/write cell %q: both hide it", text)
			}
		}
	}
	if !found {
		t.Fatalf("no gitonly/bash cell in %v", mx.Tools)
	}
}

func TestKeysScreenSaysUnboundInAM(t *testing.T) {
	s, _ := amShell(t)
	k := screenOf[*KeysScreen](t, s, KeysTitle)
	k.update()
	if !hasLabel(k.actions, keysedit.AMUnboundNote) {
		t.Errorf("the Keys screen does not say an action is unbound in pi-agent-manager 0.18.1")
	}
}

func TestSaveAsksBeforeMakingTheAMSkipAFile(t *testing.T) {
	s, agent := amShell(t)
	s.SelectPersona("plain")
	path := filepath.Join(agent, "agents", "plain.md")
	before, _ := os.ReadFile(path)
	s.ws.Draft().Update(func(d *personaedit.Draft) {
		d.Rules = append(d.Rules, personaedit.RuleRow{Permission: "bash", Pattern: "rm *", Action: engine.Deny, Reason: "use the trash"})
	})
	// Said at the edit that causes it, before Save.
	if st := s.screen.View().status; !strings.Contains(st.Text, "skips this whole file") || !strings.Contains(st.Text, "agentmgr-only") {
		t.Errorf("the editor's status does not say the edit makes the file agentmgr-only: %q", st.Text)
	}
	s.edit.saveEditor()
	d := topDialog(s)
	if d == nil || findButton(d, "Save agentmgr-only") == nil {
		t.Fatalf("no question before a save the AM would skip")
	}
	if f := s.Window().Canvas().Focused(); f != findButton(d, choiceCancel) {
		t.Errorf("the question's focused answer is %v; want Cancel, so a stray Space does not make the file agentmgr-only", f)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatalf("the file was written before the answer:\n%s", after)
	}
	findButton(d, "Save agentmgr-only").OnTapped()
	if after, _ := os.ReadFile(path); !strings.Contains(string(after), "use the trash") {
		t.Errorf("Save agentmgr-only did not write:\n%s", after)
	}
}
