package gui

import (
	"errors"
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/keysedit"
	"github.com/agentmgr/agentmgr/keybindings"
)

// KeysTitle is the title of the keybindings screen.
const KeysTitle = "Keys"

// newestChoice is the pi version choice that follows the newest table agentmgr ships.
const newestChoice = "newest known"

// KeysScreen edits the agent manager's three keys in keybindings.json: a capture field per
// action, each key's status for the chosen pi release (ok, skipped by pi, overrides X,
// clashes), the suggested fixes as buttons, and Save, which rewrites only what changed.
type KeysScreen struct {
	widget.BaseWidget
	m *keysedit.Model
	// win's main menu holds the app's own keys, paused while a key is captured; prefs keep
	// the chosen pi release; refreshMenu assembles the menu again once the keys changed.
	win         fyne.Window
	ask         asker
	prefs       fyne.Preferences
	refreshMenu func()

	Version  *widget.Select
	Save     *widget.Button
	Revert   *widget.Button
	captures map[string]*KeyCapture
	resets   map[string]*widget.Button
	actions  *fyne.Container
	findings *fyne.Container
	text     *widget.TextGrid
	file     *widget.Accordion // folds the file's text away
	status   *widget.Label
}

// NewKeysScreen makes the screen over model m in win, whose main menu is menu (see the
// KeysScreen fields for prefs and refreshMenu).
func NewKeysScreen(m *keysedit.Model, win fyne.Window, prefs fyne.Preferences, menu *menuBar, refreshMenu func()) *KeysScreen {
	v := &KeysScreen{m: m, win: win, ask: asker{win: win}, prefs: prefs, refreshMenu: refreshMenu, captures: map[string]*KeyCapture{}, resets: map[string]*widget.Button{}}
	opts := []string{newestChoice}
	for i := len(keybindings.Tables()) - 1; i >= 0; i-- {
		opts = append(opts, keybindings.Tables()[i].Version.String())
	}
	v.Version = widget.NewSelect(opts, nil)
	// A Select is only as wide as its placeholder, which would cut "newest known" short in the
	// tool bar's row; the longest choice makes it wide enough for every choice.
	v.Version.PlaceHolder = longestText(opts)
	v.Version.SetSelected(newestChoice)
	if m.Version() != "" {
		v.Version.SetSelected(m.Table().Version.String())
	}
	v.Version.OnChanged = v.setVersion
	v.Save = widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), v.save)
	v.Save.Importance = widget.HighImportance
	v.Revert = widget.NewButtonWithIcon("Revert", theme.ContentUndoIcon(), m.Revert)
	v.actions = container.NewVBox()
	v.findings = container.NewVBox()
	v.text = widget.NewTextGrid()
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.status.Hide() // until there is something to say
	v.ExtendBaseWidget(v)
	m.OnChange(v.update)
	// The window builds its screens before its menu: the rows' "in this app" notes are made
	// again once the menu is there, and whenever it changes.
	menu.onChange(v.update)
	v.update()
	return v
}

// Model is the model the screen edits.
func (v *KeysScreen) Model() *keysedit.Model { return v.m }

// Capture is the capture field of action id.
func (v *KeysScreen) Capture(id string) *KeyCapture { return v.captures[id] }

// ResetButton is the button that brings action id back to its default keys.
func (v *KeysScreen) ResetButton(id string) *widget.Button { return v.resets[id] }

func (v *KeysScreen) setVersion(choice string) {
	ver := choice
	if choice == newestChoice {
		ver = ""
	}
	if err := v.m.SetVersion(ver); err != nil {
		v.setStatus(err.Error())
		return
	}
	v.prefs.SetString(piVersionKey, ver)
	v.refreshMenu()
}

// save writes the file, after asking when the edits bind a key pi will skip or one another
// action has (the CLI refuses those without --force).
func (v *KeysScreen) save() {
	if bs := v.m.SaveBlockers(); len(bs) > 0 {
		lines := make([]string, len(bs))
		for i, f := range bs {
			lines[i] = "• " + f.Format(keybindings.FileName)
		}
		msg := "pi will not use these keys as you set them:\n" + strings.Join(lines, "\n") +
			"\n\nSave anyway, or go back and apply one of the suggested fixes?"
		v.ask.choose("Save keys pi will skip?", msg, []string{choiceCancel, saveAnyway}, func(c string) {
			if c == saveAnyway {
				v.write()
			}
		})
		return
	}
	v.write()
}

// saveAnyway is the Keys screen's answer that saves despite the problems it was told about.
const saveAnyway = "Save anyway"

