package gui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// Titles of the built-in editor tabs.
const (
	TabPersona = "Persona"
	TabRules   = "Rules"
	TabFile    = "File"
)

// EditorView edits one personaedit.Model: a heading, the conflict banner, the tabs, and Save/Revert.
type EditorView struct {
	widget.BaseWidget
	d     editorDeps
	model *personaedit.Model

	heading *widget.Label
	where   *widget.Label
	banner  *fyne.Container
	bannerL *widget.Label
	tabs    *container.AppTabs
	tabDefs []EditorTab
	slots   []*fyne.Container // one stack per tab, filled the first time the tab is shown
	status  *widget.Label
	impact  *ImpactView // nil for a read-only persona
	save    *widget.Button
	revert  *widget.Button
	content fyne.CanvasObject
	raw     *rawView // the raw text of a broken file, nil otherwise
	// frame is the laid-out view: heading and banner on top, the tabs, Save/Revert below.
	frame *fyne.Container
}

// editorDeps are what the persona editor uses of its window: the workspace and the folders,
// the window (for the impact line's dialogs), the task runner, the asker, the loader (a broken
// file's raw text reloads the list when saved), the editor's and the persona files' commands,
// and what its tabs are built from.
type editorDeps struct {
	ws    *workspace.Workspace
	dirs  *locations.Dirs
	win   fyne.Window
	tasks *tasks
	ask   asker
	load  *loader
	edit  *editorCommands
	files *personaFiles
	// replayEdits reports whether editors replay the review log as they change
	// (Shell.ReplayWhileEditing); read when an editor is built.
	replayEdits func() bool
	tabs        tabContext
}

// tabContext is what the persona editor's tabs (EditorTab.Make) are built from: what the
// Preview and Problems tabs use of the window (tabDeps: the workspace, the view worker, the
// preferences, the folders, the asker), the task runner, and the state the previews share,
// made on first use.
type tabContext struct {
	tabDeps
	tasks   *tasks
	preview func() *previewState
}

// NewEditorView builds the editor for m, with what d gives of the window.
func NewEditorView(d editorDeps, m *personaedit.Model) *EditorView {
	v := &EditorView{d: d, model: m}
	v.heading = widget.NewLabel("")
	v.heading.TextStyle.Bold = true
	v.heading.SizeName = theme.SizeNameSubHeadingText
	v.heading.Truncation = fyne.TextTruncateEllipsis
	v.where = widget.NewLabel("")
	v.where.Importance = widget.LowImportance
	v.where.Truncation = fyne.TextTruncateEllipsis
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.save = widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), d.edit.saveEditor)
	v.save.Importance = widget.HighImportance
	v.revert = widget.NewButtonWithIcon("Revert", theme.ContentUndoIcon(), d.edit.revertEditor)
	v.bannerL = widget.NewLabel("")
	v.bannerL.Wrapping = fyne.TextWrapWord
	v.bannerL.Importance = widget.WarningImportance
	// The message over its buttons, not beside them: beside, a narrow window squeezed the
	// message into a column and the buttons grew as tall as it.
	v.banner = container.NewVBox(v.bannerL, newFlow(
		widget.NewButton("Compare…", d.edit.compareVersions),
		widget.NewButton("Reload from disk", d.edit.reloadEditorFromDisk),
		widget.NewButton("Keep mine", d.edit.keepMine)))

	if m.Broken() {
		v.content = v.brokenContent()
	} else {
		var items []*container.TabItem
		v.tabDefs = editorTabs()
		for _, t := range v.tabDefs {
			slot := container.NewStack()
			v.slots = append(v.slots, slot)
			items = append(items, container.NewTabItem(t.Title, slot))
		}
		v.tabs = container.NewAppTabs(items...)
		v.tabs.OnSelected = func(it *container.TabItem) {
			tab := v.Tab(it.Text)
			v.caughtUp(tab)
			v.focusIn(tab)
		}
		v.Tab(v.tabDefs[0].Title)
		v.content = v.tabs
	}
	if !m.ReadOnly() {
		v.impact = NewImpactView(m, d.ws, *d.dirs, d.win, d.tasks, d.replayEdits())
	}
	v.ExtendBaseWidget(v)
	m.OnChange(v.refresh)
	v.refresh()
	return v
}

