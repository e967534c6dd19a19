package gui

import (
	"context"
	"errors"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/gui/approvalqueue"
	"github.com/agentmgr/agentmgr/inbox"
)

// PromptDialog asks the person about one forwarded call: the tool, the value, the rule that
// asked and, for shell commands, each command's decision; then once, always (with the
// suggested patterns, editable) or reject (with an optional message for the agent).
type PromptDialog struct {
	Prompt   *inbox.Prompt
	Patterns *TextArea     // always patterns, one per line
	Message  *widget.Entry // a reject's message for the agent
	Once     *widget.Button
	Always   *widget.Button
	Reject   *widget.Button
	Status   *widget.Label // the error of the last reply, if it failed
	TimeLeft *widget.Label // how long the gate still waits; hidden when it waits without limit

	reply  func(approvals.Reply) error
	dialog *dialog.CustomDialog
}

// NewPromptDialog builds the dialog for p in win; reply sends the person's answer. The dialog
// closes itself once the prompt is settled, by this dialog or another way; do runs that on the
// UI goroutine (fyne.Do in the app). goUntilClose starts the goroutine that follows the prompt
// (the shell's tasks.untilClose: it ends with the window, which waits for it).
func NewPromptDialog(p *inbox.Prompt, reply func(approvals.Reply) error, win fyne.Window, do func(func()), goUntilClose func(func(context.Context))) *PromptDialog {
	det := approvalqueue.DescribePrompt(p)
	d := &PromptDialog{Prompt: p, reply: reply}

	form := container.New(layout.NewFormLayout())
	for _, f := range det.Fields {
		form.Add(widget.NewLabelWithStyle(f[0], fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
		v := widget.NewLabel(f[1])
		v.Wrapping = fyne.TextWrapWord
		form.Add(v)
	}
	value := widget.NewLabelWithStyle(det.Value, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	value.Wrapping, value.Selectable = fyne.TextWrapBreak, true
	parts := []fyne.CanvasObject{form, widget.NewSeparator(), value}
	if len(det.Units) > 0 {
		units := container.New(layout.NewFormLayout())
		for _, u := range det.Units {
			units.Add(widget.NewLabelWithStyle(u.Action, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
			l := widget.NewLabelWithStyle(u.Text+"   ← "+u.Rule, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
			l.Wrapping = fyne.TextWrapBreak
			units.Add(l)
		}
		parts = append(parts, widget.NewLabelWithStyle("Commands", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), units)
	}

	d.Patterns = NewTextArea()
	d.Patterns.SetText(det.Always)
	d.Patterns.SetMinRowsVisible(2)
	d.Message = widget.NewEntry()
	d.Message.SetPlaceHolder("Message for the agent (optional)")
	d.Status = widget.NewLabel("")
	d.Status.Wrapping = fyne.TextWrapWord
	d.Status.Hide()
	d.TimeLeft = widget.NewLabel("")
	d.ShowTimeLeft(time.Now())

	d.Once = widget.NewButtonWithIcon("Allow once", theme.ConfirmIcon(), func() { d.send(approvals.Reply{Kind: approvals.Once}) })
	d.Always = widget.NewButtonWithIcon("Always allow", theme.ContentAddIcon(), d.always)
	d.Always.Importance = widget.HighImportance
	d.Reject = widget.NewButtonWithIcon("Reject", theme.CancelIcon(), func() {
		d.send(approvals.Reply{Kind: approvals.Reject, Message: d.Message.Text})
	})
	d.Reject.Importance = widget.DangerImportance
	always := []fyne.CanvasObject{widget.NewLabel("Always allow, for this session, " + p.Request.Permission + " calls matching:"), d.Patterns}
	if det.AlwaysNote != "" {
		why := widget.NewLabel(det.AlwaysNote)
		why.Wrapping = fyne.TextWrapWord
		why.Importance = widget.WarningImportance
		always = append(always, why)
	}
	if det.NoAlways != "" {
		note := widget.NewLabel(det.NoAlways)
		note.Wrapping = fyne.TextWrapWord
		always = []fyne.CanvasObject{note}
		d.Always.Disable()
		d.Patterns.Disable()
	}
	// The call's details scroll; what the person acts with stays in view below them.
	details := container.NewVScroll(container.NewVBox(parts...))
	details.SetMinSize(fyne.NewSize(600, 240))
	actions := container.NewVBox(widget.NewSeparator())
	actions.Objects = append(actions.Objects, always...)
	actions.Objects = append(actions.Objects, d.Message, d.Status, d.TimeLeft, container.NewHBox(layout.NewSpacer(), d.Reject, d.Once, d.Always))
	body := readingBorder(nil, actions, nil, nil, details)
	d.dialog = dialog.NewCustomWithoutButtons(det.Title, body, win)
	goUntilClose(func(ctx context.Context) { d.follow(ctx, do) })
	return d
}

// follow updates the time left every second until the prompt is settled, then closes the
// dialog; do runs each change on the UI goroutine. When ctx is done (the window closes) it
// returns at once and changes nothing.
func (d *PromptDialog) follow(ctx context.Context, do func(func())) {
	var tick <-chan time.Time
	if !d.Prompt.Request.Deadline.IsZero() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-d.Prompt.Done():
			do(d.dialog.Hide)
			return
		case now := <-tick:
			do(func() { d.ShowTimeLeft(now) })
		}
	}
}

// ShowTimeLeft says, as of now, how long the gate still waits for the answer.
func (d *PromptDialog) ShowTimeLeft(now time.Time) {
	text := approvalqueue.TimeLeft(d.Prompt.Request.Deadline, now)
	if text == "" {
		d.TimeLeft.Hide()
		return
	}
	d.TimeLeft.SetText(text)
	d.TimeLeft.Importance = widget.MediumImportance
	if d.Prompt.Request.Deadline.Sub(now) < 15*time.Second {
		d.TimeLeft.Importance = widget.WarningImportance
	}
	d.TimeLeft.Show()
	d.TimeLeft.Refresh()
}

// Show shows the dialog.
func (d *PromptDialog) Show() { d.dialog.Show() }

// OnClosed calls f once the dialog is gone.
func (d *PromptDialog) OnClosed(f func()) { d.dialog.SetOnClosed(f) }

// always sends an always reply with the patterns as edited; none at all is refused here, since
// the approvals would read an empty list as "the suggestions".
func (d *PromptDialog) always() {
	pats := approvalqueue.ParsePatterns(d.Patterns.Text)
	if len(pats) == 0 {
		d.fail(errors.New("enter at least one pattern to always allow, or allow once"))
		return
	}
	d.send(approvals.Reply{Kind: approvals.Always, Patterns: pats})
}

// send replies; on success the prompt is settled and the dialog closes, on failure the error
// stays in the dialog and the person can answer again.
func (d *PromptDialog) send(r approvals.Reply) {
	if err := d.reply(r); err != nil {
		d.fail(err)
		return
	}
	d.dialog.Hide()
}

func (d *PromptDialog) fail(err error) {
	d.Status.SetText(err.Error())
	d.Status.Importance = widget.DangerImportance
	d.Status.Show()
}