func (v *KeysScreen) write() {
	err := v.m.Save()
	switch {
	case errors.Is(err, keybindings.ErrChangedOnDisk):
		v.setStatus(err.Error() + " (Revert reads it again.)")
	case err != nil:
		v.setStatus(err.Error())
	default:
		// The menu takes the keys as saved, and the rows follow it (see NewKeysScreen).
		v.refreshMenu()
		v.setStatus("Saved " + filepath.Base(v.m.Path()) + ". The app's Agent menu uses the new keys.")
	}
}

func (v *KeysScreen) update() {
	if v.m.Dirty() || v.m.LoadError() != nil {
		v.setStatus("")
	}
	if err := v.m.LoadError(); err != nil {
		v.setStatus(err.Error())
	}
	if v.m.Dirty() {
		v.Save.Enable()
		v.Revert.Enable()
	} else {
		v.Save.Disable()
		v.Revert.Disable()
	}
	var rows []fyne.CanvasObject
	for _, a := range v.m.Report().Actions {
		rows = append(rows, v.actionRow(a), widget.NewSeparator())
	}
	v.actions.Objects = rows
	v.actions.Refresh()
	v.findings.Objects = v.findingRows()
	v.findings.Refresh()
	v.text.SetText(v.m.Text())
}

// actionRow is one action: what it does, the capture field, its keys' statuses.
func (v *KeysScreen) actionRow(a keybindings.ActionStatus) fyne.CanvasObject {
	var first keybindings.Combo
	if len(a.Keys) > 0 {
		first = a.Keys[0].Combo
	}
	capture := NewKeyCapture(first)
	id := a.ID
	capture.OnCaptured = func(c keybindings.Combo) {
		if err := v.m.Bind(id, c); err != nil {
			v.setStatus(err.Error())
		}
	}
	capture.OnCapturing = v.pauseShortcuts
	// Why a press was refused shows under the row, wrapped: inside the field it would widen
	// the field and the window.
	problem := warnLabel("")
	problem.Hide()
	capture.OnProblem = func(p string) {
		if p == "" {
			problem.Hide()
			return
		}
		problem.SetText(p + ". Press another key, or Esc to cancel.")
		problem.Show()
	}
	v.captures[id] = capture
	reset := widget.NewButtonWithIcon("Default", theme.ContentClearIcon(), func() {
		if err := v.m.Reset(id); err != nil {
			v.setStatus(err.Error())
		}
	})
	if !a.FromFile {
		reset.Disable()
	}
	v.resets[id] = reset
	// The action and where its keys come from share one wrapped line, so that at 800x600 the
	// screen shows every action's row, not about one.
	where := "default"
	if a.FromFile {
		where = "set in keybindings.json"
		if a.Pos.IsValid() {
			where += " at line " + fmt.Sprint(a.Pos.Line)
		}
	}
	title := widget.NewRichText(
		&widget.TextSegment{Text: a.Description + "  ", Style: widget.RichTextStyle{Inline: true, TextStyle: fyne.TextStyle{Bold: true}}},
		&widget.TextSegment{Text: a.ID + " · " + where, Style: widget.RichTextStyleInline})
	title.Wrapping = fyne.TextWrapWord
	head := readingBorder(nil, nil, nil, container.NewHBox(capture, reset), title)
	lines := []fyne.CanvasObject{head, problem}
	if a.Disabled {
		lines = append(lines, warnLabel("Disabled: the file binds it to no key."))
	}
	if v.m.UnboundInAM(id) {
		lines = append(lines, warnLabel(keysedit.AMUnboundNote))
	}
	for _, k := range a.Keys {
		detail := k.Detail
		if app := v.appNote(k); app != "" {
			detail = strings.TrimPrefix(detail+"; "+app, "; ")
		}
		lines = append(lines, readingBorder(nil, nil, container.NewHBox(keyStatusBadge(k.Status), widget.NewLabelWithStyle(k.Text, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})), nil, wrapLabel(detail)))
	}
	return container.NewVBox(lines...)
}

// appNote says what a key does in this app: the menu item it opens, or why it cannot be a
// shortcut here, or which of the app's own items already has it.
func (v *KeysScreen) appNote(k keybindings.KeyStatus) string {
	// pi skips such a key, so the app does not use it either: a note on how the app would
	// treat it would contradict the status.
	if k.Status == keybindings.StatusInvalid || k.Status == keybindings.StatusSkipped {
		return ""
	}
	sc, err := appShortcut(k.Combo)
	if err != nil {
		return err.Error()
	}
	if other := menuItemWith(v.win.MainMenu(), sc); other != "" {
		return "in this app: " + other
	}
	return ""
}

