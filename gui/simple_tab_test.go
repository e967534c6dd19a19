package gui

import (
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
)

// simpleChoice is the Simple tab's choice of the group named name.
func simpleChoice(t *testing.T, st *SimpleTab, name string) int {
	t.Helper()
	for i, g := range personaedit.ToolGroups() {
		if g.Name == name {
			return i
		}
	}
	t.Fatalf("no group %q", name)
	return -1
}

func TestSimpleTabShowsGroupsAndWritesOrdinaryRules(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	st := tabOf[*SimpleTab](t, s, TabSimple)
	web, shell, read := simpleChoice(t, st, "Web"), simpleChoice(t, st, "Shell"), simpleChoice(t, st, "Read")
	if got := st.choices[web].Selected; got != "Deny" {
		t.Errorf("Web under \"*\": deny shows %q; want Deny", got)
	}
	if st.choices[shell].Selected != "" || !st.mixed[shell].Visible() {
		t.Errorf("Shell with git rules shows %q and no mixed mark; want \"as the rules say\"", st.choices[shell].Selected)
	}
	if st.choices[read].Selected != "" || !st.mixed[read].Visible() {
		t.Error("Read with glob and list denied but read allowed is not shown mixed")
	}
	before := len(s.screen.View().model.Draft().Rules)
	st.choices[web].SetSelected("Allow") // what a click on Allow does
	d := s.screen.View().model.Draft()
	if len(d.Rules) != before+2 || d.Rules[len(d.Rules)-1].Permission != "webfetch" || d.Rules[len(d.Rules)-1].Action != engine.Allow {
		t.Fatalf("choosing Allow for Web left rules %v; want websearch and webfetch allowed at the end", d.Rules)
	}
	if s.screen.View().save.Disabled() {
		t.Error("Save stays disabled after a choice")
	}
	st.choices[shell].SetSelected("Ask")
	if st.mixed[shell].Visible() || st.choices[shell].Selected != "Ask" {
		t.Error("Shell is still shown mixed after choosing Ask")
	}
	s.screen.View().model.Undo()
	if st.choices[shell].Selected != "" || !st.mixed[shell].Visible() {
		t.Error("the checklist does not follow an Undo")
	}
}
