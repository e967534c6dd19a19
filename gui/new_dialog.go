package gui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// presetPrefix marks the preset choices of "Start from"; the other choices are personas to copy.
const presetPrefix = "preset: "

// errNameShownInHint marks the name as unusable without a message of its own (an empty message
// is one a form does not show); the dialog's hint says why.
var errNameShownInHint = errors.New("")

// NewSpec is what the New persona dialog asks for.
type NewSpec struct {
	Name        string
	Description string // for a preset start; a copy keeps the original's
	Scope       personas.Scope
	From        string // "preset: NAME" (optionally followed by presetSep and a summary) or the name of a persona to copy
}

// Prepare makes the new persona's document (not yet saved).
func (n NewSpec) Prepare(dirs locations.Dirs, c *personas.Catalog) (*personas.Document, error) {
	name := strings.TrimSpace(n.Name)
	if choice, ok := strings.CutPrefix(n.From, presetPrefix); ok {
		return personas.Create(dirs, n.Scope, name, strings.TrimSpace(n.Description), presetOfChoice(choice))
	}
	if n.From == "" {
		return nil, errors.New("choose what the new persona starts from: a preset or a persona to copy")
	}
	return personas.Duplicate(c, n.From, name, n.Scope)
}

// startChoices are the "Start from" options: the presets (each saying what it allows), then
// every persona to copy.
func startChoices(c *personas.Catalog) []string {
	var out []string
	for _, p := range builtin.Presets {
		out = append(out, presetPrefix+presetChoice(p))
	}
	for _, p := range c.Personas() {
		out = append(out, p.Name)
	}
	return out
}

// scopeChoices are the scopes a persona can be created in here: the project scope whenever
// there is a folder to make the project's .pi in (personaFiles.newProjectPi).
func scopeChoices(d locations.Dirs) []string {
	out := []string{personas.ScopeGlobal.String()}
	if d.Project != "" {
		out = append(out, personas.ScopeProject.String())
	}
	return out
}

