package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Enter in the Rename dialog's field renames, as in any form.
func TestEnterConfirmsRename(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	s.files.showRenameDialog("reviewer")
	dlg := topDialog(s)
	name := focusedEntry(s)
	name.SetText("auditor")
	s.Window().Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	settle(t, s, q)
	if _, err := os.Stat(filepath.Join(s.Dirs().GlobalAgents(), "auditor.md")); err != nil {
		t.Fatalf("Enter in the Rename field did not rename (dialog %v): %v", dlg != nil, err)
	}
}

// Export with a relative folder says why it cannot export instead of only greying the button.
func TestExportSaysWhyARelativeFolderCannotBeUsed(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	FindMenuItem(s.Window().MainMenu(), MenuFile, ItemExport).Action()
	dlg := topDialog(s)
	walk(dlg, func(o fyne.CanvasObject) {
		if sel, ok := o.(*widget.Select); ok {
			sel.SetSelected("claude")
		}
	})
	findEntry(dlg, exportOutHint).SetText("out/agents")
	if b := findButton(dlg, exportDo); !b.Disabled() {
		t.Fatal("Export is enabled for a relative folder")
	}
	why := func() bool {
		shown := false
		walk(dlg, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, "full path") && l.Visible() {
				shown = true
			}
		})
		return shown
	}
	if !why() {
		t.Errorf("the dialog does not say why Export is disabled:\n%s", rendered(dlg))
	}
	findEntry(dlg, exportOutHint).SetText(t.TempDir())
	if why() || findButton(dlg, exportDo).Disabled() {
		t.Errorf("a full path still shows the reason (%v) or a disabled Export", why())
	}
}

func TestHiddenSummaryNamesTheTools(t *testing.T) {
	if got := hiddenSummary([]string{"bash", "edit"}, 26); got != "2 of 26 tools hidden: bash, edit" {
		t.Errorf("hiddenSummary = %q", got)
	}
	if got := hiddenSummary(nil, 26); got != "no tool of 26 hidden" {
		t.Errorf("hiddenSummary(none) = %q", got)
	}
}
