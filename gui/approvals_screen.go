package gui

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/approvalqueue"
	"github.com/agentmgr/agentmgr/gui/logfeed"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// ApprovalsTitle is the title of the Approvals screen.
const ApprovalsTitle = "Approvals"

// makeApprovalsScreen builds the Approvals screen and serves the inbox while the app runs.
func makeApprovalsScreen(s *Shell) fyne.CanvasObject {
	m := approvalqueue.New(s.Dirs())
	scr := NewApprovalsScreen(m, s.App(), s.win, s.tasks, makeRuleOf(s))
	// Serve only while the app runs: the test driver never starts the app, so windows
	// built in tests do not serve the inbox behind the test's back.
	s.App().Lifecycle().SetOnStarted(scr.Start)
	s.App().Lifecycle().SetOnStopped(func() {
		// Past this point fyne.Do runs its function at once on the calling goroutine: the
		// screen stops following before the model's last change.
		scr.closing.Store(true)
		m.Stop()
	})
	return scr
}

// ApprovalsScreen shows what agents ask through the gate: the pending prompts, the recent
// answers, and each session's rules with revoke; a new prompt opens the request dialog.
type ApprovalsScreen struct {
	widget.BaseWidget
	closing atomic.Bool // the app is stopping: no more UI updates

	noRecent, noSessions *widget.Label   // what fills an empty Recent or Session rules tab
	noSessionsBox        *fyne.Container // holds noSessions over the empty split
	// app sends the desktop notification of a prompt; the prompt's dialog opens over win;
	// tasks hand the inbox's prompts to the UI goroutine.
	app   fyne.App
	win   fyne.Window
	tasks *tasks
	// makeRule offers a recent answer as a rule of its persona (makeRuleDialog.show in the app).
	makeRule func(logfeed.Proposal)
	model    *approvalqueue.Model

	status   *widget.Label
	toggle   *widget.Button
	pending  *widget.List
	recent   *widget.List
	sessions *widget.List
	rules    *widget.List
	tabs     *container.AppTabs
	content  fyne.CanvasObject
	// strip says on every screen that the window could not start answering agents; the
	// window puts it under its toolbar.
	strip *servingStrip

	// What the lists show, as last read from the model, on the UI goroutine.
	pendingRows []*inbox.Prompt
	recentRows  []inbox.Answered
	sessionRows []approvals.SessionRules
	selected    int // index into sessionRows, -1 for none
	// sessionsNote shows why some session files could not be read; the readable ones are
	// still listed.
	sessionsNote *widget.Label
	// noPending stands in for the empty pending list, which would otherwise be a blank tab.
	noPending *widget.Label

	open *PromptDialog // the dialog on screen, nil when none
}

