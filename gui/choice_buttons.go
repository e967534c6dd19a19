package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// choiceButtons is one choice among a few options, shown as a row of buttons with the chosen
// one highlighted: a radio group a keyboard reaches like any button (Tab, then Space), and
// whose first button a tab can put the focus on when it is shown.
type choiceButtons struct {
	widget.BaseWidget
	Selected  string
	OnChanged func(string)
	buttons   []*widget.Button
	options   []string
	disabled  bool
}

func newChoiceButtons(options []string, changed func(string)) *choiceButtons {
	c := &choiceButtons{options: options, OnChanged: changed}
	for _, o := range options {
		c.buttons = append(c.buttons, widget.NewButton(o, func() { c.SetSelected(o) }))
	}
	c.ExtendBaseWidget(c)
	c.show()
	return c
}

// SetSelected chooses option ("" for none), as a click on its button does.
func (c *choiceButtons) SetSelected(option string) {
	if option == c.Selected {
		return
	}
	c.Selected = option
	c.show()
	if c.OnChanged != nil {
		c.OnChanged(option)
	}
}

// Enable lets the choice be changed.
func (c *choiceButtons) Enable() { c.setDisabled(false) }

// Disable keeps the choice as it is.
func (c *choiceButtons) Disable() { c.setDisabled(true) }

// Disabled reports whether the choice is kept as it is.
func (c *choiceButtons) Disabled() bool { return c.disabled }

func (c *choiceButtons) setDisabled(off bool) {
	if off == c.disabled {
		return
	}
	c.disabled = off
	c.show()
}

// show highlights the chosen option.
func (c *choiceButtons) show() {
	for i, b := range c.buttons {
		imp := widget.LowImportance
		if c.options[i] == c.Selected {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
		setEnabled(b, !c.disabled)
	}
}

// FocusTarget is the chosen option's button, else the first.
func (c *choiceButtons) FocusTarget() fyne.Focusable {
	for i, b := range c.buttons {
		if c.options[i] == c.Selected {
			return b
		}
	}
	return c.buttons[0]
}

// CreateRenderer lays the buttons out in a row.
func (c *choiceButtons) CreateRenderer() fyne.WidgetRenderer {
	objs := make([]fyne.CanvasObject, len(c.buttons))
	for i, b := range c.buttons {
		objs[i] = b
	}
	return widget.NewSimpleRenderer(container.NewHBox(objs...))
}
