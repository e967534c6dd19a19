package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// findChecks lists the check boxes under o, in order.
func findChecks(o fyne.CanvasObject) []*widget.Check {
	var out []*widget.Check
	walk(o, func(o fyne.CanvasObject) {
		if c, ok := o.(*widget.Check); ok {
			out = append(out, c)
		}
	})
	return out
}

// TestImportDialogPicksAndImports: File › Import… reads a .roomodes file, lists its modes with
// their reports, imports the picked ones, and selects the first in the list.
func TestImportDialogPicksAndImports(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	dlg := importTwoModes(t, s)
	checks := findChecks(dlg)
	if len(checks) != 2 || !strings.HasPrefix(checks[0].Text, "docs") {
		t.Fatalf("items listed: %d", len(checks))
	}
	if !strings.Contains(rendered(dlg), "-> ops") {
		t.Errorf("the reports are not shown")
	}
	checks[1].SetChecked(false)
	test.Tap(findButton(dlg, importDo+" 1"))
	settle(t, s, q)
	if _, ok := s.ws.Catalog().Lookup("docs"); !ok || s.ws.Selected() != "docs" {
		t.Fatalf("docs not imported and selected (selected %q)", s.ws.Selected())
	}
	if _, ok := s.ws.Catalog().Lookup("ops"); ok {
		t.Error("ops was imported although not picked")
	}
}

// importTwoModes opens File › Import… and reads a .roomodes file of two modes, docs and ops,
// into it; it returns the dialog.
func importTwoModes(t *testing.T, s *Shell) fyne.CanvasObject {
	t.Helper()
	src := filepath.Join(t.TempDir(), ".roomodes")
	if err := os.WriteFile(src, []byte("customModes:\n  - {slug: docs, name: Docs, roleDefinition: You write docs., groups: [read]}\n  - {slug: ops, name: Ops, roleDefinition: You run things., groups: [command]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	FindMenuItem(s.Window().MainMenu(), MenuFile, ItemImport).Action()
	dlg := topDialog(s)
	findEntry(dlg, importPathHint).SetText(src) // the format is guessed from the name
	test.Tap(findButton(dlg, importRead))
	return dlg
}

// rendered joins the text of every label under o.
func rendered(o fyne.CanvasObject) string {
	var b strings.Builder
	walk(o, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
	})
	return b.String()
}

// TestExportDialogWritesFiles: File › Export… on a persona shows the report for the chosen
// format and writes the files into the chosen folder.
func TestExportDialogWritesFiles(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	FindMenuItem(s.Window().MainMenu(), MenuFile, ItemExport).Action()
	dlg := topDialog(s)
	out := t.TempDir()
	findEntry(dlg, exportOutHint).SetText(out)
	walk(dlg, func(o fyne.CanvasObject) {
		if sel, ok := o.(*widget.Select); ok {
			sel.SetSelected("claude")
		}
	})
	if txt := rendered(dlg); !strings.Contains(txt, "enforced by gate") {
		t.Fatalf("report not shown:\n%s", txt)
	}
	test.Tap(findButton(dlg, exportDo))
	data, err := os.ReadFile(filepath.Join(out, "agents", "reviewer.md"))
	if err != nil || !strings.Contains(string(data), "agentmgr gate claude --agent reviewer") {
		t.Fatalf("exported file: %v\n%s", err, data)
	}
}
