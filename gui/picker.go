package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/personas"
)

// PickerItem is a persona the quick switcher offers.
type PickerItem struct {
	Name        string
	Label       string // icon and name
	Description string
	Active      bool
}

// PickerModel is the quick switcher's list: the personas pi offers for switching (primary,
// not hidden), in catalog order, narrowed by what the person types. It is plain Go.
type PickerModel struct {
	all   []PickerItem
	shown []PickerItem
	sel   int
}

// NewPickerModel lists c's switchable personas; active is marked and selected first.
func NewPickerModel(c *personas.Catalog, active string) *PickerModel {
	m := &PickerModel{}
	for _, p := range c.Personas() {
		if !p.IsPrimary() || p.Hidden {
			continue
		}
		m.all = append(m.all, PickerItem{Name: p.Name, Label: p.Label(), Description: p.Description, Active: p.Name == active})
	}
	m.SetFilter("")
	for i, it := range m.shown {
		if it.Active {
			m.sel = i
		}
	}
	return m
}

// SetFilter keeps the personas matching every word of text (case-insensitive): those whose
// name starts with the text first, then those whose name holds it, then those whose
// description does. The first is selected.
func (m *PickerModel) SetFilter(text string) {
	words := strings.Fields(strings.ToLower(text))
	var ranks [3][]PickerItem
	for _, it := range m.all {
		if r, ok := pickerRank(it, words); ok {
			ranks[r] = append(ranks[r], it)
		}
	}
	m.shown = append(append(append([]PickerItem(nil), ranks[0]...), ranks[1]...), ranks[2]...)
	m.sel = 0
}

// pickerRank ranks an item for the typed words: 0 name prefix, 1 in the name, 2 elsewhere.
func pickerRank(it PickerItem, words []string) (int, bool) {
	name, all := strings.ToLower(it.Name), strings.ToLower(it.Name+" "+it.Label+" "+it.Description)
	rank := 0
	for i, w := range words {
		switch {
		case i == 0 && strings.HasPrefix(name, w):
		case strings.Contains(name, w):
			rank = max(rank, 1)
		case strings.Contains(all, w):
			rank = 2
		default:
			return 0, false
		}
	}
	return rank, true
}

// Shown are the personas that match, best first.
func (m *PickerModel) Shown() []PickerItem { return m.shown }

// Selected is the index of the selected item in Shown, -1 when nothing matches.
func (m *PickerModel) Selected() int {
	if len(m.shown) == 0 {
		return -1
	}
	return m.sel
}

// Move moves the selection by delta, wrapping around.
func (m *PickerModel) Move(delta int) {
	if n := len(m.shown); n > 0 {
		m.sel = ((m.sel+delta)%n + n) % n
	}
}

// Choice is the selected persona, if any.
func (m *PickerModel) Choice() (PickerItem, bool) {
	if i := m.Selected(); i >= 0 {
		return m.shown[i], true
	}
	return PickerItem{}, false
}

// Picker is the quick switcher on screen: a filter field over the matching personas. Typing
// filters, Up and Down move, Enter switches to the selection, Escape closes.
type Picker struct {
	m *PickerModel
	// activate makes the chosen persona the active one; ask shows why it could not.
	activate func(name string) error
	ask      asker
	Entry    *pickerEntry
	list     *widget.List
	pop      *widget.PopUp
}

// ShowPicker opens the quick switcher over win on the personas of c, active marked as such;
// choosing one calls activate with its name.
func ShowPicker(c *personas.Catalog, active string, win fyne.Window, activate func(name string) error) *Picker {
	p := &Picker{m: NewPickerModel(c, active), activate: activate, ask: asker{win: win}}
	p.Entry = newPickerEntry(p)
	p.Entry.SetPlaceHolder("Switch to… (type to filter, Enter to switch)")
	p.Entry.OnChanged = func(text string) {
		p.m.SetFilter(text)
		p.sync()
	}
	p.list = widget.NewList(func() int { return len(p.m.Shown()) },
		func() fyne.CanvasObject {
			name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			desc := widget.NewLabel("")
			desc.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, name, nil, desc)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			it := p.m.Shown()[i]
			box := o.(*fyne.Container)
			label := "   " + it.Label
			if i == p.m.Selected() {
				label = "›  " + it.Label // the selection, without choosing it as a list selection would
			}
			if it.Active {
				label += "  (active)"
			}
			box.Objects[1].(*widget.Label).SetText(label)
			box.Objects[0].(*widget.Label).SetText(it.Description)
		})
	p.list.OnSelected = func(i widget.ListItemID) {
		p.m.sel = i
		p.choose()
	}
	content := readingBorder(p.Entry, nil, nil, nil, p.list)
	p.pop = widget.NewModalPopUp(content, win.Canvas())
	p.pop.Resize(fyne.NewSize(520, 360))
	p.pop.Show()
	win.Canvas().Focus(p.Entry)
	return p
}

// Model is the picker's list.
func (p *Picker) Model() *PickerModel { return p.m }

// sync shows the model's selection without switching.
func (p *Picker) sync() {
	p.list.Refresh()
	if i := p.m.Selected(); i >= 0 {
		p.list.ScrollTo(i)
	}
}

// choose switches to the selected persona and closes.
func (p *Picker) choose() {
	it, ok := p.m.Choice()
	if !ok {
		return
	}
	p.Close()
	if err := p.activate(it.Name); err != nil {
		p.ask.showError(err)
	}
}

// Close hides the picker.
func (p *Picker) Close() { p.pop.Hide() }

// pickerEntry is the filter field; it keeps Up, Down, Enter and Escape for the picker.
type pickerEntry struct {
	widget.Entry
	p *Picker
}

func newPickerEntry(p *Picker) *pickerEntry {
	e := &pickerEntry{p: p}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey moves the selection, switches or closes; other keys edit the filter.
func (e *pickerEntry) TypedKey(k *fyne.KeyEvent) {
	switch k.Name {
	case fyne.KeyDown:
		e.p.m.Move(1)
		e.p.sync()
	case fyne.KeyUp:
		e.p.m.Move(-1)
		e.p.sync()
	case fyne.KeyReturn, fyne.KeyEnter:
		e.p.choose()
	case fyne.KeyEscape:
		e.p.Close()
	default:
		e.Entry.TypedKey(k)
	}
}
