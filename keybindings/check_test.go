package keybindings

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// summary renders a finding as "kind id key -> others" for comparison.
func summary(f Finding) string {
	s := string(f.Kind) + " " + f.ID
	if f.Key != "" {
		s += " " + f.Key
	}
	if len(f.Others) > 0 {
		s += " -> " + strings.Join(f.Others, ",")
	}
	return s
}

// statuses renders each action's keys as "key=status" in action order.
func statuses(r *Report) string {
	var parts []string
	for _, a := range r.Actions {
		var keys []string
		for _, k := range a.Keys {
			keys = append(keys, k.Text+"="+string(k.Status))
		}
		name := strings.TrimPrefix(a.ID, ActionPrefix)
		if a.Disabled {
			name += "(disabled)"
		}
		parts = append(parts, name+":"+strings.Join(keys, ","))
	}
	return strings.Join(parts, " ")
}

func mustCheck(t *testing.T, version, src string) *Report {
	t.Helper()
	table, err := TableFor(version)
	if err != nil {
		t.Fatal(err)
	}
	var f *File
	if src != "" {
		if f, err = Parse("kb.json", []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	return Check(f, table)
}

func TestCheckConflicts(t *testing.T) {
	tests := []struct {
		name     string
		version  string
		src      string // "" for no file
		findings []string
		statuses string
	}{
		{"default next is skipped for the reserved thinking cycle", "1.6", "",
			[]string{"reserved piAgentManager.next shift+tab -> app.thinking.cycle"},
			"next:shift+tab=skipped previous:alt+p=ok picker:alt+a=ok"},
		{"same on pi 0.73", "0.73", "",
			[]string{"reserved piAgentManager.next shift+tab -> app.thinking.cycle"},
			"next:shift+tab=skipped previous:alt+p=ok picker:alt+a=ok"},
		{"rebinding the built-in frees the key", "1.6", `{"app.thinking.cycle": "ctrl+shift+t"}`,
			nil,
			"next:shift+tab=ok previous:alt+p=ok picker:alt+a=ok"},
		{"disabling the built-in frees the key", "1.6", `{"app.thinking.cycle": []}`,
			nil,
			"next:shift+tab=ok previous:alt+p=ok picker:alt+a=ok"},
		{"an invalid override leaves the built-in without keys", "1.6", `{"app.thinking.cycle": "ctrl+shft+t"}`,
			[]string{"invalid app.thinking.cycle ctrl+shft+t"},
			"next:shift+tab=ok previous:alt+p=ok picker:alt+a=ok"},
		{"a reserved built-in bound by the user takes the key", "1.6",
			`{"app.thinking.cycle": "ctrl+shift+t", "app.model.select": "alt+a"}`,
			[]string{"reserved piAgentManager.picker alt+a -> app.model.select"},
			"next:shift+tab=ok previous:alt+p=ok picker:alt+a=skipped"},
		{"a plain built-in bound by the user takes the key", "1.6",
			`{"app.thinking.cycle": "ctrl+shift+t", "app.session.new": ["alt+p"]}`,
			[]string{"override piAgentManager.previous alt+p -> app.session.new"},
			"next:shift+tab=ok previous:alt+p=overrides picker:alt+a=ok"},
		{"moving a built-in onto the thinking cycle's old key", "1.6",
			`{"app.thinking.cycle": "ctrl+shift+t", "app.model.select": "shift+tab"}`,
			[]string{"reserved piAgentManager.next shift+tab -> app.model.select"},
			"next:shift+tab=skipped previous:alt+p=ok picker:alt+a=ok"},
		{"combos compare as sets, not strings: reserved key spelled differently", "1.6",
			`{"piAgentManager.next": "ctrl+shift+p"}`,
			[]string{"reserved-override piAgentManager.next ctrl+shift+p -> app.model.cycleBackward"},
			"next:ctrl+shift+p=overrides previous:alt+p=ok picker:alt+a=ok"},
		{"reserved key spelled like pi is skipped", "1.6",
			`{"piAgentManager.next": "shift+ctrl+p"}`,
			[]string{"reserved piAgentManager.next shift+ctrl+p -> app.model.cycleBackward"},
			"next:shift+ctrl+p=skipped previous:alt+p=ok picker:alt+a=ok"},
		{"pi's comparison ignores case", "1.6",
			`{"piAgentManager.next": "Shift+Ctrl+P"}`,
			[]string{"reserved piAgentManager.next Shift+Ctrl+P -> app.model.cycleBackward"},
			"next:Shift+Ctrl+P=skipped previous:alt+p=ok picker:alt+a=ok"},
		{"an alias of a reserved key slips past pi's check", "1.6",
			`{"piAgentManager.next": "alt+n", "piAgentManager.picker": "esc"}`,
			[]string{"reserved-override piAgentManager.picker esc -> tui.select.cancel,app.interrupt", "override piAgentManager.picker esc -> tui.altScreen.searchClose"},
			"next:alt+n=ok previous:alt+p=ok picker:esc=overrides"},
		{"several plain built-ins on one key", "1.6",
			`{"piAgentManager.next": "ctrl+s"}`,
			[]string{"override piAgentManager.next ctrl+s -> app.thinking.save,app.session.toggleSort,app.models.save"},
			"next:ctrl+s=overrides previous:alt+p=ok picker:alt+a=ok"},
		{"ctrl+x is reserved on pi 1.6", "1.6",
			`{"piAgentManager.next": "ctrl+x"}`,
			[]string{"reserved piAgentManager.next ctrl+x -> app.message.copy"},
			"next:ctrl+x=skipped previous:alt+p=ok picker:alt+a=ok"},
		{"ctrl+x only overrides on pi 0.73", "0.73",
			`{"piAgentManager.next": "ctrl+x"}`,
			[]string{"override piAgentManager.next ctrl+x -> app.models.clearAll"},
			"next:ctrl+x=overrides previous:alt+p=ok picker:alt+a=ok"},
		{"two agent-manager actions on one combo", "1.6",
			`{"piAgentManager.next": "alt+n", "piAgentManager.previous": ["Alt+N"]}`,
			[]string{"action-clash piAgentManager.next alt+n -> piAgentManager.previous", "action-clash piAgentManager.previous Alt+N -> piAgentManager.next"},
			"next:alt+n=clash previous:Alt+N=clash picker:alt+a=ok"},
		{"a default clashes with a configured action", "1.6",
			`{"piAgentManager.next": "alt+a"}`,
			[]string{"action-clash piAgentManager.next alt+a -> piAgentManager.picker", "action-clash piAgentManager.picker alt+a -> piAgentManager.next"},
			"next:alt+a=clash previous:alt+p=ok picker:alt+a=clash"},
		{"another extension's id on the same key", "1.6",
			`{"piAgentManager.next": "alt+n", "myext.toggle": "alt+p"}`,
			[]string{"shared-key piAgentManager.previous alt+p -> myext.toggle"},
			"next:alt+n=ok previous:alt+p=shared picker:alt+a=ok"},
		{"invalid keys are dropped", "1.6",
			`{"piAgentManager.next": ["ctrl+shft+n", "alt+n"]}`,
			[]string{"invalid piAgentManager.next ctrl+shft+n"},
			"next:ctrl+shft+n=invalid,alt+n=ok previous:alt+p=ok picker:alt+a=ok"},
		{"a value of the wrong type leaves the default", "1.6",
			`{"piAgentManager.next": 5}`,
			[]string{"bad-value piAgentManager.next", "reserved piAgentManager.next shift+tab -> app.thinking.cycle"},
			"next:shift+tab=skipped previous:alt+p=ok picker:alt+a=ok"},
		{"a repeated id uses the last entry", "1.6",
			"{\n\"piAgentManager.next\": \"shift+tab\",\n\"piAgentManager.next\": \"alt+n\"\n}",
			[]string{"duplicate-id piAgentManager.next"},
			"next:alt+n=ok previous:alt+p=ok picker:alt+a=ok"},
		{"a key listed twice", "1.6",
			`{"piAgentManager.next": ["alt+n", "Alt+N"]}`,
			[]string{"repeated-key piAgentManager.next Alt+N"},
			"next:alt+n=ok,Alt+N=ok previous:alt+p=ok picker:alt+a=ok"},
		{"unknown ids", "0.73",
			`{"piAgentManager.next": "alt+n", "app.message.copy": "ctrl+x", "piAgentManager.nxt": "alt+m", "tui.foo.bar": "f5", "myext.x": "f6", "$schema": "s"}`,
			[]string{"unknown-id app.message.copy", "unknown-id piAgentManager.nxt", "unknown-id tui.foo.bar"},
			"next:alt+n=ok previous:alt+p=ok picker:alt+a=ok"},
		{"a disabled action", "1.6",
			`{"piAgentManager.next": "alt+n", "piAgentManager.picker": []}`,
			[]string{"disabled piAgentManager.picker"},
			"next:alt+n=ok previous:alt+p=ok picker(disabled):"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCheck(t, tt.version, tt.src)
			var got []string
			for _, f := range r.Findings {
				got = append(got, summary(f))
			}
			if strings.Join(got, "\n") != strings.Join(tt.findings, "\n") {
				t.Errorf("Check(%s) on pi %s findings:\n%s\nwant:\n%s", tt.src, tt.version, strings.Join(got, "\n"), strings.Join(tt.findings, "\n"))
			}
			if s := statuses(r); s != tt.statuses {
				t.Errorf("Check(%s) on pi %s statuses:\n %s\nwant:\n %s", tt.src, tt.version, s, tt.statuses)
			}
		})
	}
}

func TestCheckSeverities(t *testing.T) {
	want := map[Kind]Severity{
		KindInvalid: Error, KindBadValue: Error, KindReserved: Error, KindReservedOverride: Error,
		KindActionClash: Error, KindOverride: Warning, KindSharedKey: Warning, KindDuplicateID: Warning,
		KindRepeatedKey: Warning, KindUnknownID: Warning, KindDisabled: Info,
	}
	src := `{"piAgentManager.next": ["ctrl+shift+p", "alt+n", "Alt+N", "bad+key"], "piAgentManager.previous": "alt+n",
		"piAgentManager.picker": [], "piAgentManager.picker": "ctrl+s", "x.y": "ctrl+s", "app.zzz": 1, "piAgentManager.next": "shift+ctrl+p"}`
	seen := map[Kind]bool{}
	for _, s := range []string{src, `{"piAgentManager.next": ["ctrl+shift+p", "alt+n", "Alt+N", "bad+key"], "piAgentManager.previous": "alt+n", "piAgentManager.picker": [], "x": "alt+n", "y": 1, "app.q": "f1"}`, "", `{"piAgentManager.next": "shift+ctrl+p", "piAgentManager.picker": "ctrl+s", "piAgentManager.picker": []}`} {
		r := mustCheck(t, "1.6", s)
		for _, f := range r.Findings {
			seen[f.Kind] = true
			if f.Severity != want[f.Kind] {
				t.Errorf("%s finding has severity %s, want %s", f.Kind, f.Severity, want[f.Kind])
			}
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("no input produced a %s finding", k)
		}
	}
}

func TestCheckMessages(t *testing.T) {
	tests := []struct {
		name, src string
		kind      Kind
		want      string // substring of Format("kb.json")
	}{
		{"reserved default", "", KindReserved,
			`kb.json: error: piAgentManager.next "shift+tab" (default): pi will skip this binding: shift+tab is reserved for app.thinking.cycle (Cycle thinking level)`},
		{"override names the built-in", "{\n  \"piAgentManager.picker\": \"ctrl+n\"\n}", KindOverride,
			`kb.json:2:28: warning: piAgentManager.picker "ctrl+n": this binding will override app.session.toggleNamedFilter (Toggle named session filter)`},
		{"reserved override explains spelling", `{"piAgentManager.next": "ctrl+shift+p"}`, KindReservedOverride,
			`pi compares spellings and does not see that "ctrl+shift+p" is app.model.cycleBackward's "shift+ctrl+p"`},
		{"a key taken by the user says where", `{"app.model.select": "alt+a"}`, KindReserved,
			`alt+a is reserved for app.model.select (Open model selector; bound in this file at 1:22)`},
		{"invalid gives pi's reason", `{"piAgentManager.next": "ctrl+shft+n"}`, KindInvalid,
			`kb.json:1:25: error: piAgentManager.next "ctrl+shft+n": pi will drop this key without a word: unknown modifier "shft"; expected ctrl, shift, alt or super`},
		{"duplicate says where the live entry is", "{\"piAgentManager.next\": \"alt+n\",\n \"piAgentManager.next\": \"alt+m\"}", KindDuplicateID,
			`kb.json:1:2: warning: piAgentManager.next: set again at 2:2; pi uses only the last entry, so this one has no effect`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCheck(t, "1.6", tt.src)
			var got []string
			for _, f := range r.Findings {
				if f.Kind == tt.kind {
					if strings.Contains(f.Format("kb.json"), tt.want) {
						return
					}
					got = append(got, f.Format("kb.json"))
				}
			}
			t.Errorf("no %s finding for %s contains:\n %s\ngot:\n %s", tt.kind, tt.src, tt.want, strings.Join(got, "\n "))
		})
	}
	r := mustCheck(t, "0.73", `{"app.message.copy": "ctrl+x", "piAgentManager.next": "alt+n"}`)
	if len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, "pi 0.73.1 has no action app.message.copy, so it ignores this entry (pi 1.6.0 has it)") {
		t.Errorf("unknown id on 0.73: %v", r.Findings)
	}
}

