package keybindings

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseComboValid(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"letter", "a", "a"},
		{"digit", "7", "7"},
		{"upper case letter is lower-cased", "P", "p"},
		{"one modifier", "ctrl+k", "ctrl+k"},
		{"modifier case ignored", "CTRL+Shift+K", "ctrl+shift+k"},
		{"modifier order canonical", "shift+ctrl+p", "ctrl+shift+p"},
		{"all four modifiers reordered", "super+alt+shift+ctrl+x", "ctrl+shift+alt+super+x"},
		{"alt before ctrl", "alt+ctrl+1", "ctrl+alt+1"},
		{"super", "super+k", "super+k"},
		{"esc alias", "esc", "escape"},
		{"return alias", "shift+return", "shift+enter"},
		{"escape", "escape", "escape"},
		{"enter", "enter", "enter"},
		{"pageUp stays camel case", "pageup", "pageUp"},
		{"pageDown stays camel case", "ctrl+PAGEDOWN", "ctrl+pageDown"},
		{"pageUp as written", "alt+pageUp", "alt+pageUp"},
		{"named keys", "ctrl+backspace", "ctrl+backspace"},
		{"delete", "alt+delete", "alt+delete"},
		{"insert", "insert", "insert"},
		{"clear", "clear", "clear"},
		{"home end", "ctrl+home", "ctrl+home"},
		{"arrows", "ctrl+shift+up", "ctrl+shift+up"},
		{"tab", "shift+tab", "shift+tab"},
		{"space", "ctrl+space", "ctrl+space"},
		{"f1", "f1", "f1"},
		{"f12 upper case", "F12", "f12"},
		{"symbol bracket", "ctrl+]", "ctrl+]"},
		{"symbol minus", "ctrl+-", "ctrl+-"},
		{"symbol backslash", `ctrl+\`, `ctrl+\`},
		{"symbol backtick", "alt+`", "alt+`"},
		{"symbol question", "?", "?"},
		{"bare plus", "+", "+"},
		{"modified plus", "ctrl++", "ctrl++"},
		{"plus with two modifiers", "shift+ctrl++", "ctrl+shift++"},
		{"symbols with shift", "shift+!", "shift+!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseCombo(tt.in)
			if err != nil {
				t.Fatalf("ParseCombo(%q) error: %v", tt.in, err)
			}
			if got := c.String(); got != tt.want {
				t.Errorf("ParseCombo(%q).String() = %q, want %q", tt.in, got, tt.want)
			}
			again, err := ParseCombo(c.String())
			if err != nil || again != c {
				t.Errorf("ParseCombo(%q) does not round-trip: %v, %v", c.String(), again, err)
			}
		})
	}
}

func TestParseComboEverySymbol(t *testing.T) {
	for _, r := range symbolKeys {
		s := "ctrl+" + string(r)
		if r == '+' {
			s = "ctrl++"
		}
		c, err := ParseCombo(s)
		if err != nil {
			t.Errorf("ParseCombo(%q) error: %v", s, err)
			continue
		}
		if c.Key() != string(r) || c.Modifiers() != Ctrl {
			t.Errorf("ParseCombo(%q) = key %q mods %v, want key %q mods ctrl", s, c.Key(), c.Modifiers(), string(r))
		}
	}
}

func TestParseComboInvalid(t *testing.T) {
	tests := []struct {
		name, in, reason string
	}{
		{"empty", "", "it is empty"},
		{"space inside", "ctrl + k", "whitespace"},
		{"leading space", " ctrl+k", "whitespace"},
		{"tab character", "ctrl+\tk", "whitespace"},
		{"repeated modifier", "ctrl+ctrl+k", "modifier ctrl appears twice"},
		{"repeated modifier any case", "Shift+shift+k", "modifier shift appears twice"},
		{"unknown modifier", "hyper+k", `unknown modifier "hyper"; expected ctrl, shift, alt or super`},
		{"cmd hint", "cmd+k", "pi calls it super"},
		{"control hint", "control+k", "pi calls it ctrl"},
		{"option hint", "option+k", "pi calls it alt"},
		{"meta hint", "meta+x", "alt (or super)"},
		{"two keys", "a+b", `"a" is a key, not a modifier`},
		{"key before modifier", "k+ctrl", `"k" is a key, not a modifier`},
		{"trailing plus", "ctrl+", `nothing follows the last "+"`},
		{"empty part", "ctrl++k", "empty part"},
		{"leading plus", "+k", "empty part"},
		{"double plus alone", "++", "empty part"},
		{"only modifiers", "ctrl+shift", "modifiers but no key"},
		{"modifier alone", "alt", "modifiers but no key"},
		{"unknown key", "ctrl+foo", `unknown key "foo"`},
		{"f13", "f13", "f1 to f12"},
		{"f0", "f0", "f1 to f12"},
		{"pgup hint", "pgup", "pi calls it pageUp"},
		{"del hint", "ctrl+del", "pi calls it delete"},
		{"plus word", "ctrl+plus", "pi calls it +"},
		{"non-ascii", "ctrl+é", `unknown key "é"`},
		{"double quote is no key", `ctrl+"`, `unknown key "\""`},
		{"hyphen separator", "ctrl-k", `unknown key "ctrl-k"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := ParseCombo(tt.in)
			if err == nil {
				t.Fatalf("ParseCombo(%q) = %q, want an error containing %q", tt.in, c, tt.reason)
			}
			var ce *ComboError
			if !errors.As(err, &ce) || ce.Input != tt.in {
				t.Fatalf("ParseCombo(%q) error %v is not a *ComboError for the input", tt.in, err)
			}
			if !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("ParseCombo(%q) error = %q, want it to contain %q", tt.in, err, tt.reason)
			}
		})
	}
}

func TestComboEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"ctrl+shift+p", "shift+ctrl+p", true},
		{"Ctrl+P", "ctrl+p", true},
		{"esc", "escape", true},
		{"return", "enter", true},
		{"pageup", "pageUp", true},
		{"ctrl+p", "ctrl+shift+p", false},
		{"shift+tab", "tab", false},
		{"alt+p", "super+p", false},
		{"shift+1", "!", false},
	}
	for _, tt := range tests {
		a, b := MustParseCombo(tt.a), MustParseCombo(tt.b)
		if got := a.Equal(b); got != tt.want {
			t.Errorf("%q.Equal(%q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := a == b; got != tt.want {
			t.Errorf("%q == %q is %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestModifierOrder(t *testing.T) {
	tests := []struct {
		mods Modifier
		want string
	}{
		{0, ""},
		{Super | Ctrl, "ctrl+super"},
		{Alt | Shift, "shift+alt"},
		{Super | Alt | Shift | Ctrl, "ctrl+shift+alt+super"},
	}
	for _, tt := range tests {
		if got := tt.mods.String(); got != tt.want {
			t.Errorf("Modifier(%d).String() = %q, want %q", tt.mods, got, tt.want)
		}
	}
}

func TestNewCombo(t *testing.T) {
	tests := []struct {
		mods    Modifier
		key     string
		want    string
		wantErr string
	}{
		{Ctrl | Shift, "PageUp", "ctrl+shift+pageUp", ""},
		{Alt, "Esc", "alt+escape", ""},
		{0, "F5", "f5", ""},
		{Ctrl, "NumLock", "", `unknown key "NumLock"`},
		{1 << 6, "a", "", "unknown modifier bits"},
	}
	for _, tt := range tests {
		c, err := NewCombo(tt.mods, tt.key)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("NewCombo(%v, %q) error = %v, want %q", tt.mods, tt.key, err, tt.wantErr)
			}
		case err != nil:
			t.Errorf("NewCombo(%v, %q) error: %v", tt.mods, tt.key, err)
		case c.String() != tt.want:
			t.Errorf("NewCombo(%v, %q) = %q, want %q", tt.mods, tt.key, c, tt.want)
		}
	}
}

func TestComboJSON(t *testing.T) {
	in := []Combo{MustParseCombo("shift+ctrl+["), MustParseCombo("esc")}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `["ctrl+shift+[","escape"]`; string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
	var out []Combo
	if err := json.Unmarshal(b, &out); err != nil || len(out) != 2 || out[0] != in[0] || out[1] != in[1] {
		t.Errorf("json round trip = %v, %v; want %v", out, err, in)
	}
	if err := json.Unmarshal([]byte(`["ctrl+nope"]`), &out); err == nil {
		t.Error("json.Unmarshal accepted an invalid combo")
	}
}

func TestComboAccessors(t *testing.T) {
	c := MustParseCombo("ctrl+shift+k")
	if !c.Has(Ctrl) || !c.Has(Ctrl|Shift) || c.Has(Alt) || c.Key() != "k" || c.IsZero() {
		t.Errorf("accessors of %q wrong: Has(ctrl)=%v Has(ctrl|shift)=%v Has(alt)=%v Key=%q IsZero=%v",
			c, c.Has(Ctrl), c.Has(Ctrl|Shift), c.Has(Alt), c.Key(), c.IsZero())
	}
	if !(Combo{}).IsZero() || (Combo{}).String() != "" {
		t.Error("the zero Combo is not empty")
	}
}

// FuzzParseCombo checks that the parser never panics, that whatever it
// accepts prints canonically and parses back to the same combo, and that
// every rejection carries a reason.
func FuzzParseCombo(f *testing.F) {
	for _, s := range []string{"", "+", "++", "ctrl++", "ctrl+shift+p", "Shift+Ctrl+P", "esc", "pageup",
		"super+alt+shift+ctrl+f12", "a+b", "ctrl+", "ctrl+ctrl+k", "cmd+k", "é", "ctrl+\x00", "+++", "f99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCombo(s)
		if err != nil {
			var ce *ComboError
			if !errors.As(err, &ce) || ce.Reason == "" {
				t.Fatalf("ParseCombo(%q) error without a reason: %v", s, err)
			}
			if !c.IsZero() {
				t.Fatalf("ParseCombo(%q) returned %q with an error", s, c)
			}
			return
		}
		if c.IsZero() {
			t.Fatalf("ParseCombo(%q) accepted an empty combo", s)
		}
		canon := c.String()
		again, err := ParseCombo(canon)
		if err != nil || again != c || again.String() != canon {
			t.Fatalf("ParseCombo(%q) = %q, which does not parse back: %v %v", s, canon, again, err)
		}
	})
}
