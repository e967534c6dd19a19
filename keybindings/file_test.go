package keybindings

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParseKeepsOrderAndUnknownIDs(t *testing.T) {
	src := "{\n" +
		"  \"$schema\": \"https://example.invalid/keybindings.schema.json\",\n" +
		"  \"zeta.custom\": \"ctrl+z\",\n" +
		"  \"piAgentManager.next\": [\"ctrl+n\", \"Shift+Ctrl+N\"],\n" +
		"  \"app.model.select\": [],\n" +
		"  \"alpha.custom\": \"bogus+key\"\n" +
		"}\n"
	f, err := Parse("kb.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, e := range f.Entries {
		ids = append(ids, e.ID)
	}
	if got, want := strings.Join(ids, " "), "$schema zeta.custom piAgentManager.next app.model.select alpha.custom"; got != want {
		t.Errorf("ids = %q, want %q", got, want)
	}
	next, _ := f.Lookup(ActionNext)
	if !next.Array || len(next.Bindings) != 2 || next.Bindings[1].Combo != MustParseCombo("ctrl+shift+n") || next.Bindings[1].Text != "Shift+Ctrl+N" {
		t.Errorf("next = %+v, want an array of ctrl+n and Shift+Ctrl+N", next)
	}
	if next.Pos.Line != 4 || next.Pos.Column != 3 || next.Bindings[1].Pos.Column != 37 {
		t.Errorf("next at %s, second key at %s; want 4:3 and 4:37", next.Pos, next.Bindings[1].Pos)
	}
	sel, _ := f.Lookup("app.model.select")
	if !sel.Array || len(sel.Bindings) != 0 {
		t.Errorf("app.model.select = %+v, want an empty array", sel)
	}
	alpha, _ := f.Lookup("alpha.custom")
	if len(alpha.Bindings) != 1 || alpha.Bindings[0].Err == nil || !alpha.Bindings[0].Combo.IsZero() {
		t.Errorf("alpha.custom = %+v, want one invalid binding", alpha)
	}
	schema, _ := f.Lookup(SchemaKey)
	if len(schema.Bindings) != 0 || schema.TypeErr != nil {
		t.Errorf("$schema = %+v, want no bindings and no error", schema)
	}
	if !bytes.Equal(f.Bytes(), []byte(src)) {
		t.Error("Bytes() differs from the parsed source")
	}
}

func TestParseValueShapes(t *testing.T) {
	tests := []struct {
		name, src   string
		typeErr     string // want Entry.TypeErr containing this
		bindingErrs []string
	}{
		{"number value", `{"a.b": 3}`, "is a number", nil},
		{"object value", `{"a.b": {"x": "y"}}`, "is an object", nil},
		{"null value", `{"a.b": null}`, "is null", nil},
		{"boolean value", `{"a.b": true}`, "is a boolean", nil},
		{"non-string element", `{"a.b": ["ctrl+k", 1, null, ["x"]]}`, "", []string{"", "a number", "null", "an array"}},
		{"schema must be a string", `{"$schema": ["x"]}`, "must be a string", nil},
		{"escaped string", `{"a.b": "ctrl+\\"}`, "", []string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse("kb.json", []byte(tt.src))
			if err != nil {
				t.Fatalf("Parse(%s) error: %v", tt.src, err)
			}
			e := f.Entries[0]
			if tt.typeErr != "" {
				if e.TypeErr == nil || !strings.Contains(e.TypeErr.Error(), tt.typeErr) {
					t.Errorf("Parse(%s) TypeErr = %v, want %q", tt.src, e.TypeErr, tt.typeErr)
				}
				return
			}
			if len(e.Bindings) != len(tt.bindingErrs) {
				t.Fatalf("Parse(%s) bindings = %+v, want %d", tt.src, e.Bindings, len(tt.bindingErrs))
			}
			for i, want := range tt.bindingErrs {
				got := e.Bindings[i].Err
				if (want == "") != (got == nil) || (got != nil && !strings.Contains(got.Error(), want)) {
					t.Errorf("Parse(%s) binding %d error = %v, want %q", tt.src, i, got, want)
				}
			}
		})
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "  \n\t"} {
		f, err := Parse("kb.json", []byte(src))
		if err != nil || len(f.Entries) != 0 {
			t.Errorf("Parse(%q) = %v, %v; want an empty file", src, f, err)
		}
	}
}

