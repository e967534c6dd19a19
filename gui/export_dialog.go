package gui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/convert"
	"github.com/agentmgr/agentmgr/gui/importexport"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
)

// Texts of the Export… dialog that tests look for.
const (
	exportOutHint = "folder to write into"
	// exportNeedsFullPath says why Export stays disabled for a relative folder.
	exportNeedsFullPath = "Type the folder's full path (starting with /): the app has no working folder a relative path could start from."
	exportDo            = "Export"
)

// exportDialog is Export…: the open persona, as saved, written in another agent's format.
type exportDialog struct {
	ws     *workspace.Workspace
	win    fyne.Window
	dirs   *locations.Dirs
	ask    asker
	notice *noticeBar
}

// show exports the selected persona to another agent's format: the person picks
// the format and the folder, sees the fidelity report and the files, and exports.
func (exp *exportDialog) show() {
	if exp.ws.Draft() == nil || exp.ws.Draft().Broken() {
		return
	}
	p := exp.ws.Draft().Original() // what is saved: unsaved edits are not exported
	// The project's folder is the one holding .pi; without a project the person names one.
	root := ""
	if exp.dirs.Project != "" {
		root = filepath.Dir(exp.dirs.Project)
	}
	out := widget.NewEntry()
	out.SetPlaceHolder(exportOutHint)
	report := widget.NewLabel("")
	report.Wrapping = fyne.TextWrapWord
	report.TextStyle = fyne.TextStyle{Monospace: true}
	why := widget.NewLabel(exportNeedsFullPath)
	why.Importance = widget.WarningImportance
	why.Wrapping = fyne.TextWrapWord
	why.Hide()
	var ex *importexport.Export
	var doExport *widget.Button
	refresh := func(format string) {
		var err error
		ex, err = importexport.PrepareExport(p, format, out.Text)
		if err != nil {
			report.SetText(err.Error())
			doExport.Disable()
			return
		}
		report.SetText(ex.ReportText())
		if filepath.IsAbs(out.Text) {
			doExport.Enable()
			why.Hide()
		} else {
			// Relative to what? The app has no working folder to speak of; the person is
			// told so instead of facing a button that does nothing.
			doExport.Disable()
			why.Show()
		}
	}
	format := widget.NewSelect(convert.ExportFormats, nil)
	format.OnChanged = func(f string) {
		if root != "" {
			out.SetText(importexport.DefaultOut(f, root))
		}
		refresh(f)
	}
	out.OnChanged = func(string) {
		if format.Selected != "" {
			refresh(format.Selected)
		}
	}
	var d *dialog.CustomDialog
	doExport = widget.NewButton(exportDo, func() {
		if ex == nil {
			return
		}
		if err := ex.Apply(); err != nil {
			exp.ask.showError(err)
			return
		}
		d.Hide()
		exp.notice.show("Exported "+p.Name+" to "+ex.Format+".", "", nil)
	})
	doExport.Disable()
	top := container.NewVBox(readingBorder(nil, nil, format, nil, out), why)
	body := readingBorder(top, nil, nil, nil, container.NewVScroll(report))
	d = dialog.NewCustomWithoutButtons("Export "+p.Name, body, exp.win)
	d.SetButtons([]fyne.CanvasObject{widget.NewButton(choiceCancel, func() { d.Hide() }), doExport})
	d.Resize(fyne.NewSize(760, 560))
	d.Show()
}
