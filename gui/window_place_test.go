package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// fakeDesktop is a screen of a given size on which the window is where it was last moved.
type fakeDesktop struct {
	w, h   int
	x, y   int
	placed bool
	moves  int
}

func (d *fakeDesktop) ScreenSize() (int, int, bool) { return d.w, d.h, d.w > 0 }
func (d *fakeDesktop) Position(fyne.Window) (int, int, bool) {
	return d.x, d.y, d.placed
}
func (d *fakeDesktop) Move(_ fyne.Window, x, y int) { d.x, d.y, d.placed = x, y, true; d.moves++ }

func useDesktop(t *testing.T, d windowSystem) {
	old := winSystem
	winSystem = d
	t.Cleanup(func() { winSystem = old })
}

// closeAt closes a window of a, shown on d, after the person resized it to size and moved it
// to x,y; before that, opened (if not nil) looks at the window just opened.
func closeAt(t *testing.T, a fyne.App, d *fakeDesktop, size fyne.Size, x, y int, opened func(*Shell)) {
	s := NewShell(a, fixtureDirs(t))
	s.Window().Show()
	if opened != nil {
		opened(s)
	}
	s.Window().Resize(size)
	d.x, d.y, d.placed = x, y, true
	s.requestClose()
}

// reopen is the next window of a, shown and placed as at the start of the app.
func reopen(t *testing.T, a fyne.App) *Shell {
	s := NewShell(a, fixtureDirs(t))
	t.Cleanup(func() { s.Window().Close() })
	s.Window().Show()
	s.PlaceWindow()
	return s
}

// The window reopens where it was closed, and at the size it was closed at.
func TestWindowRemembersItsPosition(t *testing.T) {
	d := &fakeDesktop{w: 1280, h: 800}
	useDesktop(t, d)
	a := test.NewTempApp(t)
	closeAt(t, a, d, fyne.NewSize(900, 650), 120, 70, func(s *Shell) {
		s.PlaceWindow()
		if d.moves != 0 {
			t.Errorf("the first window was moved to %d,%d; want the window manager's placement", d.x, d.y)
		}
	})

	d.x, d.y, d.placed = 0, 0, false
	s2 := reopen(t, a)
	if got := s2.Window().Canvas().Size(); got != fyne.NewSize(900, 650) {
		t.Errorf("the window reopens at %v; want the 900x650 it was closed at", got)
	}
	if !d.placed || d.x != 120 || d.y != 70 {
		t.Errorf("the window reopens at %d,%d (moved: %v); want 120,70 where it was closed", d.x, d.y, d.placed)
	}
}

// A window closed large on a large screen opens within a smaller screen: smaller, and moved
// so that all of it is on the screen.
func TestWindowOpensWithinASmallerScreen(t *testing.T) {
	d := &fakeDesktop{w: 1920, h: 1200}
	useDesktop(t, d)
	a := test.NewTempApp(t)
	closeAt(t, a, d, fyne.NewSize(1800, 1100), 100, 60, nil)

	d.w, d.h = 800, 600
	s2 := reopen(t, a)
	got := s2.Window().Canvas().Size()
	if got.Width > 800-frameWidth || got.Height > 600-frameHeight {
		t.Errorf("on an 800x600 screen the window opens at %v; want it within the screen less its frame", got)
	}
	if d.x+int(got.Width) > 800 || d.y+int(got.Height) > 600 || d.x < 0 || d.y < 0 {
		t.Errorf("the %v window is placed at %d,%d on an 800x600 screen; want all of it on the screen", got, d.x, d.y)
	}
}

func TestFitPosition(t *testing.T) {
	cases := []struct {
		name               string
		x, y, w, h, sw, sh int
		wantX, wantY       int
	}{
		{"on_screen_stays", 100, 50, 400, 300, 1280, 800, 100, 50},
		{"off_the_right_comes_back", 1200, 50, 400, 300, 1280, 800, 870, 50},
		{"off_the_bottom_comes_back", 10, 700, 400, 300, 1280, 800, 10, 460},
		{"negative_is_clamped", -300, -20, 400, 300, 1280, 800, 0, 0},
		{"larger_than_screen_keeps_corner_on_it", 50, 50, 2000, 1000, 1280, 800, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x, y := fitPosition(c.x, c.y, c.w, c.h, c.sw, c.sh)
			if x != c.wantX || y != c.wantY {
				t.Errorf("fitPosition = %d,%d; want %d,%d", x, y, c.wantX, c.wantY)
			}
		})
	}
}

// On the screen it was closed on, the window reopens exactly where it was, even close to the
// bottom edge (the frame's allowance only applies when the screen changed).
func TestWindowReopensExactlyOnTheSameScreen(t *testing.T) {
	d := &fakeDesktop{w: 1280, h: 800}
	useDesktop(t, d)
	a := test.NewTempApp(t)
	closeAt(t, a, d, fyne.NewSize(900, 650), 300, 140, nil)
	d.x, d.y, d.placed = 0, 0, false
	reopen(t, a)
	if d.x != 300 || d.y != 140 {
		t.Errorf("on the same screen the window reopens at %d,%d; want 300,140", d.x, d.y)
	}
}

// The first window uses the room a known screen has, within it; with the screen unknown it is
// the size that fits the smallest supported screen.
func TestFirstWindowFitsTheScreen(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    *fakeDesktop
		want fyne.Size
	}{
		{"large screen", &fakeDesktop{w: 1920, h: 1080}, roomyWindowSize},
		{"1280x800", &fakeDesktop{w: 1280, h: 800}, roomyWindowSize},
		{"800x600", &fakeDesktop{w: 800, h: 600}, fyne.NewSize(800-frameWidth, 600-frameHeight)},
		{"unknown screen", &fakeDesktop{}, defaultWindowSize},
	} {
		t.Run(tc.name, func(t *testing.T) {
			useDesktop(t, tc.d)
			s := NewShell(test.NewTempApp(t), fixtureDirs(t))
			defer s.Window().Close()
			s.Window().Show()
			if got := s.Window().Canvas().Size(); got != tc.want {
				t.Errorf("the first window opens at %v; want %v", got, tc.want)
			}
		})
	}
}
