//go:build !linux || !cgo || ci || wayland

package gui

import "fyne.io/fyne/v2"

// nativeDesktop is the window system of a build without X11 (or of the headless test build):
// it cannot tell the screen's size or move the window.
func nativeDesktop() windowSystem { return noWindowSystem{} }

// noWindowSystem is the desktop of a build that cannot ask: nothing is known, nothing moves.
type noWindowSystem struct{}

func (noWindowSystem) ScreenSize() (int, int, bool)          { return 0, 0, false }
func (noWindowSystem) Position(fyne.Window) (int, int, bool) { return 0, 0, false }
func (noWindowSystem) Move(fyne.Window, int, int)            {}
