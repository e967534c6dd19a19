package gui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/gui/approvalqueue"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/sessions"
)

// approvalsFixture is the app's Approvals screen serving a temporary agent dir, with the UI
// goroutine played by the test: work the model hands to the UI waits in a queue until pump.
type approvalsFixture struct {
	t      *testing.T
	dirs   locations.Dirs
	shell  *Shell
	model  *approvalqueue.Model
	screen *ApprovalsScreen
	ui     chan func()
}

const askerPersona = `---
name: asker
description: Asks before it acts
permissions:
  "*": ask
  read: allow
  bash:
    "git status": allow
---
`

func newApprovalsFixture(t *testing.T) *approvalsFixture {
	dirs := fixtureDirs(t)
	if err := os.WriteFile(filepath.Join(dirs.GlobalAgents(), "asker.md"), []byte(askerPersona), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &approvalsFixture{t: t, dirs: dirs, shell: newTestShell(t, dirs), ui: make(chan func(), 1000)}
	f.shell.tasks.do = func(fn func()) { f.ui <- fn }
	f.model = approvalqueue.New(dirs)
	f.screen = NewApprovalsScreen(f.model, f.shell.App(), f.shell.Window(), f.shell.tasks, makeRuleOf(f.shell))
	f.screen.Start()
	t.Cleanup(f.model.Stop)
	return f
}

// pump runs the queued UI work until cond holds; it gives up only on a hang.
func (f *approvalsFixture) pump(what string, cond func() bool) {
	f.t.Helper()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case fn := <-f.ui:
			fn()
		case <-time.After(time.Millisecond):
		case <-deadline:
			f.t.Fatalf("waited a minute for %s", what)
		}
	}
}

// ask runs one `agentmgr gate` for a Bash command, as its own process would.
func (f *approvalsFixture) ask(session, command string) <-chan decide.Verdict {
	g := gate.New(inbox.In(f.dirs), func(c decide.Call) (string, *engine.Policy, error) {
		p, _ := personas.Load(f.dirs).Lookup("asker")
		pol, _, err := policy.For(f.dirs, p, c.Session)
		return "asker", pol, err
	}, gate.WithWait(inbox.Wait{Timeout: time.Minute, Grace: time.Second, Poll: time.Millisecond}))
	out := make(chan decide.Verdict, 1)
	go func() {
		out <- g.Decide(context.Background(), decide.Call{Client: decide.ClientClaude, Session: session, Tool: "Bash", Key: "bash", Value: command})
	}()
	return out
}

func (f *approvalsFixture) dialog() *PromptDialog {
	f.t.Helper()
	f.pump("the request dialog", func() bool { return f.screen.Dialog() != nil })
	return f.screen.Dialog()
}

func (f *approvalsFixture) verdict(ch <-chan decide.Verdict, action engine.Action, by approvals.Resolver, reason string) {
	f.t.Helper()
	var v decide.Verdict
	f.pump("the gate's verdict", func() bool {
		select {
		case v = <-ch:
			return true
		default:
			return false
		}
	})
	if v.Action != action || v.DecidedBy != by || !strings.Contains(v.Reason, reason) {
		f.t.Errorf("verdict %s by %s (%s), want %s by %s with %q", v.Action, v.DecidedBy, v.Reason, action, by, reason)
	}
}

