package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// presetSays is what each preset's choice must say it allows.
var presetSays = map[string][]string{
	"read":  {"allows only read, grep, glob, list;", "denies everything else"},
	"plan":  {"allows only read, grep, glob, list, websearch, webfetch, task;", "denies everything else"},
	"build": {"allows everything", "asks for bash rm *, bash sudo *, bash chmod *, bash chown *"},
}

func checkPresetOptions(t *testing.T, where string, options []string) {
	t.Helper()
	for name, says := range presetSays {
		found := false
		for _, o := range options {
			if presetOfChoice(strings.TrimPrefix(o, presetPrefix)) != name {
				continue
			}
			found = true
			for _, s := range says {
				if !strings.Contains(o, s) {
					t.Errorf("%s: choice %q does not say %q", where, o, s)
				}
			}
		}
		if !found {
			t.Errorf("%s: no choice for preset %s in %q", where, name, options)
		}
	}
}

func TestPresetChoicesSayWhatEachAllows(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	clickPersona(t, s, "scout")
	tab := tabOf[*RulesTab](t, s, TabRules)
	checkPresetOptions(t, "Rules tab", tab.preset.Options)
	if got := presetOfChoice(tab.preset.Selected); got != "plan" {
		t.Fatalf("scout's preset shows as %q, want plan", tab.preset.Selected)
	}
	// Choosing a described option sets the bare preset name.
	tab.preset.SetSelected(presetChoice("build"))
	if got := s.ws.Draft().Draft().Preset; got != "build" {
		t.Errorf("after choosing %q: draft preset %q, want build", presetChoice("build"), got)
	}

	// A fresh shell: the edit above would have New ask about unsaved changes first.
	s = newTestShell(t, fixtureDirs(t))
	s.files.newPersona()
	var start *widget.Select
	walk(topDialog(s), func(o fyne.CanvasObject) {
		if sel, ok := o.(*widget.Select); ok && start == nil {
			start = sel
		}
	})
	if start == nil {
		t.Fatal("no Start from choice in the New dialog")
	}
	checkPresetOptions(t, "New dialog", start.Options)
}
