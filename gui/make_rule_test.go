package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/logfeed"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// A logged ask becomes a rule of its persona in one step, previewed first: the dialog says what
// the persona decides now and with the rule, and adding puts it last in the editor, unsaved.
func TestMakeARuleFromALoggedAsk(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	p, ok := logfeed.Propose(reviewlog.Entry{Agent: "reviewer", Tool: "Bash", Permission: "bash", Values: []string{"go test ./..."}, Action: "ask"})
	if !ok {
		t.Fatal("no proposal")
	}
	makeRuleOf(s)(p)
	dlg := topDialog(s)
	if txt := rendered(dlg); !strings.Contains(txt, "deny now, allow with this rule last") {
		t.Fatalf("the dialog does not preview the decision before and after:\n%s", txt)
	}
	test.Tap(findButton(dlg, makeRuleAdd))
	m := s.ws.Draft()
	rules := m.Draft().Rules
	last := rules[len(rules)-1]
	if s.ws.Selected() != "reviewer" || !m.Dirty() || last.Permission != "bash" || last.Pattern != "go test *" || last.Action != engine.Allow {
		t.Fatalf("after Add to persona: selected %q dirty %v last rule %+v; want reviewer with bash \"go test *\" allow, unsaved", s.ws.Selected(), m.Dirty(), last)
	}
	if m.SelectedRule() != len(rules)-1 {
		t.Errorf("the new rule is not selected (%d)", m.SelectedRule())
	}
}

// The Log offers Make a rule… for the selected entry.
func TestLogOffersMakeARule(t *testing.T) {
	s := part2Shell(t)
	v := screenOf[*LogView](t, s, LogTitle)
	if !v.MakeRule.Disabled() {
		t.Fatal("Make a rule… is enabled with no entry selected")
	}
	v.table.Select(widget.TableCellID{Row: 0, Col: 0})
	if v.MakeRule.Disabled() {
		t.Errorf("Make a rule… stays disabled for the selected entry %+v", v.Model().Entry(0))
	}
}
