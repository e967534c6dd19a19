package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// flowLayout places objects left to right at their minimum size and starts a new line when
// the next one does not fit, so that a row of buttons never makes a narrow window wider.
// Its minimum width is its widest object; its minimum height is what the lines need at the
// width it was last laid out at (one line before the first layout).
type flowLayout struct {
	width float32 // the width of the last Layout, 0 before it
}

func newFlow(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&flowLayout{}, objs...)
}

func (f *flowLayout) lines(objs []fyne.CanvasObject, width float32, place bool) (height float32) {
	pad := theme.Padding()
	x, y, lineH := float32(0), float32(0), float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if x > 0 && x+m.Width > width {
			x, y, lineH = 0, y+lineH+pad, 0
		}
		if place {
			o.Move(fyne.NewPos(x, y))
			o.Resize(m)
		}
		x += m.Width + pad
		lineH = max(lineH, m.Height)
	}
	return y + lineH
}

// Layout places the objects in lines within size's width.
func (f *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	f.width = size.Width
	f.lines(objs, size.Width, true)
}

// MinSize is the widest object by the height of the lines at the last width.
func (f *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	width := f.width
	if width <= 0 {
		width = 1e6 // one line until there is a width to wrap at
	}
	return fyne.NewSize(w, f.lines(objs, max(width, w), false))
}
