package gui

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"sync"

	"fyne.io/fyne/v2"
)

// iconSize is the side of the app icon in pixels; 512 is what `fyne package` scales from.
const iconSize = 512

var appIcon = sync.OnceValue(func() fyne.Resource {
	var buf bytes.Buffer
	if err := png.Encode(&buf, drawIcon(iconSize)); err != nil {
		panic("gui: encoding the app icon: " + err.Error()) // in-memory PNG encoding cannot fail
	}
	return fyne.NewStaticResource("Icon.png", buf.Bytes())
})

// AppIcon is the app icon, drawn in code (no art files): a shield, for permission rules, over
// three persona heads on a teal rounded square. Icon.png at the repo root is this image.
func AppIcon() fyne.Resource { return appIcon() }

// drawIcon renders the icon at size x size. Each pixel is supersampled 4x4 against shapes given
// as inside-tests, so edges are smooth without a vector library.
func drawIcon(size int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	const ss = 4
	top := color.NRGBA{0x2a, 0xa1, 0x98, 0xff}
	bottom := color.NRGBA{0x1b, 0x5e, 0x70, 0xff}
	shield := color.NRGBA{0xf5, 0xf7, 0xf2, 0xff}
	heads := []struct {
		x, y, r float64
		c       color.NRGBA
	}{
		{0.38, 0.47, 0.075, color.NRGBA{0x4e, 0x9a, 0x06, 0xff}},
		{0.62, 0.47, 0.075, color.NRGBA{0xcc, 0x33, 0x33, 0xff}},
		{0.50, 0.40, 0.085, color.NRGBA{0x34, 0x65, 0xa4, 0xff}},
	}
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/ss) / float64(size)
					if !inRoundedSquare(x, y, 0.04, 0.18) {
						continue
					}
					c := lerp(top, bottom, y)
					if inShield(x, y) {
						c = shield
						for _, h := range heads {
							if inPersona(x, y, h.x, h.y, h.r) {
								c = h.c
							}
						}
					}
					r, g, b, a = r+float64(c.R), g+float64(c.G), b+float64(c.B), a+255
				}
			}
			if a == 0 {
				continue
			}
			n := float64(ss * ss)
			// Colours are averaged over covered samples only; alpha carries the coverage.
			cov := a / 255
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / cov), uint8(g / cov), uint8(b / cov), uint8(a / n)})
		}
	}
	return img
}

// inRoundedSquare reports whether (x, y) in the unit square is inside a square inset by margin
// with corners of radius rad.
func inRoundedSquare(x, y, margin, rad float64) bool {
	lo, hi := margin+rad, 1-margin-rad
	dx := math.Max(math.Max(lo-x, x-hi), 0)
	dy := math.Max(math.Max(lo-y, y-hi), 0)
	if x < margin || x > 1-margin || y < margin || y > 1-margin {
		return false
	}
	return dx*dx+dy*dy <= rad*rad
}

// inShield reports whether (x, y) is inside the shield: a flat top with rounded shoulders and
// sides that curve to a point at the bottom.
func inShield(x, y float64) bool {
	const cx, top, bottom, half = 0.5, 0.2, 0.84, 0.27
	if y < top || y > bottom {
		return false
	}
	t := (y - top) / (bottom - top)
	w := half
	if t > 0.45 {
		u := (t - 0.45) / 0.55
		w = half * math.Sqrt(1-u*u)
	}
	if r := 0.04; y-top < r {
		// Shoulders: round off the two top corners with quarter circles.
		w = half - r + math.Sqrt(math.Max(0, r*r-math.Pow(r-(y-top), 2)))
	}
	return math.Abs(x-cx) <= w
}

// inPersona reports whether (x, y) is inside a persona glyph: a head of radius r at (hx, hy)
// over rounded shoulders.
func inPersona(x, y, hx, hy, r float64) bool {
	if math.Hypot(x-hx, y-hy) <= r {
		return true
	}
	by := hy + 2.3*r
	return y <= by+0.2*r && y >= hy+1.2*r && math.Hypot((x-hx)/1.5, y-by) <= 1.1*r
}

func lerp(a, b color.NRGBA, t float64) color.NRGBA {
	m := func(p, q uint8) uint8 { return uint8(float64(p) + (float64(q)-float64(p))*t) }
	return color.NRGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 0xff}
}
