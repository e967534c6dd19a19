package gui

import (
	"math"
	"strconv"

	"fyne.io/fyne/v2"
)

// windowSystem is what the app asks the desktop about its window beyond Fyne's API: the
// screen's size and the window's position, which Fyne 2.7 neither reports nor sets. On X11
// it is answered through the window's native handle (window_x11.go); elsewhere it knows
// nothing, and the window manager places the window.
type windowSystem interface {
	// ScreenSize is the screen's size in pixels; ok is false when it cannot be known.
	ScreenSize() (w, h int, ok bool)
	// Position is the top-left corner of the window's frame on the screen, in pixels.
	Position(win fyne.Window) (x, y int, ok bool)
	// Move puts the frame's top-left corner at x, y (pixels).
	Move(win fyne.Window, x, y int)
}

// winSystem is the window system of this build; tests replace it.
var winSystem windowSystem = nativeDesktop()

// Room the window's frame and the desktop's panels take from the screen: a window of the
// screen's size less this fits with its title bar.
const (
	frameWidth  = 10
	frameHeight = 40
)

// Preferences holding the window's position when it was last closed, and the size of the
// screen it was on (pixels; absent before).
const (
	windowXKey       = "window.x"
	windowYKey       = "window.y"
	windowScreenWKey = "window.screen.width"
	windowScreenHKey = "window.screen.height"
)

// unset marks a position preference not yet written.
const unset = math.MinInt32

// fitSize is size made small enough for a screen of sw x sh pixels at scale (pixels per Fyne
// unit), frame included; a size that fits is kept. With no screen known, size is kept.
func fitSize(size fyne.Size, sw, sh int, scale float32) fyne.Size {
	if sw <= 0 || sh <= 0 {
		return size
	}
	if scale <= 0 {
		scale = 1
	}
	maxW := float32(sw-frameWidth) / scale
	maxH := float32(sh-frameHeight) / scale
	return fyne.NewSize(min(size.Width, maxW), min(size.Height, maxH))
}

// startScale is the scale (pixels per Fyne unit) the window will be drawn at, known before it
// is shown: the canvas reports its scale only once shown (1 before), so the first size is
// computed from what Fyne's desktop driver will apply, FYNE_SCALE (a number; "auto" or nothing
// leaves the app's scale setting). The screen's own DPI scale is not known before showing;
// PlaceWindow fits the window again with the real scale once shown.
func startScale(canvas float32, env string, setting float32) float32 {
	if canvas > 0 && canvas != 1 {
		return canvas
	}
	if env != "" && env != "auto" {
		if f, err := strconv.ParseFloat(env, 32); err == nil && f > 0 {
			return float32(f)
		}
	}
	if env != "auto" && setting > 0 {
		return setting
	}
	return 1
}

// fitToScreen makes a shown window small enough for the screen at the scale it is really
// drawn at, which is known only once it is shown (the screen's DPI times FYNE_SCALE).
func fitToScreen(win fyne.Window) {
	sw, sh, ok := winSystem.ScreenSize()
	if !ok {
		return
	}
	size := win.Canvas().Size()
	if fitted := fitSize(size, sw, sh, win.Canvas().Scale()); fitted != size {
		win.Resize(fitted)
	}
}

// fitPosition moves a frame of w x h pixels at x, y as little as needed for it to lie on a
// screen of sw x sh pixels; a frame larger than the screen keeps its top-left corner on it.
func fitPosition(x, y, w, h, sw, sh int) (int, int) {
	x = max(0, min(x, sw-w-frameWidth))
	y = max(0, min(y, sh-h-frameHeight))
	return x, y
}

// PlaceWindow puts the shown window where it was when last closed (see windowMemory.place);
// the app calls it right after showing the window, since only a shown window has a native
// handle.
func (s *Shell) PlaceWindow() { s.memory.place() }

// windowMemory keeps the window's size and place in the app's preferences when it closes,
// and puts it back there at the next start.
type windowMemory struct {
	app fyne.App
	win fyne.Window
}

// place puts the window where it was when last closed: exactly there on the same
// screen, and on another (smaller, or larger) one moved as little as needed to be all on it.
// Without a remembered position, or with a desktop that cannot move windows, the window
// manager's placement stays.
func (wm windowMemory) place() {
	fitToScreen(wm.win)
	prefs := wm.app.Preferences()
	x, y := prefs.IntWithFallback(windowXKey, unset), prefs.IntWithFallback(windowYKey, unset)
	if x == unset || y == unset {
		return
	}
	if sw, sh, ok := winSystem.ScreenSize(); ok && (sw != prefs.Int(windowScreenWKey) || sh != prefs.Int(windowScreenHKey)) {
		size, scale := wm.win.Canvas().Size(), wm.win.Canvas().Scale()
		x, y = fitPosition(x, y, int(size.Width*scale), int(size.Height*scale), sw, sh)
	}
	winSystem.Move(wm.win, x, y)
}

// rememberPosition keeps where the window is for the next start, when the desktop
// says.
func (wm windowMemory) rememberPosition() {
	if x, y, ok := winSystem.Position(wm.win); ok {
		prefs := wm.app.Preferences()
		prefs.SetInt(windowXKey, x)
		prefs.SetInt(windowYKey, y)
		if sw, sh, ok := winSystem.ScreenSize(); ok {
			prefs.SetInt(windowScreenWKey, sw)
			prefs.SetInt(windowScreenHKey, sh)
		}
	}
}
