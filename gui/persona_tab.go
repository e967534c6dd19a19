package gui

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/personas"
)

// noColor is the colour choice for "no color field".
const noColor = "(none)"

// PersonaTab edits the persona's fields and its prompt.
type PersonaTab struct {
	widget.BaseWidget
	model *personaedit.Model

	Name        *widget.Entry
	Description *widget.Entry
	Type        *widget.RadioGroup
	Icon        *widget.Entry
	Color       *widget.Select
	Hidden      *widget.Check
	Steps       *widget.Entry
	Prompt      *TextArea
	// Other lists the frontmatter keys the app does not edit (model, temperature, another
	// tool's settings): read-only, so that no one wonders where they went; Save keeps them as
	// they are written.
	Other *widget.Label

	swatch *canvas.Rectangle
	msgs   map[string]*widget.Label // validation message under each field
	// showing is set while refresh copies the draft into the widgets: their change callbacks
	// must not write back what they are being told.
	showing bool
}

// NewPersonaTab makes the tab for m.
func NewPersonaTab(m *personaedit.Model) *PersonaTab {
	t := &PersonaTab{model: m, msgs: map[string]*widget.Label{}}
	set := func(f func(d *personaedit.Draft, s string)) func(string) {
		return func(s string) {
			if !t.showing {
				m.Update(func(d *personaedit.Draft) { f(d, s) })
			}
		}
	}
	// The name is changed with Rename…, which renames the file and follows the active state
	// too; typing a name here would leave the file name and the state behind.
	t.Name = widget.NewEntry()
	t.Name.Disable()
	t.Description = widget.NewEntry()
	t.Description.OnChanged = set(func(d *personaedit.Draft, s string) { d.Description = s })
	t.Type = widget.NewRadioGroup([]string{personas.TypePrimary, personas.TypeSubagent}, set(func(d *personaedit.Draft, s string) { d.Type = s }))
	t.Type.Horizontal = true
	t.Icon = widget.NewEntry()
	t.Icon.SetPlaceHolder("one glyph, e.g. ◎")
	t.Icon.OnChanged = set(func(d *personaedit.Draft, s string) { d.Icon = s })
	t.Color = widget.NewSelect(append([]string{noColor}, personas.Colors...), set(func(d *personaedit.Draft, s string) {
		if s == noColor {
			s = ""
		}
		d.Color = s
	}))
	t.swatch = canvas.NewRectangle(color.Transparent)
	t.swatch.SetMinSize(fyne.NewSize(18, 18))
	t.swatch.CornerRadius = 9
	t.Hidden = widget.NewCheck("hidden from the picker and from cycling", func(b bool) {
		if !t.showing {
			m.Update(func(d *personaedit.Draft) { d.Hidden = b })
		}
	})
	t.Steps = widget.NewEntry()
	t.Steps.SetPlaceHolder("no budget")
	t.Steps.OnChanged = set(func(d *personaedit.Draft, s string) { d.Steps = s })
	t.Prompt = NewTextArea()
	t.Prompt.TextStyle.Monospace = true
	// Lines as the file has them: prompts are usually wrapped by their authors, and re-wrapping
	// hard-wrapped text breaks it in odd places.
	t.Prompt.Wrapping = fyne.TextWrapOff
	// The prompt fills whatever height is left; its minimum stays small so that the window,
	// with a conflict banner and field messages, still fits a laptop screen.
	t.Prompt.SetMinRowsVisible(5)
	t.Prompt.OnChanged = set(func(d *personaedit.Draft, s string) { d.Prompt = s })
	t.Other = widget.NewLabel("")
	t.Other.Wrapping = fyne.TextWrapWord
	for _, f := range []string{personaedit.FieldName, personaedit.FieldDescription, personaedit.FieldType, personaedit.FieldIcon, personaedit.FieldColor, personaedit.FieldSteps} {
		l := widget.NewLabel("")
		l.Importance = widget.DangerImportance
		l.Wrapping = fyne.TextWrapWord
		l.Hide()
		t.msgs[f] = l
	}
	if m.ReadOnly() {
		for _, w := range []fyne.Disableable{t.Description, t.Type, t.Icon, t.Color, t.Hidden, t.Steps, t.Prompt} {
			w.Disable()
		}
	}
	t.ExtendBaseWidget(t)
	m.OnChange(t.refresh)
	t.refresh()
	return t
}

