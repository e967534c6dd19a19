package gui

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// editRule sets the action of reviewer's row perm/pattern in the open editor.
func editRule(s *Shell, pattern string, a engine.Action) {
	s.ws.Draft().Update(func(d *personaedit.Draft) {
		for i, r := range d.Rules {
			if r.Pattern == pattern {
				d.Rules[i].Action = a
			}
		}
	})
}

// dialogText is every label's text in the top dialog.
func dialogText(t *testing.T, s *Shell) string {
	t.Helper()
	d := topDialog(s)
	if d == nil {
		t.Fatal("no dialog")
	}
	var out []string
	walk(d, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	})
	return strings.Join(out, "\n")
}

// editedOnBothSides opens reviewer in a window, makes its rule "git log *" ask there, then
// replaces that rule's line in the file with theirs (as another program would) and reloads:
// the editor holds a conflict. path is the persona's file.
func editedOnBothSides(t *testing.T, theirs string) (s *Shell, q uiQueue, path string) {
	t.Helper()
	s, q = newQueuedShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	editRule(s, "git log *", engine.Ask)
	path = s.ws.Draft().Path()
	data, _ := os.ReadFile(path)
	writeFile(t, path, strings.Replace(string(data), `    "git log *": allow`, theirs, 1))
	s.Reload()
	settle(t, s, q)
	return s, q, path
}

// A rule changed in the app and one added outside (as `agentmgr rule add` does) both survive
// Keep mine, and the save question says what comes from each side.
func TestKeepMineInTheWindowKeepsARuleAddedOutside(t *testing.T) {
	s, q, path := editedOnBothSides(t, "    \"git log *\": allow\n    \"git status\": allow")
	if s.ws.Draft().Conflict() != personaedit.ConflictChanged {
		t.Fatalf("conflict = %v; want changed on disk", s.ws.Draft().Conflict())
	}
	tabsAt := func() float32 {
		return fyne.CurrentApp().Driver().AbsolutePositionForObject(s.screen.View().Tabs()).Y
	}
	withBanner := tabsAt()
	test.Tap(findButton(s.screen.View().banner, "Keep mine"))
	if s.ws.Draft().Conflict() != personaedit.ConflictKeptMine {
		t.Fatalf("Keep mine with no rule changed on both sides asked instead of merging (conflict %v)", s.ws.Draft().Conflict())
	}
	// The banner goes, and with it its room: the tabs move up to where they were before.
	if s.screen.View().banner.Visible() || tabsAt() >= withBanner {
		t.Errorf("after Keep mine the banner shows %v and the tabs stay at y=%v (%v with the banner); want them moved up", s.screen.View().banner.Visible(), tabsAt(), withBanner)
	}
	test.Tap(s.screen.View().save)
	text := dialogText(t, s)
	for _, want := range []string{`From your edits: changed rule bash "git log *" to ask`, `From the file on disk: added rule bash "git status": allow`} {
		if !strings.Contains(text, want) {
			t.Errorf("the save question does not say %q:\n%s", want, text)
		}
	}
	test.Tap(findButton(topDialog(s), "Save mine"))
	settle(t, s, q)
	got, _ := os.ReadFile(path)
	if !contains(got, `"git log *": ask`) || !contains(got, `"git status": allow`) {
		t.Errorf("the saved file lost a side:\n%s", got)
	}
}

// The same rule changed on both sides is asked about, by name, with each side's value.
func TestKeepMineInTheWindowAsksAboutTheRuleChangedOnBothSides(t *testing.T) {
	s, q, _ := editedOnBothSides(t, `    "git log *": deny`)
	test.Tap(findButton(s.screen.View().banner, "Keep mine"))
	text := dialogText(t, s)
	if !strings.Contains(text, `rule bash "git log *" (yours: ask, on disk: deny)`) {
		t.Fatalf("the question does not name the rule and both values:\n%s", text)
	}
	test.Tap(findButton(topDialog(s), "Take the file's for these"))
	if r := rowOf(s.ws.Draft().Draft(), "git log *"); r.Action != engine.Deny {
		t.Errorf("after taking the file's: git log * is %s; want deny", r.Action)
	}
	settle(t, s, q)
}

func rowOf(d personaedit.Draft, pattern string) personaedit.RuleRow {
	for _, r := range d.Rules {
		if r.Pattern == pattern {
			return r
		}
	}
	return personaedit.RuleRow{}
}
