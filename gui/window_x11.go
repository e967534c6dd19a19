//go:build linux && cgo && !ci && !wayland

package gui

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>

// screen_size reads the default screen's size of $DISPLAY; 0 when there is no display.
static int screen_size(int *w, int *h) {
	Display *d = XOpenDisplay(NULL);
	if (!d) return 0;
	int s = DefaultScreen(d);
	*w = DisplayWidth(d, s);
	*h = DisplayHeight(d, s);
	XCloseDisplay(d);
	return 1;
}

// frame_of is win's ancestor just below the root: the window manager's frame, or win itself
// when no window manager reparented it.
static Window frame_of(Display *d, Window win) {
	Window root, parent, *kids;
	unsigned int n;
	for (;;) {
		if (!XQueryTree(d, win, &root, &parent, &kids, &n)) return win;
		if (kids) XFree(kids);
		if (parent == root || parent == 0) return win;
		win = parent;
	}
}

// frame_pos reads the top-left corner of win's frame on the screen.
static int frame_pos(unsigned long win, int *x, int *y) {
	Display *d = XOpenDisplay(NULL);
	if (!d) return 0;
	XWindowAttributes a;
	int ok = XGetWindowAttributes(d, frame_of(d, (Window)win), &a);
	if (ok) { *x = a.x; *y = a.y; }
	XCloseDisplay(d);
	return ok;
}

// move_window asks for win's frame at x, y (window managers read a client's requested
// position as its frame's, with the default north-west gravity).
static void move_window(unsigned long win, int x, int y) {
	Display *d = XOpenDisplay(NULL);
	if (!d) return;
	XMoveWindow(d, (Window)win, x, y);
	XFlush(d);
	XCloseDisplay(d);
}
*/
import "C"

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
)

// x11Desktop reads and sets the window's position through its X11 window (Fyne's glfw driver
// hands it out with RunNative), on a display connection of its own.
type x11Desktop struct{}

func nativeDesktop() windowSystem { return x11Desktop{} }

func (x11Desktop) ScreenSize() (int, int, bool) {
	var w, h C.int
	if C.screen_size(&w, &h) == 0 {
		return 0, 0, false
	}
	return int(w), int(h), true
}

// handle is win's X11 window, 0 when it has none (not shown yet, or another driver).
func handle(win fyne.Window) uintptr {
	var h uintptr
	if nw, ok := win.(driver.NativeWindow); ok {
		nw.RunNative(func(ctx any) {
			if x, ok := ctx.(driver.X11WindowContext); ok {
				h = x.WindowHandle
			}
		})
	}
	return h
}

func (x11Desktop) Position(win fyne.Window) (int, int, bool) {
	h := handle(win)
	if h == 0 {
		return 0, 0, false
	}
	var x, y C.int
	if C.frame_pos(C.ulong(h), &x, &y) == 0 {
		return 0, 0, false
	}
	return int(x), int(y), true
}

func (x11Desktop) Move(win fyne.Window, x, y int) {
	if h := handle(win); h != 0 {
		C.move_window(C.ulong(h), C.int(x), C.int(y))
	}
}