// CreateRenderer lays the fields out as a form over the prompt editor.
func (t *PersonaTab) CreateRenderer() fyne.WidgetRenderer {
	field := func(o fyne.CanvasObject, name string) fyne.CanvasObject {
		return container.NewVBox(o, t.msgs[name])
	}
	form := widget.NewForm(
		widget.NewFormItem("Name", field(t.Name, personaedit.FieldName)),
		widget.NewFormItem("Description", field(t.Description, personaedit.FieldDescription)),
		widget.NewFormItem("Type", field(t.Type, personaedit.FieldType)),
		widget.NewFormItem("Icon", field(t.Icon, personaedit.FieldIcon)),
		widget.NewFormItem("Colour", field(readingBorder(nil, nil, container.NewCenter(t.swatch), nil, t.Color), personaedit.FieldColor)),
		widget.NewFormItem("Hidden", t.Hidden),
		widget.NewFormItem("Steps", field(t.Steps, personaedit.FieldSteps)),
	)
	if t.Other.Text != "" {
		form.Append("Other keys", t.Other)
	}
	prompt := readingBorder(widget.NewLabelWithStyle("Prompt", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil, t.Prompt)
	// The tab scrolls in a low window instead of making the window taller than 600 px; in a
	// taller one the prompt takes the rest of the height.
	scroll := container.NewVScroll(readingBorder(form, nil, nil, nil, prompt))
	// Tab into the prompt of a low window scrolls it into view: focus must never go where it
	// cannot be seen.
	t.Prompt.OnFocus = func() { scroll.ScrollToBottom() }
	return widget.NewSimpleRenderer(scroll)
}

// refresh shows the draft and its problems. Entries are only set when they differ from the
// draft, so that typing never moves the cursor.
func (t *PersonaTab) refresh() { showDraft(t.model, &t.showing, t.showDraft) }

// showDraft is refresh, with showing set.
func (t *PersonaTab) showDraft(m *personaedit.Model, d personaedit.Draft) {
	setText(t.Name, d.Name)
	setText(t.Description, d.Description)
	if t.Type.Selected != d.Type {
		t.Type.SetSelected(d.Type)
	}
	setText(t.Icon, d.Icon)
	c := d.Color
	if c == "" {
		c = noColor
	}
	if t.Color.Selected != c {
		if !containsString(t.Color.Options, c) {
			// An unknown token from the file: offer it so that it shows, with its warning.
			t.Color.Options = append(t.Color.Options, c)
		}
		t.Color.SetSelected(c)
	}
	t.swatch.FillColor = tokenColor(d.Color)
	t.swatch.Refresh()
	if t.Hidden.Checked != d.Hidden {
		t.Hidden.SetChecked(d.Hidden)
	}
	setText(t.Steps, d.Steps)
	setText(&t.Prompt.Entry, d.Prompt)
	t.Other.SetText(otherKeys(m.Original()))
	errs := m.Validate()
	for f, l := range t.msgs {
		msg := personaedit.FieldMessage(errs, f, -1)
		l.SetText(msg)
		if msg == "" {
			l.Hide()
		} else {
			l.Show()
		}
	}
}

func setText(e *widget.Entry, s string) {
	if e.Text != s {
		e.SetText(s)
	}
}

func containsString(list []string, s string) bool { return indexOf(list, s) >= 0 }

// otherKeys says which frontmatter keys of p the editor does not show, "" when none.
func otherKeys(p *personas.Persona) string {
	if p == nil || len(p.Unknown) == 0 {
		return ""
	}
	return strings.Join(p.Unknown, ", ") + " (kept as written; the Source tab edits them)"
}

// showDraft runs show with the draft of m (nothing for a broken file), with *showing set
// meanwhile: the tab's fields ignore the changes show makes to them, which are no edits.
func showDraft(m *personaedit.Model, showing *bool, show func(*personaedit.Model, personaedit.Draft)) {
	if m.Broken() {
		return
	}
	*showing = true
	defer func() { *showing = false }()
	show(m, m.Draft())
}