// keyStatusBadge paints a key's status: ok green, shared and overrides amber, clash, skipped
// and invalid red.
func keyStatusBadge(s keybindings.Status) *fyne.Container {
	var c color.Color
	switch s {
	case keybindings.StatusOK:
		c = tokenColors["success"]
	case keybindings.StatusShared, keybindings.StatusOverrides:
		c = tokenColors["warning"]
	default:
		c = tokenColors["error"]
	}
	return badge(string(s), c)
}

// findingRows lists every finding with its fixes as buttons.
func (v *KeysScreen) findingRows() []fyne.CanvasObject {
	fs := v.m.Report().Findings
	if len(fs) == 0 {
		return []fyne.CanvasObject{widget.NewLabel("No problems: pi will deliver every key to the agent manager.")}
	}
	var out []fyne.CanvasObject
	for _, f := range fs {
		var buttons []fyne.CanvasObject
		for _, fx := range f.Fixes {
			fx := fx
			buttons = append(buttons, widget.NewButtonWithIcon(fixLabel(fx), theme.ConfirmIcon(), func() {
				if err := v.m.Apply(fx); err != nil {
					v.setStatus(err.Error())
				}
			}))
		}
		sev := badge(f.Severity.String(), severityColor(f.Severity))
		msg := wrapLabel(f.Format(keybindings.FileName))
		out = append(out, readingBorder(nil, nil, container.NewVBox(sev), nil, container.NewVBox(msg, container.NewHBox(buttons...))))
	}
	return out
}

// fixLabel is the button text of a fix: what it binds.
func fixLabel(fx keybindings.Fix) string {
	var keys []string
	for _, k := range fx.Keys {
		keys = append(keys, k.String())
	}
	short := strings.TrimPrefix(fx.ID, keybindings.ActionPrefix)
	label := fmt.Sprintf("Bind %s to %s", short, strings.Join(keys, ", "))
	if len(keys) == 0 {
		label = "Unbind " + short
	}
	return label
}

func severityColor(s keybindings.Severity) color.Color {
	switch s {
	case keybindings.Error:
		return tokenColors["error"]
	case keybindings.Warning:
		return tokenColors["warning"]
	}
	return tokenColors["info"]
}

// pauseShortcuts takes the shortcuts off the menu while a key is captured, and puts them back
// after: the window runs a menu shortcut before the focused widget sees the press.
func (v *KeysScreen) pauseShortcuts(capturing bool) {
	w := v.win
	if capturing {
		w.SetMainMenu(withoutShortcuts(w.MainMenu()))
		return
	}
	v.refreshMenu()
}

// CreateRenderer lays out the version, the actions and the findings, with the file's text.
func (v *KeysScreen) CreateRenderer() fyne.WidgetRenderer {
	path := widget.NewLabel(v.m.Path())
	path.Truncation = fyne.TextTruncateEllipsis
	// The status (Saved, a refused save) sits under the buttons, where it is always in view.
	head := container.NewVBox(readingBorder(nil, nil,
		container.NewHBox(widget.NewLabelWithStyle("Check against pi", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), v.Version),
		container.NewHBox(v.Revert, v.Save),
		path), v.status)
	// Problems and their fixes first: they are what a person came to the screen for.
	body := container.NewVBox(
		widget.NewLabelWithStyle("Problems and suggested fixes", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		v.findings, widget.NewSeparator(), v.actions)
	// The file's text is a check, the rows are the work: the text folds away under them (open
	// it to read it), so that at 800x600 the rows keep the height.
	fileText := container.NewScroll(v.text)
	fileText.SetMinSize(fyne.NewSize(0, 160))
	v.file = widget.NewAccordion(widget.NewAccordionItem("keybindings.json as Save will write it", fileText))
	return widget.NewSimpleRenderer(readingBorder(head, v.file, nil, nil, container.NewVScroll(body)))
}

// longestText is the widest of texts in the regular font.
func longestText(texts []string) string {
	best, width := "", float32(0)
	for _, t := range texts {
		if w := fyne.MeasureText(t, theme.TextSize(), fyne.TextStyle{}).Width; w > width {
			best, width = t, w
		}
	}
	return best
}

// setStatus shows text in the status line, which takes no room while it has nothing to say.
// The screen is laid out again after: the line's containers do not make room for it (or close
// the gap) by themselves, and the status was drawn over the heading under it.
func (v *KeysScreen) setStatus(text string) {
	v.status.SetText(text)
	if text == "" {
		v.status.Hide()
	} else {
		v.status.Show()
	}
	v.Refresh()
}
