package gui

import (
	"image/color"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// filterMin is the number of options above which a choice gets a filter field: a list of
// hundreds of personas cannot be scrolled through to the one wanted.
const filterMin = 20

// FilterSelect is a choice that, while it has more than filterMin options, shows a filter
// field before it: typing narrows the options to those containing the text (any case), Enter
// chooses the first one left, and with PickLone the one option left is chosen as soon as it
// is alone. Every long choice of the app (the toolbar's active agent, the New dialog's Start
// from, the Simulator's persona, the Log's agent) is one, so they all filter alike. Options
// may change at any time (SetOptions); the filter then applies to the new ones.
type FilterSelect struct {
	widget.BaseWidget
	Select *widget.Select
	Filter *widget.Entry
	// PickLone chooses the single option a filter leaves. Off where choosing does something
	// at once (the toolbar's choice switches the live agent): there Enter chooses.
	PickLone bool

	all []string
}

// NewFilterSelect makes a choice of opts calling changed on a choice.
func NewFilterSelect(opts []string, changed func(string)) *FilterSelect {
	f := &FilterSelect{Select: widget.NewSelect(nil, changed), Filter: widget.NewEntry()}
	f.Filter.OnChanged = func(string) { f.apply() }
	f.Filter.OnSubmitted = func(string) {
		if len(f.Select.Options) > 0 {
			f.Select.SetSelected(f.Select.Options[0])
		}
	}
	f.ExtendBaseWidget(f)
	f.SetOptions(opts)
	return f
}

// SetOptions replaces the options; the filter typed so far applies to them.
func (f *FilterSelect) SetOptions(opts []string) {
	if slices.Equal(opts, f.all) && f.all != nil {
		return // the common case: every edit offers the same personas again
	}
	f.all = slices.Clone(opts)
	f.Filter.SetPlaceHolder("filter " + strconv.Itoa(len(opts)))
	if len(opts) > filterMin {
		f.Filter.Show()
	} else {
		f.Filter.Hide()
		if f.Filter.Text != "" {
			f.Filter.SetText("") // a filter no one sees must not hide options (applies it)
		}
	}
	f.apply()
	f.Refresh()
}

// Options are all the options, filtered or not.
func (f *FilterSelect) Options() []string { return f.all }

// Shown are the options the filter leaves, as the dropdown lists them.
func (f *FilterSelect) Shown() []string { return f.Select.Options }

// Selected is the option chosen.
func (f *FilterSelect) Selected() string { return f.Select.Selected }

// SetSelected chooses opt, which need not be among the options the filter leaves (a Prefill
// or the live agent is shown whatever was typed), as the choice's callback would.
func (f *FilterSelect) SetSelected(opt string) {
	if !slices.Contains(f.Select.Options, opt) && slices.Contains(f.all, opt) {
		f.Filter.SetText("")
	}
	f.Select.SetSelected(opt)
}

// HasFilter reports whether the filter field is offered (more than filterMin options).
func (f *FilterSelect) HasFilter() bool { return f.Filter.Visible() }

// apply narrows the dropdown to what the filter leaves.
func (f *FilterSelect) apply() {
	opts := narrowOptions(f.all, f.Filter.Text)
	f.Select.Options = opts
	f.Select.Refresh()
	if f.PickLone && len(opts) == 1 && f.Select.Selected != opts[0] {
		f.Select.SetSelected(opts[0])
	}
}

// narrowOptions are the options containing query (any case, spaces around it ignored), in
// their order; all of them for an empty query.
func narrowOptions(all []string, query string) []string {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return slices.Clone(all)
	}
	var out []string
	for _, o := range all {
		if strings.Contains(strings.ToLower(o), q) {
			out = append(out, o)
		}
	}
	return out
}

// narrowed is what the dropdown of a text field with choices (the Simulator's tool, the Log's
// tool) lists while text is typed: with more than filterMin options, those containing it.
func narrowed(all []string, text string) []string {
	if len(all) <= filterMin {
		return all
	}
	if n := narrowOptions(all, text); len(n) > 0 {
		return n
	}
	return all // a name no option contains (a custom tool): the dropdown still offers them all
}

// CreateRenderer puts the filter field, which keeps a width to type in, before the choice.
func (f *FilterSelect) CreateRenderer() fyne.WidgetRenderer {
	room := canvas.NewRectangle(color.Transparent)
	room.SetMinSize(fyne.NewSize(100, 0))
	filter := container.NewStack(room, f.Filter)
	return &filterRenderer{f: f, filter: filter, box: readingBorder(nil, nil, filter, nil, f.Select)}
}

// filterRenderer lays out the filter field and the choice, or the choice alone while there is
// no filter.
type filterRenderer struct {
	f      *FilterSelect
	filter *fyne.Container
	box    *fyne.Container
}

func (r *filterRenderer) Layout(size fyne.Size) { r.sync(); r.box.Resize(size) }
func (r *filterRenderer) MinSize() fyne.Size    { r.sync(); return r.box.MinSize() }
func (r *filterRenderer) Refresh()              { r.sync(); r.box.Refresh() }
func (r *filterRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.box}
}
func (r *filterRenderer) Destroy() {}

// sync shows the filter's stack exactly when the filter field is offered.
func (r *filterRenderer) sync() {
	if r.f.Filter.Visible() {
		r.filter.Show()
	} else {
		r.filter.Hide()
	}
}
