package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// noticeBar is the strip under the toolbar that reports what just happened, with one action
// (Undo after a delete). It stays until dismissed or replaced: an undo that vanished while the
// person was reading would be no undo.
type noticeBar struct {
	box    *fyne.Container
	text   *widget.Label
	action *widget.Button
}

func newNoticeBar() *noticeBar {
	n := &noticeBar{text: widget.NewLabel("")}
	n.text.Wrapping = fyne.TextWrapWord
	n.action = widget.NewButton("", nil)
	n.action.Importance = widget.HighImportance
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), func() { n.box.Hide() })
	closeBtn.Importance = widget.LowImportance
	n.box = readingBorder(nil, widget.NewSeparator(), widget.NewIcon(theme.InfoIcon()), container.NewHBox(n.action, closeBtn), n.text)
	n.box.Hide()
	return n
}

// show shows text with an action button (label "" for none); the action also dismisses it.
func (n *noticeBar) show(text, label string, action func()) {
	n.text.SetText(text)
	n.action.SetText(label)
	n.action.OnTapped = func() {
		n.box.Hide()
		if action != nil {
			action()
		}
	}
	if label == "" {
		n.action.Hide()
	} else {
		n.action.Show()
	}
	n.box.Show()
}
