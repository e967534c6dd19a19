package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// shownTexts are the visible texts under o: labels (not the texts a label draws itself with)
// and canvas texts.
func shownTexts(o fyne.CanvasObject) []string {
	if !o.Visible() {
		return nil
	}
	switch v := o.(type) {
	case *widget.Label:
		return []string{v.Text}
	case *canvas.Text:
		return []string{v.Text}
	case *fyne.Container:
		var out []string
		for _, c := range v.Objects {
			out = append(out, shownTexts(c)...)
		}
		return out
	case fyne.Widget:
		var out []string
		for _, c := range test.WidgetRenderer(v).Objects() {
			out = append(out, shownTexts(c)...)
		}
		return out
	}
	return nil
}

func TestNewDialogSaysWhyANameIsBadOnce(t *testing.T) {
	tests := []struct{ typed, reason string }{
		{"Bad", "use lower-case letters"},
		{"-x", "starts with a letter or digit"},
	}
	for _, tc := range tests {
		t.Run(tc.typed, func(t *testing.T) {
			s := newTestShell(t, fixtureDirs(t))
			s.files.newPersona()
			e := focusedEntry(s)
			if e == nil {
				t.Fatal("the name entry is not focused")
			}
			for _, r := range tc.typed {
				e.TypedRune(r)
			}
			// Leaving the field is when a form shows its validation error.
			s.Window().Canvas().Unfocus()
			var lines []string
			for _, txt := range shownTexts(topDialog(s)) {
				if strings.Contains(txt, tc.reason) {
					lines = append(lines, txt)
				}
			}
			if len(lines) != 1 {
				t.Errorf("name %q: the reason is shown %d times, want once: %q", tc.typed, len(lines), lines)
			}
		})
	}
}