func TestApprovalsDialogOnceAlwaysReject(t *testing.T) {
	f := newApprovalsFixture(t)

	ch := f.ask("s1", "make deploy")
	d := f.dialog()
	if d.Prompt.Request.Value != "make deploy" || d.Patterns.Text != "make deploy *" || d.Always.Disabled() {
		t.Errorf("dialog for %q offers %q (always disabled %v), want make deploy with its suggestion", d.Prompt.Request.Value, d.Patterns.Text, d.Always.Disabled())
	}
	// The patterns box lets Tab move on to the buttons instead of typing a tab.
	c := f.shell.Window().Canvas()
	c.Focus(d.Patterns)
	pressTab(c)
	if c.Focused() == d.Patterns || d.Patterns.Text != "make deploy *" {
		t.Errorf("Tab in the patterns box: focus stayed %v, text %q; want the focus on the next button", c.Focused() == d.Patterns, d.Patterns.Text)
	}
	reached := false
	for range 10 {
		if c.Focused() == d.Once || c.Focused() == d.Always {
			reached = true
			break
		}
		pressTab(c)
	}
	if !reached {
		t.Errorf("Tab from the patterns never reached Allow once or Always allow")
	}
	// The dialog and the lists' refresh are two pieces of UI work the model queues from
	// different goroutines, in either order: the count is awaited, not read at once.
	f.pump("the pending tab to read Pending (1)", func() bool { return f.screen.tabs.Items[0].Text == "Pending (1)" })
	test.Tap(d.Once)
	f.verdict(ch, engine.Allow, approvals.ByPerson, "once")
	f.pump("the dialog to close", func() bool { return f.screen.Dialog() == nil })

	ch = f.ask("s1", "make test")
	d = f.dialog()
	d.Patterns.SetText("")
	test.Tap(d.Always)
	if !d.Status.Visible() || !strings.Contains(d.Status.Text, "at least one pattern") || f.screen.Dialog() != d {
		t.Fatalf("always with no pattern: status %q, dialog open %v; want it refused in the dialog", d.Status.Text, f.screen.Dialog() == d)
	}
	d.Patterns.SetText("make *\n")
	test.Tap(d.Always)
	f.verdict(ch, engine.Allow, approvals.ByPerson, `bash "make *"`)
	f.verdict(f.ask("s1", "make lint"), engine.Allow, approvals.BySessionRule, `"make *"`)
	f.pump("the session in the list", func() bool { return len(f.screen.sessionRows) == 1 })
	if rs := f.screen.sessionRows[0]; rs.ID != "s1" || len(rs.Rules) != 1 || rs.Rules[0].Pattern != "make *" {
		t.Errorf("sessions list shows %+v, want s1 with make *", rs)
	}

	ch = f.ask("s1", "terraform apply")
	d = f.dialog()
	test.Type(d.Message, "plan first")
	test.Tap(d.Reject)
	f.verdict(ch, engine.Deny, approvals.ByPerson, "rejected this call in the app: plan first")
	f.pump("the answers in Recent", func() bool { return len(f.screen.recentRows) >= 3 })
	if got := answerSummary(f.screen.recentRows[0]); !strings.Contains(got, "terraform apply  deny (reject) by person: plan first") {
		t.Errorf("newest recent answer reads %q", got)
	}
	// Each recent answer can become a rule of its persona (Make a rule…).
	if p, ok := recentProposal(f.screen.recentRows[0]); !ok || p.Pattern != "terraform apply *" || p.Action != engine.Allow || p.Permission != "bash" {
		t.Errorf("the rule proposed for the newest answer is %+v (%v); want bash \"terraform apply *\" allow", p, ok)
	}

	// Revoking the rule makes the next call ask again.
	if err := f.model.Revoke("s1", 1, engine.Rule{Permission: "bash", Pattern: "make *", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	ch = f.ask("s1", "make lint")
	test.Tap(f.dialog().Once)
	f.verdict(ch, engine.Allow, approvals.ByPerson, "once")
}

func TestApprovalsDialogsQueue(t *testing.T) {
	f := newApprovalsFixture(t)
	a := f.ask("sa", "make a")
	first := f.dialog()
	b := f.ask("sb", "make b")
	f.pump("the second prompt", func() bool { return len(f.model.Pending()) == 2 })
	f.pump("the UI to catch up", func() bool { return len(f.ui) == 0 })
	if f.screen.Dialog() != first {
		t.Fatal("a second dialog replaced the open one")
	}
	test.Tap(first.Once)
	f.pump("the second dialog", func() bool { d := f.screen.Dialog(); return d != nil && d != first })
	second := f.screen.Dialog()
	if second.Prompt.Request.Value != "make b" {
		t.Errorf("next dialog asks about %q, want make b", second.Prompt.Request.Value)
	}
	test.Tap(second.Reject)
	f.verdict(a, engine.Allow, approvals.ByPerson, "once")
	f.verdict(b, engine.Deny, approvals.ByPerson, "rejected")
}

func TestApprovalsRevokeRefusesAMovedRule(t *testing.T) {
	f := newApprovalsFixture(t)
	if _, err := approvals.AppendSessionRules(sessions.Open(f.dirs), "s1", approvals.OperatorAuthority,
		engine.Rule{Permission: "bash", Pattern: "a *", Action: engine.Allow}, engine.Rule{Permission: "bash", Pattern: "b *", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	err := f.model.Revoke("s1", 1, engine.Rule{Permission: "bash", Pattern: "b *", Action: engine.Allow})
	if !errors.Is(err, approvalqueue.ErrSessionChanged) {
		t.Errorf("revoking rule 1 as if it were b *: %v, want ErrSessionChanged", err)
	}
	if err := f.model.Revoke("s1", 2, engine.Rule{Permission: "bash", Pattern: "b *", Action: engine.Allow}); err != nil {
		t.Fatal(err)
	}
	s, _ := sessions.Open(f.dirs).Get("s1")
	if len(s.Rules) != 1 || s.Rules[0].Pattern != "a *" {
		t.Errorf("after revoking b *: %+v, want only a *", s.Rules)
	}
}

func TestApprovalsServingState(t *testing.T) {
	f := newApprovalsFixture(t)
	f.pump("the serving status", func() bool { return strings.HasPrefix(f.screen.status.Text, "Answering agents") })
	other := approvalqueue.New(f.dirs)
	if err := other.Start(); !errors.Is(err, inbox.ErrAlreadyServing) {
		t.Errorf("a second model serving the same inbox: %v, want ErrAlreadyServing", err)
	}
	test.Tap(f.screen.toggle)
	f.pump("the stopped status", func() bool { return strings.HasPrefix(f.screen.status.Text, "Not answering agents") })
	if _, err := inbox.In(f.dirs).Serving(time.Now()); !errors.Is(err, inbox.ErrNotServing) {
		t.Errorf("after stopping, the inbox is served: %v", err)
	}
	f.verdict(f.ask("s1", "make"), engine.Ask, decide.ByGate, "nobody is serving")
	test.Tap(f.screen.toggle)
	f.pump("serving again", func() bool { return f.model.State().Serving })
}

func TestApprovalsDialogShowsTheTimeLeft(t *testing.T) {
	f := newApprovalsFixture(t)
	ch := f.ask("s1", "make deploy")
	d := f.dialog()
	deadline := d.Prompt.Request.Deadline
	if deadline.IsZero() {
		t.Fatal("the forwarded request carries no deadline")
	}
	if !d.TimeLeft.Visible() || !strings.HasPrefix(d.TimeLeft.Text, "The gate gives up in ") {
		t.Errorf("a new dialog says %q (shown %v), want the time the gate still waits", d.TimeLeft.Text, d.TimeLeft.Visible())
	}
	tests := []struct {
		now        time.Time
		want       string
		importance widget.Importance
	}{
		{deadline.Add(-90 * time.Second), "The gate gives up in 1 min 30 s", widget.MediumImportance},
		{deadline.Add(-5 * time.Second), "The gate gives up in 5 s", widget.WarningImportance},
		{deadline.Add(time.Second), "The gate has stopped waiting: an answer now comes too late.", widget.WarningImportance},
	}
	for _, tt := range tests {
		d.ShowTimeLeft(tt.now)
		if d.TimeLeft.Text != tt.want || d.TimeLeft.Importance != tt.importance || !d.TimeLeft.Visible() {
			t.Errorf("at deadline%+v the dialog says %q (importance %v), want %q (%v)", tt.now.Sub(deadline), d.TimeLeft.Text, d.TimeLeft.Importance, tt.want, tt.importance)
		}
	}
	test.Tap(d.Once)
	f.verdict(ch, engine.Allow, approvals.ByPerson, "once")
}

// "Always" on a destructive command offers that command, never rm *, and the dialog says why.
func TestApprovalsDialogAlwaysForADestructiveCommandIsTheCommand(t *testing.T) {
	f := newApprovalsFixture(t)
	ch := f.ask("s1", "rm -rf build")
	d := f.dialog()
	if d.Patterns.Text != "rm -rf build" || d.Always.Disabled() {
		t.Errorf("always for rm -rf build offers %q (disabled %v); want exactly rm -rf build", d.Patterns.Text, d.Always.Disabled())
	}
	if !hasLabel(topDialog(f.shell), "not `rm *`") {
		t.Errorf("the dialog does not say why the pattern is the command; labels: %q", labelTexts(topDialog(f.shell)))
	}
	test.Tap(d.Once)
	f.verdict(ch, engine.Allow, approvals.ByPerson, "")
}
