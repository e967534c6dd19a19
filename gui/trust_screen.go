package gui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/gui/workspace"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

// TrustTitle is the title of the screen that decides whether the project's files are used.
const TrustTitle = "Trust"

// TrustScreen is the trust decision for the project the app runs in (`agentmgr trust`, in
// the window): whether the project's personas and guards are used, who decided, which of
// its files changed since the trust, and Trust or Revoke. It is laid out as the runtime
// screens are: a summary, its buttons, the details, what the last button did; under them,
// when files changed since the trust, what changed in each (`agentmgr trust --diff`). A
// trust covers the files as they are listed here: trusting is the person's look at them.
type TrustScreen struct {
	widget.BaseWidget
	dirs locations.Dirs
	now  func() time.Time
	st   trust.Status
	// content holds the body alone, or the body over the diff when files changed.
	content *fyne.Container
	body    fyne.CanvasObject
	split   fyne.CanvasObject

	Summary *widget.Label
	Details *widget.Label
	Message *widget.Label
	// Diff shows each file changed since the trust as a diff against what was trusted
	// (trust.Diffs), read-only and monospace; empty, and not shown, without changes.
	Diff   *widget.TextGrid
	Trust  *widget.Button
	Revoke *widget.Button
	Check  *widget.Button
}

// NewTrustScreen makes the screen for dirs' project; it reads the trust again whenever the
// catalog is reloaded (the app reloads when a trust store changes, whoever changed it).
func NewTrustScreen(dirs locations.Dirs, ws *workspace.Workspace, now func() time.Time) *TrustScreen {
	v := &TrustScreen{dirs: dirs, now: now}
	v.Summary, v.Details, v.Message = screenTexts()
	v.Diff = widget.NewTextGrid()
	v.content = container.NewStack()
	v.Trust = widget.NewButtonWithIcon("Trust these files", theme.ConfirmIcon(), func() { v.decide(v.trustAsShown, "Trusted") })
	v.Trust.Importance = widget.HighImportance
	v.Revoke = widget.NewButtonWithIcon("Revoke trust", theme.CancelIcon(), func() { v.decide(trust.Revoke, "Revoked") })
	v.Check = widget.NewButtonWithIcon("Check again", theme.ViewRefreshIcon(), v.update)
	v.ExtendBaseWidget(v)
	v.update()
	if ws != nil {
		ws.OnCatalog(func(workspace.CatalogEvent) { v.update() })
	}
	return v
}

// Status is the trust shown.
func (v *TrustScreen) Status() trust.Status { return v.st }

// trustAsShown trusts the project's files as the screen shows them, and nothing that changed
// since they were read: the person trusts what they looked at.
func (v *TrustScreen) trustAsShown(d locations.Dirs, now time.Time) (trust.Status, error) {
	return trust.TrustAsShown(d, now, v.st.Files)
}

// decide records the person's decision and shows the trust that results. A refusal shows the
// files as they are now, for the fresh look it asks for.
func (v *TrustScreen) decide(f func(locations.Dirs, time.Time) (trust.Status, error), done string) {
	if _, err := f(v.dirs, v.now()); err != nil {
		v.update()
		v.Message.Importance = widget.DangerImportance
		v.Message.SetText(err.Error())
		return
	}
	v.update()
	v.Message.Importance = widget.MediumImportance
	v.Message.SetText(done + " at " + v.now().Local().Format("15:04:05") + ". The personas and guards follow at once; running agents read them on their next call.")
}

// update reads the trust again and shows it.
func (v *TrustScreen) update() {
	v.st = trust.Of(v.dirs)
	summary, details := trustText(v.st)
	v.Summary.SetText(summary)
	v.Details.SetText(strings.Join(details, "\n"))
	v.showDiff(diffText(trust.Diffs(v.dirs, v.st)))
	setEnabled(v.Trust, v.st.State == trust.Untrusted || v.st.State == trust.Changed)
	setEnabled(v.Revoke, v.st.State != trust.NoFiles)
	v.Refresh()
}

