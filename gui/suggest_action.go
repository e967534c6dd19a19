package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/replay"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// LeastPrivilege is a persona proposed from the review log: the rules that keep what name was
// allowed to do, and nothing the log shows refused.
type LeastPrivilege struct {
	From        string // the persona whose calls it keeps
	Name        string // the proposed persona's name
	Description string
	Suggestion  replay.Suggestion
	Text        []byte // the persona file it would be
	Err         error
}

// maxDraftExamples bounds each kind of example a proposed persona carries.
const maxDraftExamples = 10

// proposeLeastPrivilege reads the review log and proposes the persona; it reads files, so the
// app calls it off the UI goroutine.
func proposeLeastPrivilege(logPath, from string) LeastPrivilege {
	lp := LeastPrivilege{From: from, Name: from + "-least"}
	entries, err := reviewlog.Read(logPath, reviewlog.Filter{Agent: from})
	if len(entries) == 0 && err != nil {
		lp.Err = err
		return lp
	}
	s, err := replay.Suggest(replay.FromEntries(entries), from, engine.Ask)
	if err != nil {
		lp.Err = err
		return lp
	}
	lp.Suggestion = s
	lp.Description = fmt.Sprintf("Least privilege for %s, from %d allowed calls in the review log", from, len(s.Kept))
	lp.Text, lp.Err = personas.DraftText(lp.Name, lp.Description, s.Rules, s.Examples(engine.Ask, maxDraftExamples))
	return lp
}

// leastPrivilegeDialog proposes, from the review log, a persona that keeps only what one was
// allowed to do, and creates it when the person agrees.
type leastPrivilegeDialog struct {
	ws    *workspace.Workspace
	win   fyne.Window
	dirs  *locations.Dirs
	ask   asker
	tasks *tasks
	files *personaFiles
}

// suggest proposes, from the review log, the smallest allow-list persona that
// keeps every call persona name made and was allowed (or approved "always"), and offers to
// create it as a new persona. The log is read off the UI goroutine.
func (lpd *leastPrivilegeDialog) suggest(name string) {
	path := lpd.dirs.ReviewLog()
	lpd.tasks.background(func() {
		lp := proposeLeastPrivilege(path, name)
		lpd.tasks.do(func() { lpd.show(lp) })
	})
}

// show shows the proposed persona file with a button that creates it.
func (lpd *leastPrivilegeDialog) show(lp LeastPrivilege) {
	if lp.Err != nil {
		lpd.ask.showError(fmt.Errorf("cannot propose a persona from the review log: %w", lp.Err))
		return
	}
	sg := lp.Suggestion
	summary := fmt.Sprintf("%d allow rules keep the %d calls the review log shows %s allowed; %d refused calls stay refused; everything else asks.",
		len(sg.Rules)-1, len(sg.Kept), lp.From, len(sg.Refused))
	if len(sg.Kept) == 0 {
		summary = fmt.Sprintf("The review log shows no allowed calls of %s: the proposal allows nothing.", lp.From)
	}
	var notes []string
	for _, u := range sg.Unkept {
		notes = append(notes, fmt.Sprintf("Not kept: %s %q: %s", u.Tool, strings.Join(u.Values, "; "), u.Why))
	}
	text := widget.NewLabelWithStyle(string(lp.Text), fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	body := readingBorder(container.NewVBox(wrapLabel(summary), wrapLabel(strings.Join(notes, "\n"))), nil, nil, nil, container.NewScroll(text))
	var d dialog.Dialog
	create := widget.NewButton("Create "+lp.Name, func() {
		d.Hide()
		err := lpd.files.create(func() (*personas.Document, error) {
			return personas.CreateDraft(*lpd.dirs, personas.ScopeGlobal, lp.Name, lp.Description, sg.Rules, sg.Examples(engine.Ask, maxDraftExamples))
		})
		if err != nil {
			lpd.ask.showError(err)
		}
	})
	create.Importance = widget.HighImportance
	cd := dialog.NewCustomWithoutButtons("Least privilege for "+lp.From, body, lpd.win)
	cd.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", func() { cd.Hide() }), create})
	d = cd
	cd.Resize(fyne.NewSize(720, 520))
	cd.Show()
}

// suggestForSelected proposes the least-privilege persona of the persona open in the editor.
func (lpd *leastPrivilegeDialog) suggestForSelected() {
	if m := lpd.ws.Draft(); m != nil && m.Original() != nil {
		lpd.suggest(m.Original().Name)
	}
}
