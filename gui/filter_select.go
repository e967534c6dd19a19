package gui

import (
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// filterMin is the number of options above which a choice gets a filter field: a list of
// hundreds of personas cannot be scrolled through to the one wanted.
const filterMin = 20

// withFilter returns sel, or, when it has more than filterMin options, sel after a filter
// field that narrows its options to those containing what is typed (any case); when one option
// is left it is chosen. The field's hint says how many options there are.
func withFilter(sel *widget.Select) (fyne.CanvasObject, *widget.Entry) {
	all := append([]string{}, sel.Options...)
	if len(all) <= filterMin {
		return sel, nil
	}
	f := widget.NewEntry()
	f.SetPlaceHolder("filter " + strconv.Itoa(len(all)))
	f.OnChanged = func(text string) {
		q := strings.ToLower(strings.TrimSpace(text))
		var opts []string
		for _, o := range all {
			if q == "" || strings.Contains(strings.ToLower(o), q) {
				opts = append(opts, o)
			}
		}
		sel.Options = opts
		sel.Refresh()
		if len(opts) == 1 && sel.Selected != opts[0] {
			sel.SetSelected(opts[0])
		}
	}
	// The field keeps a width to type in; the choice takes the rest of the line.
	room := canvas.NewRectangle(color.Transparent)
	room.SetMinSize(fyne.NewSize(120, 0))
	return readingBorder(nil, nil, container.NewStack(room, f), nil, sel), f
}
