package personaedit

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/unidiff"
	"github.com/agentmgr/agentmgr/personas"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden from the code")

// assertGolden compares got with testdata/golden/name, or rewrites it with -update.
func assertGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		writeFile(t, path, string(got))
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden file: %v (run the test with -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file:\n%s", name, unidiff.Diff("golden", "got", want, got))
	}
}

func TestSaveWrites(t *testing.T) {
	tests := []struct {
		name    string
		persona string
		edit    func(m *Model)
	}{
		{"reviewer_description_and_rule", "reviewer", func(m *Model) {
			m.Update(func(d *Draft) { d.Description = "Reviews changes and runs read-only git commands." })
			m.SelectRule(3)
			m.InsertRule()
			m.SetRule(3, RuleRow{Permission: "bash", Pattern: "git status*", Action: engine.Allow})
			m.MoveRule(1) // below git diff: order is meaning
		}},
		{"reviewer_deny_reason_and_prompt", "reviewer", func(m *Model) {
			m.SetRule(5, RuleRow{Permission: "bash", Pattern: "git push *", Action: engine.Deny, Reason: "ask a maintainer to push"})
			m.Update(func(d *Draft) { d.Prompt = "Review the change.\n\nBe kind and precise." })
		}},
		{"scout_preset_hidden_steps_color", "scout", func(m *Model) {
			m.Update(func(d *Draft) { d.Preset = "build"; d.Hidden = true; d.Steps = ""; d.Color = "warning" })
		}},
		{"tinker_converted_to_rules", "tinker", func(m *Model) {
			m.ConvertToRules()
			m.SelectRule(0)
			m.Update(func(d *Draft) { d.Hidden = false; d.Icon = "🔧" })
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := openFixture(t, tt.persona)
			tt.edit(m)
			want, err := m.Bytes()
			if err != nil {
				t.Fatalf("Bytes: %v", err)
			}
			diff, _ := m.Diff()
			if err := m.Save(false); err != nil {
				t.Fatalf("Save: %v", err)
			}
			got, err := os.ReadFile(m.Path())
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("Save wrote something else than Bytes promised:\n%s", unidiff.Diff("promised", "written", want, got))
			}
			assertGolden(t, tt.name+".md", got)
			assertGolden(t, tt.name+".diff", []byte(strings.ReplaceAll(diff, m.Path(), "PERSONA")))
			if m.Dirty() || m.Conflict() != ConflictNone {
				t.Errorf("after Save: dirty %v conflict %v; want clean", m.Dirty(), m.Conflict())
			}
			back, probs := personas.Parse(m.Path(), got, personas.ScopeGlobal)
			if back == nil {
				t.Fatalf("the saved file does not load: %v", probs)
			}
			if rowsString(rowsOf(back.Rules)) != rowsString(m.Draft().Rules) {
				t.Errorf("rules read back %s; want %s", rowsString(rowsOf(back.Rules)), rowsString(m.Draft().Rules))
			}
		})
	}
}