func TestCheckFixes(t *testing.T) {
	tests := []struct {
		name, version, src string
		kind               Kind
		want               []string // fix messages, in order
	}{
		{"the issue's example", "1.6", "", KindReserved, []string{
			"bind piAgentManager.next to ctrl+shift+tab",
			"rebind app.thinking.cycle to ctrl+shift+t (frees shift+tab)",
		}},
		{"no built-in rebind when several hold the key", "1.6", `{"piAgentManager.next": "ctrl+c"}`, KindReserved, []string{
			"bind piAgentManager.next to ctrl+alt+c",
		}},
		{"a multi-key built-in keeps its other keys", "1.6", `{"piAgentManager.next": "alt+b"}`, KindOverride, []string{
			"bind piAgentManager.next to ctrl+shift+b",
			"rebind tui.editor.cursorWordLeft from alt+b to alt+c, keeping alt+left and ctrl+left (frees alt+b)",
		}},
		{"a clash moves the action only", "1.6", `{"piAgentManager.next": "alt+a"}`, KindActionClash, []string{
			"bind piAgentManager.next to ctrl+shift+a",
		}},
		{"an action with several keys keeps the others", "1.6", `{"piAgentManager.previous": ["alt+p", "ctrl+n"]}`, KindOverride, []string{
			"bind piAgentManager.previous to ctrl+shift+n instead of ctrl+n",
			"rebind app.session.toggleNamedFilter to ctrl+shift+s (frees ctrl+n)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustCheck(t, tt.version, tt.src)
			for _, f := range r.Findings {
				if f.Kind != tt.kind {
					continue
				}
				var got []string
				for _, x := range f.Fixes {
					got = append(got, x.Message)
				}
				if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
					t.Errorf("fixes for %s:\n%s\nwant:\n%s", summary(f), strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
				}
				return
			}
			t.Fatalf("no %s finding in %v", tt.kind, r.Findings)
		})
	}
}

