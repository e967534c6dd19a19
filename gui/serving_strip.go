package gui

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/approvalqueue"
	"github.com/agentmgr/agentmgr/inbox"
)

// servingStrip is the line under the toolbar, on every screen, that says this window does not
// answer agents because it could not start to (another agentmgr app answers them, the inbox
// could not be opened). Agents' questions then go elsewhere or are denied: a person working on
// the Personas or the Log screen must know without visiting Approvals. A person's own Stop
// answering is said on the Approvals screen only: it is their choice, made there.
type servingStrip struct {
	widget.BaseWidget
	text  *widget.Label
	retry *widget.Button
	open  *widget.Button
	// relayout lays out what holds the strip again after it came or went (the window's
	// frame), and showApprovals brings the Approvals screen to the front; the window sets
	// both when it puts the strip under its toolbar.
	relayout      func()
	showApprovals func()
	box           fyne.CanvasObject
}

func newServingStrip(retry func()) *servingStrip {
	st := &servingStrip{text: widget.NewLabel("")}
	st.text.Wrapping = fyne.TextWrapWord
	st.text.Importance = widget.WarningImportance
	st.retry = widget.NewButtonWithIcon("Answer agents", theme.ViewRefreshIcon(), retry)
	st.open = widget.NewButton(ApprovalsTitle+"…", func() {
		if st.showApprovals != nil {
			st.showApprovals()
		}
	})
	st.box = readingBorder(nil, widget.NewSeparator(), widget.NewIcon(theme.WarningIcon()), container.NewHBox(st.retry, st.open), st.text)
	st.ExtendBaseWidget(st)
	st.Hide()
	return st
}

// follow shows the strip while st says the window could not start answering agents.
func (st *servingStrip) follow(s approvalqueue.ServingState) {
	show := !s.Serving && s.Err != nil
	if show {
		text := "This window is not answering agents: " + s.Err.Error() + "."
		if errors.Is(s.Err, inbox.ErrAlreadyServing) {
			text = "This window is not answering agents: another agentmgr app answers them. To answer here, close that one and press Answer agents."
		}
		setLabel(st.text, text)
	}
	if show == st.Visible() {
		return
	}
	if show {
		st.Show()
	} else {
		st.Hide()
	}
	if st.relayout != nil {
		st.relayout()
	}
}

// Text is what the strip says.
func (st *servingStrip) Text() string { return st.text.Text }

// CreateRenderer shows the warning, its text and its buttons.
func (st *servingStrip) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(st.box) }