// CreateRenderer lays the editor out.
func (v *EditorView) CreateRenderer() fyne.WidgetRenderer {
	var actions fyne.CanvasObject
	if !v.model.Broken() {
		files := v.d.files
		dup := widget.NewButtonWithIcon("Duplicate…", theme.ContentCopyIcon(), files.duplicate)
		ren := widget.NewButtonWithIcon("Rename…", theme.DocumentCreateIcon(), files.rename)
		del := widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), files.deletePersona)
		if v.model.ReadOnly() {
			ren.Disable()
			del.Disable()
		}
		actions = container.NewHBox(dup, ren, del)
	}
	top := container.NewVBox(readingBorder(nil, nil, nil, actions, container.New(headingLayout{}, v.heading, v.where)), v.banner)
	if v.model.ReadOnly() && !v.model.Broken() {
		top.Add(v.readOnlyNote())
	}
	var bottom fyne.CanvasObject
	if !v.model.ReadOnly() {
		bottom = readingBorder(widget.NewSeparator(), nil, nil, container.NewHBox(v.revert, v.save), container.NewVBox(v.status, v.impact))
	}
	v.frame = readingBorder(top, bottom, nil, nil, v.content)
	return widget.NewSimpleRenderer(v.frame)
}

// showBanner shows or hides the conflict banner. Hiding a child changes no layout by itself:
// the frame is laid out again, or the banner's room stayed empty above the tabs after Keep mine
// or Reload until something else relaid the view.
func (v *EditorView) showBanner(show bool) {
	if show == v.banner.Visible() {
		return
	}
	if show {
		v.banner.Show()
	} else {
		v.banner.Hide()
	}
	if v.frame != nil {
		v.frame.Refresh()
	}
}

// Impact is the line that says how many logged calls the edits would change (nil for a
// read-only persona).
func (v *EditorView) Impact() *ImpactView { return v.impact }

// Tabs are the editor's tabs (nil for a broken file).
func (v *EditorView) Tabs() *container.AppTabs { return v.tabs }

// ShowTab brings the tab titled title to the front.
func (v *EditorView) ShowTab(title string) {
	if v.tabs == nil {
		return
	}
	for _, it := range v.tabs.Items {
		if it.Text == title {
			v.Tab(title)
			v.tabs.Select(it)
			v.caughtUp(v.Tab(title)) // Select tells OnSelected nothing when it is in front already
		}
	}
}

// focusIn puts the focus on the focus target of a tab just brought to the front, as a switch
// by key does (focusFirstIn): a click on a tab left the focus nowhere, or on a field of the
// tab left behind. A tab without a target leaves the focus where it is.
func (v *EditorView) focusIn(tab fyne.CanvasObject) {
	t, ok := tab.(focusTarget)
	if !ok {
		return
	}
	f := t.FocusTarget()
	if f == nil {
		return
	}
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(f)
	}
}

// built is the tab titled title if it was built, else nil.
func (v *EditorView) built(title string) fyne.CanvasObject {
	for i, t := range v.tabDefs {
		if t.Title == title && len(v.slots[i].Objects) > 0 {
			return v.slots[i].Objects[0]
		}
	}
	return nil
}

// caughtUp brings a tab that follows the edits only while in front (Preview, Problems) up to
// date, now that it is.
func (v *EditorView) caughtUp(tab fyne.CanvasObject) {
	if c, ok := tab.(interface{ catchUp() }); ok {
		c.catchUp()
	}
}

// Tab is the content of the tab titled title, built if it was not yet; nil when there is no
// such tab. Tabs are built when first shown: most edits never look at most tabs.
func (v *EditorView) Tab(title string) fyne.CanvasObject {
	for i, t := range v.tabDefs {
		if t.Title != title {
			continue
		}
		if len(v.slots[i].Objects) == 0 {
			tab := t.Make(v.d.tabs, v.model)
			if f, ok := tab.(interface{ setShown(func() bool) }); ok {
				title := t.Title
				f.setShown(func() bool { return v.tabs.Selected() != nil && v.tabs.Selected().Text == title })
			}
			v.slots[i].Objects = []fyne.CanvasObject{tab}
			v.slots[i].Refresh()
		}
		return v.slots[i].Objects[0]
	}
	return nil
}

// refresh follows the model: heading, banner, Save state and the validation summary.
func (v *EditorView) refresh() {
	m := v.model
	if m.Broken() {
		setLabel(v.heading, "⚠ "+m.Path())
		setLabel(v.where, "failed to load")
		v.showBanner(false)
		return
	}
	p := m.Persona()
	title := p.Label()
	if m.Dirty() {
		title += "  ●"
	}
	setLabel(v.heading, title)
	if p.Path == "" {
		setLabel(v.where, "built into agentmgr · read-only")
	} else {
		// The file's name only: the File tab has the whole path, which is long.
		setLabel(v.where, fmt.Sprintf("%s · %s", p.Scope, filepath.Base(p.Path)))
	}
	if b := m.Banner(); b != "" {
		setLabel(v.bannerL, b+" Reload it (your edits are dropped) or keep your version (saving will ask before it overwrites).")
		v.showBanner(true)
	} else {
		v.showBanner(false)
	}
	errs := m.Errors()
	var text string
	var imp widget.Importance
	switch {
	case len(errs) > 0:
		imp, text = widget.DangerImportance, saveBlockedText(errs)
	case m.Dirty():
		v.d.ws.Edited()
		imp, text = widget.MediumImportance, "Unsaved changes. The File tab shows what Save will write."
		if w := v.d.ws.AgentmgrOnlyWarning(); w != "" {
			// Said at the edit that causes it, not first at Save.
			imp, text = widget.WarningImportance, "Unsaved changes: "+w+". Save asks before it makes the file agentmgr-only."
		}
	case v.d.ws.SavedPath() != "" && v.d.ws.SavedPath() == m.Path():
		imp, text = widget.SuccessImportance, "Saved "+filepath.Base(m.Path())+"."
	default:
		imp, text = widget.LowImportance, "No changes."
	}
	_, renderErr := m.Diff()
	if renderErr != nil && len(errs) == 0 {
		imp, text = widget.DangerImportance, "Save cannot write this: "+renderErr.Error()
	}
	// Set only when it changed: most keystrokes leave the line as it was.
	if v.status.Text != text || v.status.Importance != imp {
		v.status.Importance = imp
		v.status.SetText(text)
	}
	setEnabled(v.save, m.CanSave())
	if m.Dirty() {
		v.revert.Enable()
	} else {
		v.revert.Disable()
	}
}

