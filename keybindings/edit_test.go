package keybindings

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// edit is one change made by a golden test.
type edit struct {
	unset bool
	id    string
	keys  []string
}

func set(id string, keys ...string) edit { return edit{id: id, keys: keys} }
func unset(id string) edit               { return edit{unset: true, id: id} }

func (e edit) apply(t *testing.T, f *File) {
	t.Helper()
	if e.unset {
		if _, err := f.Unset(e.id); err != nil {
			t.Fatalf("Unset(%s): %v", e.id, err)
		}
		return
	}
	var combos []Combo
	for _, k := range e.keys {
		combos = append(combos, MustParseCombo(k))
	}
	if err := f.Set(e.id, combos...); err != nil {
		t.Fatalf("Set(%s, %v): %v", e.id, e.keys, err)
	}
}

// TestEditGolden applies edits to the files in testdata/edit and compares
// the result with testdata/edit/golden/NAME.json. Every golden file was
// checked by hand to differ from its input only in the edited entries; the
// test also checks mechanically that every entry it did not edit kept its
// exact text and order, and that edits which cancel out restore the input
// byte for byte.
func TestEditGolden(t *testing.T) {
	tests := []struct {
		name  string
		input string // file in testdata/edit; "" for no file
		edits []edit
	}{
		{"set-existing-string", "mixed.json", []edit{set(ActionNext, "Ctrl+N")}},
		{"set-appends-with-file-indent", "mixed.json", []edit{set(ActionPicker, "alt+a")}},
		{"set-several-keys-appends-array", "mixed.json", []edit{set(ActionPrevious, "alt+p", "shift+ctrl+p")}},
		{"set-builtin-keeps-multiline-place", "mixed.json", []edit{set("app.model.select", "ctrl+shift+m")}},
		{"set-disable", "mixed.json", []edit{set(ActionNext)}},
		{"set-array-stays-array", "tabs.json", []edit{set(ActionNext, "alt+n")}},
		{"set-appends-with-tabs", "tabs.json", []edit{set(ActionPicker, "alt+a")}},
		{"set-one-line-stays-one-line", "oneline.json", []edit{set(ActionNext, "ctrl+shift+tab")}},
		{"set-empty-object", "empty-object.json", []edit{set(ActionNext, "alt+n")}},
		{"set-no-file", "", []edit{set(ActionNext, "alt+n"), set(ActionPicker, "alt+a")}},
		{"set-crlf-keeps-line-endings", "crlf.json", []edit{set(ActionNext, "alt+n")}},
		{"set-duplicate-changes-last", "duplicates.json", []edit{set(ActionPicker, "ctrl+shift+a")}},
		{"set-symbols-not-escaped", "oneline.json", []edit{set(ActionPicker, `ctrl+\`, "alt+<")}},
		{"unset-middle", "mixed.json", []edit{unset("myext.toggle")}},
		{"unset-first", "mixed.json", []edit{unset(SchemaKey)}},
		{"unset-last-multiline", "mixed.json", []edit{unset("app.model.select")}},
		{"unset-last-one-line", "oneline.json", []edit{unset(ActionPicker)}},
		{"unset-first-one-line", "oneline.json", []edit{unset("app.thinking.cycle")}},
		{"unset-only-entry-restores", "empty-object.json", []edit{set(ActionNext, "alt+n"), unset(ActionNext)}},
		{"unset-all-duplicates", "duplicates.json", []edit{unset(ActionPicker)}},
		{"unset-crlf", "crlf.json", []edit{unset("other.id")}},
		{"set-then-unset-new-id-restores", "mixed.json", []edit{set(ActionPicker, "alt+a"), unset(ActionPicker)}},
		{"set-several-in-turn", "mixed.json", []edit{set(ActionNext, "alt+n"), set(ActionPrevious, "alt+p"), unset("tui.editor.cursorUp"), set(ActionPicker, "alt+a")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []byte
			if tt.input != "" {
				var err error
				if in, err = os.ReadFile(filepath.Join("testdata", "edit", tt.input)); err != nil {
					t.Fatal(err)
				}
			}
			f, err := Parse(tt.input, in)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range tt.edits {
				e.apply(t, f)
			}
			got := f.Bytes()
			golden := filepath.Join("testdata", "edit", "golden", tt.name+".json")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("after %v:\n--- got\n%s\n--- want\n%s", tt.edits, got, want)
			}
			if _, err := Parse("", got); err != nil {
				t.Errorf("edited file does not parse: %v", err)
			}
			checkOnlyEditedChanged(t, in, got, f, tt.edits)
			if strings.Contains(tt.name, "restores") && !bytes.Equal(got, in) {
				t.Errorf("edits that cancel out changed the file:\n--- got\n%s\n--- input\n%s", got, in)
			}
		})
	}
}

// checkOnlyEditedChanged verifies that the bytes outside the changed region
// are the input's, and that every entry the edits did not name kept its
// exact text.
func checkOnlyEditedChanged(t *testing.T, in, out []byte, f *File, edits []edit) {
	t.Helper()
	touched := map[string]bool{}
	for _, e := range edits {
		touched[e.id] = true
	}
	before, err := Parse("", in)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, e := range before.Entries {
		if !touched[e.ID] {
			kept = append(kept, string(in[e.start:e.valueEnd]))
		}
	}
	var got []string
	for _, e := range f.Entries {
		if !touched[e.ID] {
			got = append(got, string(out[e.start:e.valueEnd]))
		}
	}
	if strings.Join(kept, "\x00") != strings.Join(got, "\x00") {
		t.Errorf("untouched entries changed:\nbefore %q\nafter  %q", kept, got)
	}
}

func TestSetRejects(t *testing.T) {
	f, err := Parse("", []byte(`{"a.b": "x"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		id     string
		combos []Combo
		want   string
	}{
		{"", []Combo{MustParseCombo("a")}, "not an action id"},
		{SchemaKey, []Combo{MustParseCombo("a")}, "not an action id"},
		{ActionNext, []Combo{{}}, "empty key"},
	} {
		if err := f.Set(tt.id, tt.combos...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Set(%q, %v) error = %v, want %q", tt.id, tt.combos, err, tt.want)
		}
	}
	if string(f.Bytes()) != `{"a.b": "x"}` {
		t.Errorf("a refused Set changed the file: %s", f.Bytes())
	}
}

func TestUnsetAbsent(t *testing.T) {
	src := "{\n  \"a.b\": \"x\"\n}\n"
	f, err := Parse("", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	removed, err := f.Unset(ActionNext)
	if err != nil || removed || string(f.Bytes()) != src {
		t.Errorf("Unset of an absent id = %v, %v, content %q; want false, nil, unchanged", removed, err, f.Bytes())
	}
}