// showNewDialog asks for the new persona's name, scope and starting point. from pre-selects a
// persona to copy (nil: start from a preset); sameName pre-fills its name, to override it.
func (pf *personaFiles) showNewDialog(from *personas.Persona, sameName bool) {
	name := newDialogEntry()
	name.SetPlaceHolder("lower-case name, e.g. reviewer")
	desc := newDialogEntry()
	desc.SetPlaceHolder("what it does (you can change it later)")
	// Without a project yet, the project scope makes one: creating the persona makes the
	// project's .pi/agents, which the scope's note names.
	newDirs := *pf.dirs
	newDirs.Project = pf.newProjectPi()
	scopeNote := widget.NewLabel("")
	scopeNote.Wrapping = fyne.TextWrapWord
	scopeNote.Importance = widget.LowImportance
	scope := widget.NewRadioGroup(scopeChoices(newDirs), func(v string) {
		if sc, _ := personas.ParseScope(v); sc == personas.ScopeProject && pf.dirs.Project == "" {
			scopeNote.SetText("Creates " + newDirs.ProjectAgents() + " (no project folder yet).")
			return
		}
		scopeNote.SetText("")
	})
	scope.Horizontal = true
	scope.SetSelected(personas.ScopeGlobal.String())
	// With hundreds of personas to copy, the choice is filtered by typing.
	start := NewFilterSelect(startChoices(pf.ws.Catalog()), func(c string) {
		if strings.HasPrefix(c, presetPrefix) {
			desc.Enable()
		} else {
			desc.Disable()
		}
	})
	start.SetSelected(presetPrefix + presetChoice(personas.DefaultPreset))
	if from != nil {
		start.SetSelected(from.Name)
		if sameName {
			name.SetText(from.Name)
		} else {
			name.SetText(from.Name + "-copy")
		}
	}
	start.PickLone = true
	// The hint always holds a sentence, so that the dialog does not jump when an error goes;
	// it says why Create is off while the name cannot be used.
	hint := widget.NewLabel("")
	hint.Wrapping = fyne.TextWrapWord
	// The validator only turns Create off: the hint already says why, and a form shows a
	// validator's message under its field as well, so a message would say it twice.
	name.Validator = func(v string) error {
		if nameProblem(v) != "" {
			return errNameShownInHint
		}
		return nil
	}
	name.OnChanged = func(v string) {
		hint.Importance = widget.LowImportance
		hint.SetText("Creates " + strings.TrimSpace(v) + ".md. Enter creates it.")
		if why := nameProblem(v); why != "" {
			hint.Importance = widget.WarningImportance
			hint.SetText("Create is off: " + why + ".")
		}
	}
	name.OnChanged(name.Text)
	items := []*widget.FormItem{
		widget.NewFormItem("Name", name),
		widget.NewFormItem("", hint),
		widget.NewFormItem("Start from", start),
		widget.NewFormItem("Description", desc),
		widget.NewFormItem("Scope", scope),
		widget.NewFormItem("", scopeNote),
	}
	title := "New persona"
	if from != nil {
		title = "Copy " + from.Name
	}
	d := dialog.NewForm(title, "Create", choiceCancel, items, func(ok bool) {
		if !ok {
			return
		}
		sc, _ := personas.ParseScope(scope.Selected)
		spec := NewSpec{Name: name.Text, Description: desc.Text, Scope: sc, From: start.Selected()}
		if sc == personas.ScopeProject && pf.dirs.Project == "" {
			// The save makes the folders; from then on the app reads the new project too.
			prev := *pf.dirs
			*pf.dirs = newDirs
			if err := pf.create(func() (*personas.Document, error) { return spec.Prepare(newDirs, pf.ws.Catalog()) }); err != nil {
				*pf.dirs = prev
				pf.ask.showError(err)
			}
			return
		}
		if err := pf.create(func() (*personas.Document, error) { return spec.Prepare(*pf.dirs, pf.ws.Catalog()) }); err != nil {
			pf.ask.showError(err)
		}
	}, pf.win)
	// Enter in a field presses Create, as in any form; Submit does nothing while a field is
	// invalid.
	name.OnSubmitted = func(string) { d.Submit() }
	desc.OnSubmitted = func(string) { d.Submit() }
	// Escape in a field closes the dialog, creating nothing, as Cancel does.
	name.onEscape, desc.onEscape = d.Hide, d.Hide
	d.Resize(fyne.NewSize(520, 360))
	d.Show()
	// Typing goes to the name at once; otherwise keys go nowhere until the person clicks.
	pf.win.Canvas().Focus(name)
}

// showRenameDialog asks for the new name of persona old.
func (pf *personaFiles) showRenameDialog(old string) {
	name := newDialogEntry()
	name.SetText(old)
	name.Validator = func(v string) error {
		if !personas.ValidName(strings.TrimSpace(v)) {
			return errors.New("lower-case letters, digits, - and _")
		}
		return nil
	}
	d := dialog.NewForm("Rename "+old, "Rename", choiceCancel, []*widget.FormItem{
		widget.NewFormItem("New name", name),
		widget.NewFormItem("", widget.NewLabel("The file is renamed too; if it is the active agent, it stays active.")),
	}, func(ok bool) {
		if ok && strings.TrimSpace(name.Text) != old {
			if err := pf.applyRename(old, strings.TrimSpace(name.Text)); err != nil {
				pf.ask.showError(err)
			}
		}
	}, pf.win)
	// Enter in the field renames, as in any form (Submit does nothing while the name is invalid).
	name.OnSubmitted = func(string) { d.Submit() }
	// Escape in the field closes the dialog, renaming nothing, as Cancel does.
	name.onEscape = d.Hide
	d.Resize(fyne.NewSize(480, 220))
	d.Show()
	// The old name is selected, so that typing replaces it.
	pf.win.Canvas().Focus(name)
	name.TypedShortcut(&fyne.ShortcutSelectAll{})
}

// nameProblem says why v cannot be a new persona's name, "" when it can.
func nameProblem(v string) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "":
		return "type a name"
	case strings.ToLower(v) != v:
		return "use lower-case letters (" + strings.ToLower(v) + ")"
	case !personas.ValidName(v):
		return "a name has only lower-case letters, digits, - and _, and starts with a letter or digit"
	}
	return ""
}
