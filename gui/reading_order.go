package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
)

// readingBorder is container.NewBorder with its objects in reading order: top, left, the
// middle, right, bottom. Tab visits focusable widgets in the order of the object tree, and
// container.NewBorder lists the middle first, so Tab went from the persona list straight into
// the prompt (the middle of the Persona tab), skipping every field above it, and reached the
// toolbar after the rows it heads. Every border of the app is made with this.
func readingBorder(top, bottom, left, right fyne.CanvasObject, objects ...fyne.CanvasObject) *fyne.Container {
	var all []fyne.CanvasObject
	add := func(o fyne.CanvasObject) {
		if o != nil {
			all = append(all, o)
		}
	}
	add(top)
	add(left)
	for _, o := range objects {
		add(o)
	}
	add(right)
	add(bottom)
	return container.New(layout.NewBorderLayout(top, bottom, left, right), all...)
}