// showDiff shows text in the diff view under the body, or the body alone for no text.
func (v *TrustScreen) showDiff(text string) {
	if v.Diff.Text() != text {
		v.Diff.SetText(text)
		colorDiff(v.Diff)
	}
	if v.body == nil {
		return // before the renderer is made, which shows the view as it is then
	}
	want := v.body
	if text != "" {
		want = v.split
	}
	if len(v.content.Objects) != 1 || v.content.Objects[0] != want {
		v.content.Objects = []fyne.CanvasObject{want}
		v.content.Refresh()
	}
}

// diffText is the diffs one after another, each file's headed by what happened to it, or why
// it cannot be shown.
func diffText(diffs []trust.FileDiff) string {
	var b strings.Builder
	for i, fd := range diffs {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s: %s since trusted", fd.Path, fd.Change)
		if fd.Note != "" {
			fmt.Fprintf(&b, "; no diff: %s\n", fd.Note)
			continue
		}
		b.WriteString("\n" + fd.Diff)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// trustText is the screen's summary and details for st: the state in a sentence, who
// decided, then each project file with what happened to it since the trust.
func trustText(st trust.Status) (string, []string) {
	if st.State == trust.NoFiles {
		if st.Dir == "" {
			return "No project here: the app runs outside a folder with a .pi folder, so there is nothing to trust.", nil
		}
		return "The project " + st.Dir + " has no personas or guards: there is nothing to trust.", nil
	}
	var summary string
	switch st.State {
	case trust.Trusted:
		summary = "The project's personas and guards are used: " + st.By + "."
	case trust.Changed:
		summary = "The project's personas and guards are not used: they changed since you trusted them. Look at them again, then trust them as they are now."
	default:
		summary = "The project's personas and guards are not used: " + st.By + ". Look at them, then trust them if you want them to decide."
	}
	details := []string{"Project: " + st.Dir}
	if st.State == trust.Changed {
		details = append(details, "Last decision: "+st.By+".")
	}
	changed := map[string]string{}
	for _, c := range st.Changes {
		if i := strings.LastIndexByte(c, ' '); i > 0 {
			changed[c[:i]] = c[i+1:]
		}
	}
	details = append(details, "", fmt.Sprintf("Files the trust covers (%d, in .pi):", len(st.Files)))
	for _, f := range st.Files {
		note := "as trusted"
		switch {
		case changed[f.Path] != "":
			note = changed[f.Path] + " since trusted"
		case st.State != trust.Trusted:
			note = "not trusted"
		}
		details = append(details, "  "+f.Path+" — "+note)
	}
	for _, c := range st.Changes {
		if strings.HasSuffix(c, " removed") {
			details = append(details, "  "+strings.TrimSuffix(c, " removed")+" — removed since trusted")
		}
	}
	for _, p := range st.Problems {
		details = append(details, "", "Not read (nothing it says is trusted): "+p)
	}
	return summary, details
}

// CreateRenderer lays the screen out as the runtime screens: summary, buttons, details, the
// last decision's message; under them, when files changed, the diff, which scrolls on its own
// (a long line scrolls sideways, never widens the window).
func (v *TrustScreen) CreateRenderer() fyne.WidgetRenderer {
	buttons := container.NewHBox(v.Trust, v.Revoke, v.Check)
	v.body = container.NewVScroll(container.NewVBox(v.Summary, buttons, v.Details, v.Message))
	title := widget.NewLabelWithStyle("What changed since the trust", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	split := container.NewVSplit(v.body, readingBorder(title, nil, nil, nil, container.NewScroll(v.Diff)))
	split.Offset = 0.45
	v.split = split
	v.showDiff(v.Diff.Text())
	return widget.NewSimpleRenderer(container.NewPadded(v.content))
}