// brokenContent lists every problem of a file that failed to load.
func (v *EditorView) brokenContent() fyne.CanvasObject {
	var lines []string
	for _, p := range v.model.Problems() {
		lines = append(lines, p.Error())
	}
	msg := widget.NewLabel(strings.Join(lines, "\n"))
	msg.Wrapping = fyne.TextWrapWord
	msg.Importance = widget.DangerImportance
	intro := widget.NewLabel("This file failed to load, so pi and agentmgr skip it. Fix its text below and save, or fix it in a text editor; the list reloads when the file changes.")
	intro.Wrapping = fyne.TextWrapWord
	path := v.model.Path()
	open := widget.NewButtonWithIcon("Open in editor", theme.DocumentCreateIcon(), func() { v.d.files.openInEditor(path) })
	trash := widget.NewButtonWithIcon("Move to trash", theme.DeleteIcon(), func() { v.d.files.trashBroken(path) })
	buttons := []fyne.CanvasObject{open, trash}
	var raw fyne.CanvasObject = widget.NewLabel("")
	if r, err := personaedit.OpenRaw(path, scopeOf(*v.d.dirs, path)); err == nil {
		v.raw = newRawView(v.d.load, v.d.ask, r, msg)
		raw = v.raw.text
		buttons = append([]fyne.CanvasObject{v.raw.save}, buttons...)
	}
	top := container.NewVBox(intro, msg, newFlow(buttons...))
	return readingBorder(top, nil, nil, nil, raw)
}

// readOnlyNote explains why a persona cannot be edited here, and what to do instead.
func (v *EditorView) readOnlyNote() fyne.CanvasObject {
	p := v.model.Original()
	text := "This persona comes from the legacy pi-agent-manager.json file; make a Markdown copy to edit it."
	if p.Scope == personas.ScopeBuiltin {
		text = "Built-in personas live in the program. Customize makes a global copy you can edit; it replaces the built-in."
		if hint := emptyHint(v.d.ws.Catalog(), *v.d.dirs); strings.HasPrefix(hint, "No personas") {
			text += " " + strings.ReplaceAll(hint, "\n", " ")
		}
	}
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return readingBorder(nil, nil, nil, widget.NewButton("Customize…", func() { v.d.files.customize(p) }), l)
}

// saveBlockedText says why Save is disabled: the first problem, and how many there are.
func saveBlockedText(errs []personaedit.FieldError) string {
	if len(errs) == 1 {
		return "Fix this before saving: " + errs[0].Error()
	}
	return fmt.Sprintf("Fix %d problems before saving, first: %s", len(errs), errs[0].Error())
}

// headingLayout puts the persona's name and, after it, where it comes from, on one line. The
// name keeps its whole width while it can; in a narrow window both are cut with "…", the
// place first, instead of the window growing. Objects: the heading, the place.
type headingLayout struct{}

func (headingLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(objs[0].MinSize().Width, max(objs[0].MinSize().Height, objs[1].MinSize().Height))
}

func (headingLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	h := objs[0].(*widget.Label)
	// One glyph of slack: an icon drawn from a fallback font measures narrower than it draws.
	whole := fyne.MeasureText(h.Text, theme.Size(h.SizeName), h.TextStyle).Width + 2*theme.InnerPadding() + theme.Size(h.SizeName)
	hw := min(whole, size.Width)
	h.Move(fyne.NewPos(0, 0))
	h.Resize(fyne.NewSize(hw, size.Height))
	objs[1].Move(fyne.NewPos(hw, 0))
	objs[1].Resize(fyne.NewSize(max(0, size.Width-hw), size.Height))
	// A sliver of the place would show a letter or two next to the buttons.
	if size.Width-hw < 60 {
		objs[1].Hide()
	} else {
		objs[1].Show()
	}
}
