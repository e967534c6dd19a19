package gui

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/convert"
	"github.com/agentmgr/agentmgr/gui/importexport"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// Texts of the Import… dialog that tests look for.
const (
	importPathHint = "file or folder to import"
	importRead     = "Read"
	importDo       = "Import"
)

// importDialog is Import…: personas read from other agents' files, written as persona files
// of the scope the person picks.
type importDialog struct {
	win fyne.Window
	// dirs are the shell's: creating the first project persona gives them a project.
	dirs *locations.Dirs
	ask  asker
	edit *editorCommands
	load *loader
}

// show asks for a file or folder of another agent's definitions, shows what it
// holds with each item's fidelity report, and imports the picked items.
func (imp *importDialog) show() {
	var im *importexport.Import
	format := widget.NewSelect(convert.Formats, nil)
	format.PlaceHolder = "format"
	path := widget.NewEntry()
	path.SetPlaceHolder(importPathHint)
	path.OnChanged = func(p string) {
		if f := importexport.GuessFormat(p); f != "" {
			format.SetSelected(f)
		}
	}
	scope := widget.NewRadioGroup(scopeChoices(*imp.dirs), nil)
	scope.Horizontal = true
	scope.SetSelected(personas.ScopeGlobal.String())
	picks := container.NewVBox()
	report := widget.NewLabel("")
	report.Wrapping = fyne.TextWrapWord
	report.TextStyle = fyne.TextStyle{Monospace: true}
	var doImport *widget.Button
	var body *fyne.Container
	showItems := func() {
		picks.RemoveAll()
		var texts []string
		for i := range im.Items {
			i := i
			c := widget.NewCheck(im.Label(i), func(on bool) {
				im.Picked[i] = on
				doImport.SetText(fmt.Sprintf("%s %d", importDo, im.PickedCount()))
			})
			c.SetChecked(im.Picked[i])
			picks.Add(c)
			texts = append(texts, im.ReportText(i))
		}
		if e := im.ErrorText(); e != "" {
			texts = append(texts, "could not read:\n"+e)
		}
		if len(im.Items) == 0 && len(im.Errors) == 0 {
			texts = append(texts, "nothing to import here")
		}
		report.SetText(strings.Join(texts, "\n"))
		doImport.SetText(fmt.Sprintf("%s %d", importDo, im.PickedCount()))
		// The list of items grew or shrank: lay the dialog out again, so that the report
		// moves with it (the tick-boxes were drawn over the report).
		body.Refresh()
	}
	read := widget.NewButton(importRead, func() {
		if format.Selected == "" || strings.TrimSpace(path.Text) == "" {
			report.SetText("choose a format and a file or folder first")
			return
		}
		im = importexport.Read(format.Selected, strings.TrimSpace(path.Text))
		showItems()
	})
	browseFile := widget.NewButton("File…", func() {
		dialog.ShowFileOpen(func(r fyne.URIReadCloser, err error) {
			if err == nil && r != nil {
				path.SetText(r.URI().Path())
				_ = r.Close()
			}
		}, imp.win)
	})
	browseFolder := widget.NewButton("Folder…", func() {
		dialog.ShowFolderOpen(func(u fyne.ListableURI, err error) {
			if err == nil && u != nil {
				path.SetText(u.Path())
			}
		}, imp.win)
	})
	var d *dialog.CustomDialog
	doImport = widget.NewButton(importDo, func() {
		if im == nil || im.PickedCount() == 0 {
			return
		}
		sc, _ := personas.ParseScope(scope.Selected)
		d.Hide()
		imp.finish(im.Apply(*imp.dirs, sc))
	})
	top := readingBorder(nil, nil, format, container.NewHBox(browseFile, browseFolder, read), path)
	body = readingBorder(container.NewVBox(top, scope, picks), nil, nil, nil, container.NewVScroll(report))
	d = dialog.NewCustomWithoutButtons("Import personas", body, imp.win)
	d.SetButtons([]fyne.CanvasObject{widget.NewButton(choiceCancel, func() { d.Hide() }), doImport})
	d.Resize(fyne.NewSize(760, 560))
	d.Show()
	imp.win.Canvas().Focus(path)
}

// finish reloads the list and selects the first imported persona; failures are shown
// together.
func (imp *importDialog) finish(res []importexport.Result) {
	var errs []error
	first := ""
	for _, r := range res {
		if r.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", r.Name, r.Err))
		} else if first == "" {
			first = r.Name
		}
	}
	imp.edit.leaveEditor(func() {
		imp.load.reloadThen(func() {
			if first != "" {
				imp.load.selectNow(first)
			}
			if len(errs) > 0 {
				imp.ask.showError(errors.Join(errs...))
			}
		})
	})
}
