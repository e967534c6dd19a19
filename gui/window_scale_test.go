package gui

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestStartScale(t *testing.T) {
	for _, c := range []struct {
		name    string
		canvas  float32
		env     string
		setting float32
		want    float32
	}{
		{"nothing set", 1, "", 1, 1},
		{"FYNE_SCALE before the window is shown", 1, "1.5", 1, 1.5},
		{"FYNE_SCALE 2", 1, "2", 1, 2},
		{"auto leaves the detected scale to the driver", 1, "auto", 1.5, 1},
		{"the app's scale setting", 1, "", 1.25, 1.25},
		{"a bad FYNE_SCALE is ignored", 1, "big", 1, 1},
		{"a shown canvas knows its scale", 1.5, "", 1, 1.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := startScale(c.canvas, c.env, c.setting); got != c.want {
				t.Errorf("startScale(%v, %q, %v) = %v, want %v", c.canvas, c.env, c.setting, got, c.want)
			}
		})
	}
}

// The first window fits the screen at any scale: FYNE_SCALE=1.5 on a 1280x800 screen opened a
// 1770x1140 window (New, Reload and Save off-screen).
func TestFirstWindowFitsTheScreenAtAnyScale(t *testing.T) {
	for _, scale := range []string{"1", "1.5", "2"} {
		t.Run("FYNE_SCALE="+scale, func(t *testing.T) {
			t.Setenv("FYNE_SCALE", scale)
			d := &fakeDesktop{w: 1280, h: 800}
			useDesktop(t, d)
			a := test.NewTempApp(t)
			s := NewShell(a, fixtureDirs(t))
			defer s.Window().Close()
			s.Window().Show()
			f := startScale(1, scale, 1)
			got := s.Window().Canvas().Size()
			if px, py := got.Width*f, got.Height*f; px > 1280-frameWidth || py > 800-frameHeight {
				t.Errorf("the first window is %v units, %.0fx%.0f pixels at scale %s; want it within 1280x800 less its frame", got, px, py, scale)
			}
			// The content and the menu bar above it fit the window's room on the screen, so
			// the Save bar at its bottom is never cut off.
			if m := s.win.Content().MinSize(); m.Width*f > 1280-frameWidth || (m.Height+menuBarHeight)*f > 800-frameHeight {
				t.Errorf("the content claims %v units (and a menu bar) at scale %s; more than the screen less the window's frame", m, scale)
			}
		})
	}
}
