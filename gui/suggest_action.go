package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
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

// SuggestLeastPrivilege proposes, from the review log, the smallest allow-list persona that
// keeps every call persona name made and was allowed (or approved "always"), and offers to
// create it as a new persona. The log is read off the UI goroutine.
func (s *Shell) SuggestLeastPrivilege(name string) {
	path := s.Dirs().ReviewLog()
	s.tasks.background(func() {
		lp := proposeLeastPrivilege(path, name)
		s.tasks.do(func() { s.showLeastPrivilege(lp) })
	})
}

// showLeastPrivilege shows the proposed persona file with a button that creates it.
func (s *Shell) showLeastPrivilege(lp LeastPrivilege) {
	if lp.Err != nil {
		s.ask.showError(fmt.Errorf("cannot propose a persona from the review log: %w", lp.Err))
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
		err := s.files.create(func() (*personas.Document, error) {
			return personas.CreateDraft(s.Dirs(), personas.ScopeGlobal, lp.Name, lp.Description, sg.Rules, sg.Examples(engine.Ask, maxDraftExamples))
		})
		if err != nil {
			s.ask.showError(err)
		}
	})
	create.Importance = widget.HighImportance
	cd := dialog.NewCustomWithoutButtons("Least privilege for "+lp.From, body, s.win)
	cd.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", func() { cd.Hide() }), create})
	d = cd
	cd.Resize(fyne.NewSize(720, 520))
	cd.Show()
}

// suggestForSelected proposes the least-privilege persona of the persona open in the editor.
func (s *Shell) suggestForSelected() {
	if m := s.ws.Draft(); m != nil && m.Original() != nil {
		s.SuggestLeastPrivilege(m.Original().Name)
	}
}
