//go:build !linux || !cgo || ci || wayland

package gui

// nativeDesktop is the window system of a build without X11 (or of the headless test build):
// it cannot tell the screen's size or move the window.
func nativeDesktop() windowSystem { return noWindowSystem{} }
