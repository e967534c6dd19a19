package gui

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"github.com/agentmgr/agentmgr/gui/logfeed"
)

func TestLogViewFilters(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*LogView](t, s, LogTitle)
	if n := v.Model().Len(); n != 5 {
		t.Fatalf("the log screen shows %d entries, want the fixture's 5", n)
	}
	if got, want := v.Agent.Options(), []string{allChoice, "builder", "planner"}; !slices.Equal(got, want) {
		t.Errorf("agent choices = %q, want %q", got, want)
	}
	v.Agent.SetSelected("builder")
	if n := v.Model().Len(); n != 3 {
		t.Errorf("agent builder: %d entries, want 3", n)
	}
	v.Action.SetSelected("allow")
	if n := v.Model().Len(); n != 2 {
		t.Errorf("builder allow: %d entries, want 2 (a decision and a reply)", n)
	}
	v.Agent.SetSelected(allChoice)
	v.Action.SetSelected("deny")
	v.Tool.SetText("read")
	if n := v.Model().Len(); n != 1 || logfeed.Cell(v.Model().Entry(0), logfeed.ColSource) != "guard agent-manager/guards.yaml:3" {
		t.Errorf("deny of read: %d entries, want the guard's one", n)
	}
}

func TestLogViewFollowsTheFile(t *testing.T) {
	s := part2Shell(t)
	// The UI goroutine is this one: work handed over by the follower waits in ui.
	ui := make(chan func(), 64)
	s.tasks.do = func(f func()) { ui <- f }
	path := s.Dirs().ReviewLog()
	v := logScreenOf(s, path)
	defer v.StopFollow()
	v.Follow.SetChecked(true)
	waitFor := func(n int) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for v.Model().Len() < n {
			select {
			case f := <-ui:
				f()
			case <-deadline:
				t.Fatalf("the log screen shows %d entries after 10s, want %d", v.Model().Len(), n)
			}
		}
	}
	waitFor(5)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(f, `{"time":"2026-11-29T10:02:00Z","event":"decision","agent":"reviewer","tool":"bash","values":["git push"],"action":"deny","source":"x","by":"rule"}`)
	f.Close()
	waitFor(6)
	if e := v.Model().Entry(5); e.Agent != "reviewer" || e.Action != "deny" {
		t.Errorf("the followed entry = %+v", e)
	}
}

func TestEmptyLogSaysWhatFillsItAndHasNoSecondReload(t *testing.T) {
	a := test.NewTempApp(t)
	a.Preferences().SetBool(logFollowKey, false)
	s := NewShell(a, fixtureDirs(t), Screens()...)
	t.Cleanup(s.Close) // no goroutine of this test outlives it
	// The log is read off the UI goroutine; its result waits in q for this one.
	q := make(uiQueue, 16)
	s.tasks.do = func(f func()) { q <- f }
	v := screenOf[*LogView](t, s, LogTitle)
	waitUI(t, q, "the empty log's status", func() bool { return strings.Contains(v.status.Text, "No entries yet") })
	if !strings.Contains(v.status.Text, "agentmgr gate") {
		t.Errorf("empty log status = %q; want what fills the log", v.status.Text)
	}
	if b := findButton(v, "Reload"); b != nil {
		t.Error("the Log screen has its own Reload besides the tool bar's")
	}
}