func TestSaveOfNothingWritesNothing(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	st, _ := os.Stat(m.Path())
	m.Update(func(d *Draft) { d.Description += "!" })
	m.Update(func(d *Draft) { d.Description = strings.TrimSuffix(d.Description, "!") })
	if err := m.Save(false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(m.BackupPath()); err == nil {
		t.Error("Save of an unchanged persona made a backup: it wrote")
	}
	if st2, _ := os.Stat(m.Path()); !st2.ModTime().Equal(st.ModTime()) {
		t.Error("Save of an unchanged persona touched the file")
	}
}

func TestSaveRefusesInvalidDrafts(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	before, _ := os.ReadFile(m.Path())
	m.Update(func(d *Draft) { d.Description = "" })
	err := m.Save(false)
	if err == nil || !strings.Contains(err.Error(), "description") {
		t.Fatalf("Save with an empty description = %v; want a refusal naming the field", err)
	}
	after, _ := os.ReadFile(m.Path())
	if string(after) != string(before) {
		t.Error("a refused save changed the file")
	}
}

func TestConflictChangedOnDisk(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	m.Update(func(d *Draft) { d.Description = "Mine." })
	theirs, _ := os.ReadFile(m.Path())
	theirsText := strings.Replace(string(theirs), "You review", "You carefully review", 1)
	writeFile(t, m.Path(), theirsText)

	err := m.Save(false)
	if !errors.Is(err, personas.ErrChangedOnDisk) || m.Conflict() != ConflictChanged || m.Banner() == "" {
		t.Fatalf("Save over an outside change = %v, conflict %v, banner %q; want refused with a conflict", err, m.Conflict(), m.Banner())
	}
	if got, _ := os.ReadFile(m.Path()); string(got) != theirsText {
		t.Fatal("the refused save changed the file")
	}
	if err := m.Save(true); !errors.Is(err, ErrUnresolvedConflict) {
		t.Fatalf("Save before choosing = %v; want ErrUnresolvedConflict", err)
	}
	m.KeepMine()
	if m.Conflict() != ConflictKeptMine || m.Banner() != "" {
		t.Fatalf("after KeepMine: conflict %v banner %q", m.Conflict(), m.Banner())
	}
	if d := m.Draft(); d.Description != "Mine." || !strings.HasPrefix(d.Prompt, "You carefully review") {
		t.Fatalf("after KeepMine the draft is %q / %q; want my description and their prompt", d.Description, d.Prompt)
	}
	if err := m.Save(false); !errors.Is(err, ErrNeedsConfirmation) {
		t.Fatalf("first Save after KeepMine = %v; want ErrNeedsConfirmation", err)
	}
	if err := m.Save(true); err != nil {
		t.Fatalf("confirmed Save: %v", err)
	}
	got, _ := os.ReadFile(m.Path())
	if !strings.Contains(string(got), "description: Mine.") || !strings.Contains(string(got), "You carefully review") {
		t.Errorf("saved file lost one side:\n%s", got)
	}
	if m.Conflict() != ConflictNone || m.Dirty() {
		t.Errorf("after the save: conflict %v dirty %v", m.Conflict(), m.Dirty())
	}
}

func TestConflictDeletedOnDisk(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	m.Update(func(d *Draft) { d.Description = "Mine." })
	if err := os.Remove(m.Path()); err != nil {
		t.Fatal(err)
	}
	if reopen := m.DiskChanged(nil, false); reopen || m.Conflict() != ConflictDeleted {
		t.Fatalf("DiskChanged(deleted) with edits: reopen %v conflict %v; want a deleted conflict", reopen, m.Conflict())
	}
	m.KeepMine()
	if err := m.Save(true); err != nil {
		t.Fatalf("confirmed Save of a deleted file: %v", err)
	}
	got, err := os.ReadFile(m.Path())
	if err != nil || !strings.Contains(string(got), "description: Mine.") {
		t.Errorf("file not written again: %v\n%s", err, got)
	}
}

// keptMineOverABrokenFile is reviewer with an edit of mine, after its file became text that
// no longer reads as a persona and I chose to keep my version.
func keptMineOverABrokenFile(t *testing.T) *Model {
	t.Helper()
	m, _ := openFixture(t, "reviewer")
	m.Update(func(d *Draft) { d.Description = "Mine." })
	writeFile(t, m.Path(), "not a persona\n")
	m.DiskChanged([]byte("not a persona\n"), true)
	m.KeepMine()
	return m
}

func TestConflictWithAFileThatNoLongerParses(t *testing.T) {
	m := keptMineOverABrokenFile(t)
	if !m.Overwrites() {
		t.Fatal("keep mine over a broken file does not say Save replaces it")
	}
	diff, err := m.Diff()
	if err != nil || !strings.Contains(diff, "-not a persona") || !strings.Contains(diff, "+description: Mine.") {
		t.Errorf("the diff does not show the disk's text replaced by mine (err %v):\n%s", err, diff)
	}
	if title, msg := m.SaveQuestion(); !strings.Contains(title, "no longer reads") || !strings.Contains(msg, "reviewer.md.bak") {
		t.Errorf("the question is not specific: %q / %q", title, msg)
	}
	if err := m.Save(true); err != nil {
		t.Fatalf("confirmed Save over a broken file: %v", err)
	}
	got, _ := os.ReadFile(m.Path())
	if p, probs := personas.Parse(m.Path(), got, personas.ScopeGlobal); p == nil || p.Description != "Mine." {
		t.Errorf("the file is not my version: %v\n%s", probs, got)
	}
	if bak, err := os.ReadFile(m.BackupPath()); err != nil || string(bak) != "not a persona\n" {
		t.Errorf("the disk's text was not kept in .bak: %q, %v", bak, err)
	}
}

func TestOverwriteRefusesWhenTheBrokenFileChangedAgain(t *testing.T) {
	m := keptMineOverABrokenFile(t)
	writeFile(t, m.Path(), "still not a persona, but other\n")
	if err := m.Save(true); !errors.Is(err, personas.ErrChangedOnDisk) {
		t.Fatalf("Save over a text nobody agreed to replace: %v; want ErrChangedOnDisk", err)
	}
	if got, _ := os.ReadFile(m.Path()); string(got) != "still not a persona, but other\n" {
		t.Errorf("the file was written: %q", got)
	}
	if m.Conflict() != ConflictChanged {
		t.Errorf("conflict = %v; want the new change shown", m.Conflict())
	}
}

func TestDiskChangedWithoutEditsReopens(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	if m.DiskChanged(m.loaded, true) {
		t.Error("same bytes asked for a reopen")
	}
	if !m.DiskChanged([]byte("other"), true) || m.Conflict() != ConflictNone {
		t.Errorf("changed bytes without edits: want a reopen and no conflict (conflict %v)", m.Conflict())
	}
}

func TestRevertClearsKeptMine(t *testing.T) {
	m, _ := openFixture(t, "reviewer")
	m.Update(func(d *Draft) { d.Description = "Mine." })
	data, _ := os.ReadFile(m.Path())
	m.DiskChanged(append(data, "\nmore\n"...), true)
	m.KeepMine()
	m.Revert()
	if m.Conflict() != ConflictNone || m.Dirty() {
		t.Errorf("after Revert: conflict %v dirty %v; want none", m.Conflict(), m.Dirty())
	}
}
