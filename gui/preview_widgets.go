package gui

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/preview"
)

// kindColor paints a tool status: the action colours of the rules table for allow, ask and
// deny, blue for "depends on the input", grey for hidden.
func kindColor(k preview.Kind) color.Color {
	switch k {
	case preview.KindAllow:
		return actionColor(engine.Allow)
	case preview.KindAsk:
		return actionColor(engine.Ask)
	case preview.KindDeny:
		return actionColor(engine.Deny)
	case preview.KindDepends:
		return tokenColors["info"]
	}
	return tokenColors["dim"]
}

// badge is a small coloured box with white text: a status or an action that reads without
// colour too, since the text says it.
func badge(text string, fill color.Color) *fyne.Container {
	bg := canvas.NewRectangle(fill)
	bg.CornerRadius = theme.InputRadiusSize()
	t := canvas.NewText(text, color.White)
	t.TextStyle = fyne.TextStyle{Bold: true}
	t.Alignment = fyne.TextAlignCenter
	return container.NewStack(bg, container.New(&paddedLayout{h: theme.Padding() * 2, v: theme.Padding() / 2}, t))
}

// setBadge changes what a badge made by badge says and its colour.
func setBadge(b *fyne.Container, text string, fill color.Color) {
	bg := b.Objects[0].(*canvas.Rectangle)
	t := b.Objects[1].(*fyne.Container).Objects[0].(*canvas.Text)
	bg.FillColor, t.Text = fill, text
	bg.Refresh()
	t.Refresh()
}

// paddedLayout pads its objects by h horizontally and v vertically; container.NewPadded pads
// alike on all sides, too much for a badge.
type paddedLayout struct{ h, v float32 }

func (l *paddedLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(l.h, l.v))
		o.Resize(fyne.NewSize(size.Width-2*l.h, size.Height-2*l.v))
	}
}

func (l *paddedLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s.AddWidthHeight(2*l.h, 2*l.v)
}

// actionBadge is the badge of an action: "ALLOW", "ASK", "DENY", all as wide as the widest,
// so that what follows them lines up.
func actionBadge(a engine.Action) *fyne.Container {
	return widthOf(badge(actionWord(a), actionColor(a)), "ALLOW")
}

// kindBadge is the badge of a tool status, as wide as the widest status word.
func kindBadge(k preview.Kind) *fyne.Container {
	return widthOf(badge(k.String(), kindColor(k)), preview.KindDepends.String())
}

// widthOf makes badge b at least as wide as a badge reading widest.
func widthOf(b *fyne.Container, widest string) *fyne.Container {
	w := fyne.MeasureText(widest, theme.TextSize(), fyne.TextStyle{Bold: true}).Width + 4*theme.Padding()
	b.Objects[0].(*canvas.Rectangle).SetMinSize(fyne.NewSize(w, 0))
	return b
}

// actionWord is the word of an action's badge: the action in capitals ("ALLOW"), anything but
// the three actions as it is.
func actionWord(a engine.Action) string {
	if _, ok := actionTokens[a]; ok {
		return strings.ToUpper(string(a))
	}
	return string(a)
}

// ruleText renders a rule reference for people: the rule and where it was written, the path
// relative to the nearest of bases (see sourceBasesOf).
func ruleText(r *preview.RuleRef, bases []string) string {
	if r == nil {
		return "no rule matched: the default is ask"
	}
	return r.Rule.String() + "  (" + r.ShortSource(bases...) + ")"
}
