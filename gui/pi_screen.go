package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/runtimeinstall"
)

// PiTitle is the title of the pi screen.
const PiTitle = "pi"

// PiScreen is the pi screen for the running binary: the app installs the extension that
// starts binary. cmd adds it to the window's screens; tests build the view directly.
func PiScreen(binary, version string) Screen {
	return Screen{Title: PiTitle, IconName: theme.IconNameSettings, Make: func(s *Shell) fyne.CanvasObject {
		return NewRuntimeView(runtimeinstall.Pi(s.Dirs(), binary, version))
	}}
}

// RuntimeView shows whether agentmgr's extension or plugin for a runtime is installed and
// current, which binary it starts and what else decides the same calls, as `agentmgr pi status`
// and `agentmgr opencode status` do, and offers Install or Update.
type RuntimeView struct {
	widget.BaseWidget
	m *runtimeinstall.Model

	Summary *widget.Label
	Details *widget.Label
	Message *widget.Label
	Action  *widget.Button
	Check   *widget.Button
}

// NewRuntimeView makes a runtime screen over m: runtimeinstall.Pi or runtimeinstall.OpenCode.
func NewRuntimeView(m *runtimeinstall.Model) *RuntimeView {
	v := &RuntimeView{m: m}
	v.Summary, v.Details, v.Message = screenTexts()
	v.Action = widget.NewButtonWithIcon("", theme.DownloadIcon(), func() {
		_ = v.m.Run() // the model's message says what happened, or why not
		v.update()
	})
	v.Action.Importance = widget.HighImportance
	v.Check = widget.NewButtonWithIcon("Check again", theme.ViewRefreshIcon(), func() {
		v.m.Refresh()
		v.update()
	})
	v.ExtendBaseWidget(v)
	v.update()
	return v
}

// screenTexts are the labels of a screen laid out as the runtime screens are: a bold summary,
// the details and what the last action did, each wrapping.
func screenTexts() (summary, details, message *widget.Label) {
	summary = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	details, message = widget.NewLabel(""), widget.NewLabel("")
	for _, l := range []*widget.Label{summary, details, message} {
		l.Wrapping = fyne.TextWrapWord
	}
	return summary, details, message
}

// update renders the model.
func (v *RuntimeView) update() {
	v.Summary.SetText(v.m.Summary())
	v.Details.SetText(strings.Join(v.m.Details(), "\n"))
	v.Message.SetText(v.m.Message())
	if a := v.m.Action(); a != "" {
		v.Action.SetText(a)
		v.Action.Show()
	} else {
		v.Action.Hide()
	}
}

// CreateRenderer lays the screen out: summary, buttons, details, the last action's message.
func (v *RuntimeView) CreateRenderer() fyne.WidgetRenderer {
	buttons := container.NewHBox(v.Action, v.Check)
	body := container.NewVBox(v.Summary, buttons, v.Details, v.Message)
	return widget.NewSimpleRenderer(container.NewPadded(container.NewVScroll(body)))
}