// NewApprovalsScreen makes the screen over m and shows m's prompts in win as they come, with
// a notification of app; run hands them to the UI goroutine; makeRule offers a recent answer
// as a rule.
func NewApprovalsScreen(m *approvalqueue.Model, app fyne.App, win fyne.Window, run *tasks, makeRule func(logfeed.Proposal)) *ApprovalsScreen {
	a := &ApprovalsScreen{app: app, win: win, tasks: run, makeRule: makeRule, model: m, selected: -1}
	a.status = widget.NewLabel("")
	a.status.Wrapping = fyne.TextWrapWord
	a.toggle = widget.NewButton("", a.toggleServing)

	a.pending = widget.NewList(func() int { return len(a.pendingRows) },
		func() fyne.CanvasObject {
			return container.NewBorder(nil, nil, nil, widget.NewButton("Answer…", nil), widget.NewLabel(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p := a.pendingRows[i]
			row := o.(*fyne.Container)
			row.Objects[0].(*widget.Label).SetText(promptSummary(p))
			row.Objects[1].(*widget.Button).OnTapped = func() { a.answer(p) }
		})
	a.recent = widget.NewList(func() int { return len(a.recentRows) },
		func() fyne.CanvasObject {
			return container.NewBorder(nil, nil, nil, widget.NewButton(itemMakeRule, nil), widget.NewLabel(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			r := a.recentRows[i]
			row := o.(*fyne.Container)
			row.Objects[0].(*widget.Label).SetText(answerSummary(r))
			p, ok := recentProposal(r)
			b := row.Objects[1].(*widget.Button)
			b.OnTapped = func() { a.makeRule(p) }
			setEnabled(b, ok)
		})
	a.sessions = widget.NewList(func() int { return len(a.sessionRows) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			s := a.sessionRows[i]
			o.(*widget.Label).SetText(sessionSummary(s))
		})
	a.sessions.OnSelected = func(i widget.ListItemID) { a.selected = i; a.rules.Refresh() }
	a.rules = widget.NewList(func() int { return len(a.selectedRules()) },
		func() fyne.CanvasObject {
			return container.NewBorder(nil, nil, nil, widget.NewButtonWithIcon("Revoke", theme.DeleteIcon(), nil), widget.NewLabel(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			s := a.sessionRows[a.selected]
			r := s.Rules[i]
			row := o.(*fyne.Container)
			row.Objects[0].(*widget.Label).SetText(fmt.Sprintf("%d. %s", i+1, r))
			row.Objects[1].(*widget.Button).OnTapped = func() { a.revoke(s.ID, i+1, r) }
		})

	refresh := widget.NewButtonWithIcon("Reload", theme.ViewRefreshIcon(), a.follow)
	a.sessionsNote = widget.NewLabel("")
	a.sessionsNote.Importance = widget.DangerImportance
	a.sessionsNote.Wrapping = fyne.TextWrapWord
	a.sessionsNote.Hide()
	sessionsHead := container.NewVBox(container.NewHBox(widget.NewLabel("Rules approved with \"always\", per session"), refresh), a.sessionsNote)
	a.noSessionsBox = container.NewVBox()
	sessionsTab := readingBorder(sessionsHead, nil, nil, nil, container.NewStack(container.NewHSplit(a.sessions, a.rules), a.noSessionsBox))
	a.noPending = widget.NewLabel("No agent is waiting for an answer.")
	a.noRecent = wrapLabel("No answers yet. Each answer to an agent, yours or the gate's, is listed here, newest first, while the app runs.")
	a.noSessions = wrapLabel("No session rules. When you answer \"always\", the rule is stored for that session and listed here; Revoke takes it back.")
	a.tabs = container.NewAppTabs(
		container.NewTabItem("Pending", container.NewStack(a.pending, container.NewVBox(a.noPending))),
		container.NewTabItem("Recent", container.NewStack(a.recent, container.NewVBox(a.noRecent))),
		container.NewTabItem("Session rules", sessionsTab),
	)
	a.content = readingBorder(readingBorder(nil, nil, nil, a.toggle, a.status), nil, nil, nil, a.tabs)
	a.strip = newServingStrip(a.Start)
	a.ExtendBaseWidget(a)

	m.SetAsk(func(ctx context.Context, p *inbox.Prompt) { a.tasks.do(func() { a.prompted(p) }) })
	m.OnChange(func() {
		if !a.closing.Load() {
			a.tasks.do(a.follow)
		}
	})
	a.follow()
	return a
}

// Strip is the line the window shows under its toolbar, on every screen, while it could not
// start answering agents.
func (a *ApprovalsScreen) Strip() fyne.CanvasObject { return a.strip }

// CreateRenderer shows the status line over the tabs.
func (a *ApprovalsScreen) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(a.content)
}

// Start serves the inbox; a failure shows in the status line.
func (a *ApprovalsScreen) Start() {
	if err := a.model.Start(); err != nil {
		a.model.NoteError(err)
	}
}

func (a *ApprovalsScreen) toggleServing() {
	if a.model.State().Serving {
		a.model.Stop()
		return
	}
	a.Start()
}

// follow reads the model again and refreshes the lists. It runs on the UI goroutine.
func (a *ApprovalsScreen) follow() {
	st := a.model.State()
	a.strip.follow(st)
	switch {
	case st.Serving:
		msg := fmt.Sprintf("Answering agents' questions since %s. Point Claude Code's PreToolUse hook at `agentmgr gate claude`.", st.Since.Format("15:04:05"))
		if st.Err != nil {
			// A problem worked around while serving (a revoke refused, an answer not
			// written) would otherwise leave the button the person pressed doing nothing.
			msg += "\nLast problem: " + st.Err.Error()
		}
		a.status.SetText(msg)
		a.toggle.SetText("Stop answering")
	case st.Err != nil:
		a.status.SetText("Not answering agents: " + st.Err.Error())
		a.toggle.SetText("Answer agents")
	default:
		a.status.SetText("Not answering agents: their gates let Claude Code ask in its terminal and deny other agents.")
		a.toggle.SetText("Answer agents")
	}
	a.pendingRows, a.recentRows = a.model.Pending(), a.model.Recent()
	var err error
	a.sessionRows, err = a.model.Sessions()
	if err != nil {
		a.sessionsNote.SetText("Some sessions could not be read: " + err.Error())
		a.sessionsNote.Show()
	} else {
		a.sessionsNote.Hide()
	}
	if len(a.pendingRows) == 0 {
		a.noPending.Show()
	} else {
		a.noPending.Hide()
	}
	a.noRecent.Hidden = len(a.recentRows) > 0
	a.noRecent.Refresh()
	// The note covers the empty split; it goes when there is a session to list.
	if len(a.sessionRows) == 0 && err == nil {
		a.noSessionsBox.Objects = []fyne.CanvasObject{a.noSessions}
	} else {
		a.noSessionsBox.Objects = nil
	}
	a.noSessionsBox.Refresh()
	if a.selected >= len(a.sessionRows) {
		a.selected = -1
		a.sessions.UnselectAll()
	}
	a.tabs.Items[0].Text = fmt.Sprintf("Pending (%d)", len(a.pendingRows))
	a.tabs.Refresh()
	a.pending.Refresh()
	a.recent.Refresh()
	a.sessions.Refresh()
	a.rules.Refresh()
}

func (a *ApprovalsScreen) selectedRules() engine.Ruleset {
	if a.selected < 0 || a.selected >= len(a.sessionRows) {
		return nil
	}
	return a.sessionRows[a.selected].Rules
}

// prompted shows a new prompt: its dialog, unless one is open (the next opens when that one
// closes), and a notification, since the person may be looking at their terminal.
func (a *ApprovalsScreen) prompted(p *inbox.Prompt) {
	a.app.SendNotification(fyne.NewNotification("agentmgr: "+approvalqueue.DescribePrompt(p).Title, p.Request.Value))
	a.answer(p)
}

// answer opens the dialog for p when no dialog is open.
func (a *ApprovalsScreen) answer(p *inbox.Prompt) {
	if a.open != nil {
		return
	}
	select {
	case <-p.Done():
		return
	default:
	}
	d := NewPromptDialog(p, func(r approvals.Reply) error { return a.model.Reply(p.ID(), r) }, a.win, a.tasks.do, a.tasks.untilClose)
	a.open = d
	d.OnClosed(func() {
		a.open = nil
		a.next()
	})
	d.Show()
}

// next opens the oldest prompt still pending.
func (a *ApprovalsScreen) next() {
	for _, p := range a.model.Pending() {
		select {
		case <-p.Done():
			continue
		default:
		}
		a.answer(p)
		return
	}
}

// Dialog is the request dialog on screen, nil when none.
func (a *ApprovalsScreen) Dialog() *PromptDialog { return a.open }

func (a *ApprovalsScreen) revoke(id string, index int, r engine.Rule) {
	if err := a.model.Revoke(id, index, r); err != nil {
		a.model.NoteError(err)
	}
}

// sessionSummary is one line for a session of the session rules tab.
func sessionSummary(s approvals.SessionRules) string {
	rules := "rules"
	if len(s.Rules) == 1 {
		rules = "rule"
	}
	return fmt.Sprintf("%s  (%d %s, revision %d)", s.ID, len(s.Rules), rules, s.Revision)
}

// promptSummary is one line for a pending prompt.
func promptSummary(p *inbox.Prompt) string {
	r := p.Request
	return fmt.Sprintf("%s  %s  %s %s", r.Created.Local().Format("15:04:05"), r.Session, r.Tool, oneLine(r.Value))
}

// recentProposal is the rule that would answer a recent answer's call from now on: every
// recent answer was an ask.
func recentProposal(r inbox.Answered) (logfeed.Proposal, bool) {
	return logfeed.Propose(reviewlog.Entry{Agent: r.Request.Agent, Permission: r.Request.Permission, Values: []string{r.Request.Value}, Action: string(engine.Ask)})
}

// answerSummary is one line for a recent answer: what, how, by whom.
func answerSummary(a inbox.Answered) string {
	r, resp := a.Request, a.Response
	what := string(resp.Action)
	switch {
	case a.Withdrawn:
		what = "withdrawn (the agent stopped waiting)"
	case resp.Reply != "":
		what += " (" + string(resp.Reply) + ")"
	}
	s := fmt.Sprintf("%s  %s %s  %s by %s", resp.At.Local().Format(time.TimeOnly), r.Tool, oneLine(r.Value), what, resp.By)
	if resp.Message != "" {
		s += ": " + resp.Message
	}
	return s
}

// oneLine shortens a value for a list row: first line, at most 80 characters.
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	if r := []rune(s); len(r) > 80 {
		s = string(r[:79]) + "…"
	}
	return s
}