// TestFixesResolveConflicts applies the first fix of a finding until none
// is left, and checks that every suggestion was a usable free combo and
// that the result has no errors.
func TestFixesResolveConflicts(t *testing.T) {
	srcs := []string{
		"",
		`{"piAgentManager.next": "ctrl+shift+p", "piAgentManager.previous": "ctrl+shift+p", "piAgentManager.picker": "ctrl+c"}`,
		`{"piAgentManager.next": ["ctrl+l", "ctrl+o", "alt+n"], "piAgentManager.previous": "alt+n", "myext.a": "alt+a", "piAgentManager.picker": "esc"}`,
		`{"app.model.select": "shift+tab", "app.thinking.cycle": "alt+p", "piAgentManager.picker": "ctrl+x"}`,
		`{"piAgentManager.next": "ctrl+shift+tab", "piAgentManager.previous": "tab", "piAgentManager.picker": "enter"}`,
	}
	for _, version := range []string{"0.73", "1.6"} {
		for _, src := range srcs {
			f, err := Parse("kb.json", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			table, _ := TableFor(version)
			for step := 0; ; step++ {
				if step > 20 {
					t.Fatalf("pi %s, %s: fixes do not converge", version, src)
				}
				r := Check(f, table)
				var fix *Fix
				for _, fd := range r.Findings {
					if len(fd.Fixes) > 0 {
						fix = &fd.Fixes[0]
						break
					}
				}
				if fix == nil {
					if r.HasErrors() {
						t.Errorf("pi %s, %s: errors left after fixing: %v\nfile: %s", version, src, r.Findings, f.Bytes())
					}
					break
				}
				for _, k := range fix.Keys {
					if k.Modifiers() == 0 || avoided[k] {
						t.Errorf("pi %s, %s: suggested unusable combo %s", version, src, k)
					}
				}
				if err := fix.Apply(f); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestSuggestionsAreFree(t *testing.T) {
	for _, table := range Tables() {
		r := Check(nil, table)
		taken := map[Combo]string{}
		for _, b := range table.Builtins {
			for _, c := range b.Combos {
				taken[c] = b.ID
			}
		}
		for _, fd := range r.Findings {
			for _, x := range fd.Fixes {
				for _, k := range x.Keys {
					if id, ok := taken[k]; ok && id != x.ID {
						t.Errorf("%s: fix %q proposes %s, which %s holds", table.Name(), x.Message, k, id)
					}
				}
			}
		}
	}
}

func TestMnemonicOf(t *testing.T) {
	for id, want := range map[string]string{
		"app.thinking.cycle": "t", "app.model.select": "m", "app.clear": "c",
		"tui.input.copy": "c", "tui.editor.deleteToLineEnd": "d", "x.9": "", "": "",
	} {
		if got := mnemonicOf(id); got != want {
			t.Errorf("mnemonicOf(%q) = %q, want %q", id, got, want)
		}
	}
}

func TestReportJSON(t *testing.T) {
	r := mustCheck(t, "1.6", `{"piAgentManager.next": "ctrl+shift+p"}`)
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"severity":"error"`, `"kind":"reserved-override"`, `"keys":["ctrl+alt+p"]`, `"status":"overrides"`, `"line":1`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("report JSON lacks %s:\n%s", want, b)
		}
	}
	if r.Count(Error) != 1 || !r.HasErrors() || len(r.FindingsFor(ActionNext)) != 1 || len(r.FindingsFor(ActionPicker)) != 0 {
		t.Errorf("Count/HasErrors/FindingsFor wrong for %v", r.Findings)
	}
	if got := r.Involving("app.model.cycleBackward"); len(got) != 1 || got[0].ID != ActionNext {
		t.Errorf("Involving(app.model.cycleBackward) = %v, want the finding about next", got)
	}
	if got := r.Involving("app.model.select"); len(got) != 0 {
		t.Errorf("Involving(app.model.select) = %v, want none", got)
	}
	if s := fmt.Sprint(Severity(7)); s != "severity(7)" {
		t.Errorf("Severity(7) prints %q", s)
	}
}