func TestParseSyntaxErrors(t *testing.T) {
	tests := []struct {
		name, src string
		pos       string
		msg       string
	}{
		{"missing comma", "{\n  \"a\": \"x\"\n  \"b\": \"y\"\n}", "3:3", "is a comma missing?"},
		{"trailing comma", "{\n  \"a\": \"x\",\n}", "3:1", "a comma after the last entry"},
		{"missing value", "{\"a\": }", "1:7", "looking for beginning of value"},
		{"unquoted key", "{a: 1}", "1:2", "looking for beginning of object key"},
		{"single quotes", "{\"a\": 'x'}", "1:7", "looking for beginning of value"},
		{"truncated", "{\n  \"a\": [\"x\"", "2:12", "ends too early"},
		{"unterminated string", "{\"a\": \"x", "1:9", "ends too early"},
		{"column counts characters", "{\"é\": \"x\" \"b\": 1}", "1:11", "is a comma missing?"},
		{"bad escape", `{"a": "\q"}`, "1:9", "in string escape code"},
		{"content after object", "{}\n{}", "2:1", "unexpected content after the closing }"},
		{"top-level array", "[\"ctrl+k\"]", "1:1", "must be a JSON object"},
		{"top-level string", "  \"x\"", "1:3", "must be a JSON object"},
		{"byte order mark", "\xef\xbb\xbf{}", "1:1", "byte order mark"},
		{"comment", "{\n  // mine\n  \"a\": \"x\"\n}", "2:3", "invalid character '/'"},
		{"nested error", "{\"a\": [\"x\", {\"b\" 1}]}", "1:18", "after object key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("kb.json", []byte(tt.src))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error = %v, want a *ParseError", tt.src, err)
			}
			if pe.Pos.String() != tt.pos || !strings.Contains(pe.Msg, tt.msg) {
				t.Errorf("Parse(%q) = %s %q, want %s and a message containing %q", tt.src, pe.Pos, pe.Msg, tt.pos, tt.msg)
			}
			if want := "kb.json:" + tt.pos + ": "; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("error %q does not start with %q", err, want)
			}
		})
	}
}

func TestPositionAt(t *testing.T) {
	src := []byte("ab\n\u00e9\u00e9x\n\nz")
	tests := []struct {
		offset int
		want   string
	}{
		{0, "1:1"}, {2, "1:3"}, {3, "2:1"}, {5, "2:2"}, {7, "2:3"}, {9, "3:1"}, {10, "4:1"}, {99, "4:2"}, {-5, "1:1"},
	}
	for _, tt := range tests {
		if got := positionAt(src, tt.offset).String(); got != tt.want {
			t.Errorf("positionAt(%q, %d) = %s, want %s", src, tt.offset, got, tt.want)
		}
	}
	if (Position{}).String() != "" || (Position{}).IsValid() {
		t.Error("the zero Position should be invalid and print empty")
	}
}

// FuzzParse checks that the file parser never panics, that positions stay
// inside the file, and that any file it accepts survives a Set and an
// Unset as valid JSON with every other entry unchanged.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "{}", "{\n}\n", `{"a": "b"}`, "{\n  \"piAgentManager.next\": [\"ctrl+n\", 3],\n  \"x\": {}\n}\n",
		`{"a": [1, "b"] "c"}`, `{"a":`, "[1]", "\xef\xbb\xbf{}", `{"a":"\u00e9","a":[]}`, `{"$schema": 1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("fuzz.json", src)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !pe.Pos.IsValid() || pe.Pos.Offset > len(src) {
				t.Fatalf("Parse(%q) error without a valid position: %v", src, err)
			}
			return
		}
		for _, e := range file.Entries {
			if e.start < 0 || e.valueEnd > len(src) || e.start >= e.valueStart || e.valueStart >= e.valueEnd {
				t.Fatalf("Parse(%q) entry %q has bad offsets %d %d %d", src, e.ID, e.start, e.valueStart, e.valueEnd)
			}
		}
		before := entryTexts(file)
		id := ActionPicker
		if err := file.Set(id, MustParseCombo("ctrl+shift+a")); err != nil {
			t.Fatalf("Set on %q: %v", src, err)
		}
		if got, ok := file.Lookup(id); !ok || len(got.Bindings) != 1 || got.Bindings[0].Text != "ctrl+shift+a" {
			t.Fatalf("after Set on %q, %s = %+v", src, id, got)
		}
		if _, err := file.Unset(id); err != nil {
			t.Fatalf("Unset on %q: %v", src, err)
		}
		after := entryTexts(file)
		delete(before, id)
		for k, v := range before {
			if after[k] != v {
				t.Fatalf("Set then Unset of %s on %q changed %s from %q to %q", id, src, k, v, after[k])
			}
		}
	})
}

// entryTexts maps each id (with its occurrence number) to its source text.
func entryTexts(f *File) map[string]string {
	out := map[string]string{}
	seen := map[string]int{}
	for _, e := range f.Entries {
		seen[e.ID]++
		out[e.ID+"#"+strings.Repeat("+", seen[e.ID])] = string(f.src[e.start:e.valueEnd])
	}
	return out
}
