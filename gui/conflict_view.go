package gui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/internal/unidiff"
)

// compareVersions shows the three versions of the open persona's file while it changed on disk
// under unsaved edits: what the other program changed (the disk against the text you started
// from), the text on disk, yours, and the one you started from. The person looks before
// choosing Reload or Keep mine.
func (e *editorCommands) compareVersions() {
	m := e.ws.Draft()
	if m == nil {
		return
	}
	v, ok := m.ConflictVersions()
	if !ok {
		return
	}
	name := filepath.Base(m.Path())
	text := func(b []byte) fyne.CanvasObject {
		g := widget.NewTextGrid()
		g.SetText(string(b))
		return container.NewScroll(g)
	}
	diff := func(from, to string, a, b []byte) fyne.CanvasObject {
		g := widget.NewTextGrid()
		g.SetText(unidiff.Diff(from, to, a, b))
		colorDiff(g)
		return container.NewScroll(g)
	}
	disk := text(v.Disk)
	theirs := diff(name+" (you started from)", name+" (on disk)", v.Base, v.Disk)
	if !v.DiskExists {
		disk = widget.NewLabel("The file is gone from disk (deleted, or renamed by another program).")
		theirs = disk
	}
	tabs := container.NewAppTabs(
		container.NewTabItem(TabTheirChanges, theirs),
		container.NewTabItem(TabOnDisk, disk),
		container.NewTabItem(TabYours, text(v.Mine)),
		container.NewTabItem(TabStartedFrom, text(v.Base)),
	)
	d := dialog.NewCustom("Three versions of "+name, "Close", tabs, e.win)
	d.Resize(fyne.NewSize(min(900, e.win.Canvas().Size().Width-40), min(600, e.win.Canvas().Size().Height-40)))
	d.Show()
}

// Titles of the tabs of the three-versions dialog.
const (
	TabTheirChanges = "Their changes"
	TabOnDisk       = "On disk"
	TabYours        = "Yours"
	TabStartedFrom  = "You started from"
)
