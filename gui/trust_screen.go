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
// screens are: a summary, its buttons, the details, what the last button did. A trust covers
// the files as they are listed here: trusting is the person's look at them.
type TrustScreen struct {
	widget.BaseWidget
	dirs locations.Dirs
	now  func() time.Time
	st   trust.Status

	Summary *widget.Label
	Details *widget.Label
	Message *widget.Label
	Trust   *widget.Button
	Revoke  *widget.Button
	Check   *widget.Button
}

// NewTrustScreen makes the screen for dirs' project; it reads the trust again whenever the
// catalog is reloaded (the app reloads when a trust store changes, whoever changed it).
func NewTrustScreen(dirs locations.Dirs, ws *workspace.Workspace, now func() time.Time) *TrustScreen {
	v := &TrustScreen{dirs: dirs, now: now}
	v.Summary, v.Details, v.Message = screenTexts()
	v.Trust = widget.NewButtonWithIcon("Trust these files", theme.ConfirmIcon(), func() { v.decide(trust.Trust, "Trusted") })
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

// decide records the person's decision and shows the trust that results.
func (v *TrustScreen) decide(f func(locations.Dirs, time.Time) (trust.Status, error), done string) {
	if _, err := f(v.dirs, v.now()); err != nil {
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
	setEnabled(v.Trust, v.st.State == trust.Untrusted || v.st.State == trust.Changed)
	setEnabled(v.Revoke, v.st.State != trust.NoFiles)
	v.Refresh()
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
// last decision's message.
func (v *TrustScreen) CreateRenderer() fyne.WidgetRenderer {
	buttons := container.NewHBox(v.Trust, v.Revoke, v.Check)
	body := container.NewVBox(v.Summary, buttons, v.Details, v.Message)
	return widget.NewSimpleRenderer(container.NewPadded(container.NewVScroll(body)))
}
