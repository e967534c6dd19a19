package keybindings

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "regenerate data/pi-keybindings.json and golden files")

// sourceTablesPath is pi's default bindings per release as extracted from the npm packages
// (the source of data/pi-keybindings.json), kept as a fixture of this package.
var sourceTablesPath = filepath.Join("testdata", "pi-keybindings.json")

// member is one key/value of a JSON object, kept in order.
type member struct {
	key   string
	value any
}

// decodeOrdered reads one JSON value, objects as []member in file order.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		var obj []member
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			obj = append(obj, member{k.(string), v})
		}
		_, err := dec.Token()
		return obj, err
	case json.Delim('['):
		arr := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.Token()
		return arr, err
	}
	return tok, nil
}

func field(obj []member, key string) any {
	for _, m := range obj {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

func quoteList(items []any) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = quote(it.(string))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// convertSource turns the source file into the embedded layout, one
// binding per line so that diffs between pi releases stay readable.
func convertSource(src []byte) ([]byte, error) {
	v, err := decodeOrdered(json.NewDecoder(bytes.NewReader(src)))
	if err != nil {
		return nil, err
	}
	top, ok := v.([]member)
	if !ok {
		return nil, fmt.Errorf("top level is not an object")
	}
	var b bytes.Buffer
	source, _ := field(top, "_comment").(string)
	fmt.Fprintf(&b, "{\n \"source\": %s,\n \"tables\": [", quote(source))
	n := 0
	for _, m := range top {
		if strings.HasPrefix(m.key, "_") {
			continue
		}
		at := strings.LastIndex(m.key, "@")
		if at <= 0 {
			return nil, fmt.Errorf("table key %q is not package@version", m.key)
		}
		obj := m.value.([]member)
		if n > 0 {
			b.WriteString(",")
		}
		n++
		fmt.Fprintf(&b, "\n  {\n   \"package\": %s,\n   \"version\": %s,\n   \"reserved\": %s,\n   \"bindings\": [",
			quote(m.key[:at]), quote(m.key[at+1:]), quoteList(field(obj, "reservedForExtensionConflicts").([]any)))
		for i, kb := range field(obj, "keybindings").([]member) {
			if i > 0 {
				b.WriteString(",")
			}
			def := kb.value.([]member)
			fmt.Fprintf(&b, "\n    {\"id\": %s, \"keys\": %s, \"description\": %s}",
				quote(kb.key), quoteList(field(def, "defaultKeys").([]any)), quote(field(def, "description").(string)))
		}
		b.WriteString("\n   ]\n  }")
	}
	b.WriteString("\n ]\n}\n")
	return b.Bytes(), nil
}

func TestEmbeddedTablesMatchSource(t *testing.T) {
	src, err := os.ReadFile(sourceTablesPath)
	if err != nil {
		t.Fatal(err)
	}
	want, err := convertSource(src)
	if err != nil {
		t.Fatalf("converting testdata/pi-keybindings.json: %v", err)
	}
	if *update {
		if err := os.WriteFile(filepath.Join("data", "pi-keybindings.json"), want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(tablesJSON, want) {
		t.Errorf("data/pi-keybindings.json is out of date with testdata/pi-keybindings.json; run go test ./keybindings -run TestEmbeddedTablesMatchSource -update")
	}
}

func TestEmbeddedTables(t *testing.T) {
	tables := Tables()
	if len(tables) < 2 {
		t.Fatalf("got %d tables, want pi 0.73 and 1.6", len(tables))
	}
	for i := 1; i < len(tables); i++ {
		if !tables[i-1].Version.less(tables[i].Version) {
			t.Errorf("tables not in version order: %s before %s", tables[i-1].Version, tables[i].Version)
		}
	}
	tests := []struct {
		version  string
		id       string
		keys     string
		reserved bool
	}{
		{"0.73", "app.thinking.cycle", "shift+tab", true},
		{"1.6", "app.thinking.cycle", "shift+tab", true},
		{"1.6", "app.model.cycleBackward", "ctrl+shift+p", true},
		{"1.6", "app.message.copy", "ctrl+x", true},
		{"1.6", "app.model.select", "ctrl+l", true},
		{"1.6", "app.tree.editLabel", "shift+l", false},
		{"1.6", "tui.editor.pageUp", "pageUp ctrl+pageUp", false},
		{"0.73", "tui.editor.pageUp", "pageUp", false},
		{"1.6", "app.session.new", "", false},
	}
	for _, tt := range tests {
		tab, err := TableFor(tt.version)
		if err != nil {
			t.Fatal(err)
		}
		b, ok := tab.Lookup(tt.id)
		if !ok {
			t.Errorf("%s: %s missing", tab.Name(), tt.id)
			continue
		}
		var got []string
		for _, c := range b.Combos {
			got = append(got, c.String())
		}
		if strings.Join(got, " ") != tt.keys || b.Reserved != tt.reserved {
			t.Errorf("%s %s = %q reserved=%v, want %q reserved=%v", tab.Name(), tt.id, got, b.Reserved, tt.keys, tt.reserved)
		}
	}
	if _, ok := Latest().Lookup("app.nonexistent"); ok {
		t.Error("Lookup found an id that pi does not have")
	}
	if _, ok := Tables()[0].Lookup("app.message.copy"); ok {
		t.Error("pi 0.73 table has app.message.copy, which is new in 1.6")
	}
}

func TestTableFor(t *testing.T) {
	tests := []struct {
		in      string
		want    string // table version, or "" for an error
		wantErr string
	}{
		{"", "1.6.0", ""},
		{"1.6", "1.6.0", ""},
		{"1.6.0", "1.6.0", ""},
		{"v1.6.2", "1.6.0", ""},
		{"1.6.0-rc.1", "1.6.0", ""},
		{"1.7", "1.6.0", ""},
		{"2", "1.6.0", ""},
		{"1", "1.6.0", ""},
		{"1.5.9", "0.73.1", ""},
		{"1.0", "0.73.1", ""},
		{"0.73", "0.73.1", ""},
		{"0.73.0", "0.73.1", ""},
		{"0.74", "0.73.1", ""},
		{"0", "0.73.1", ""},
		{"0.72.9", "", "older than every keybinding table"},
		{"0.5", "", "older than every keybinding table"},
		{"latest", "", "is not a number"},
		{"1.x", "", "is not a number"},
		{"1.6.0.1", "", "expected MAJOR[.MINOR[.PATCH]]"},
		{"1..6", "", "is not a number"},
		{"-1", "", "expected MAJOR"},
	}
	for _, tt := range tests {
		tab, err := TableFor(tt.in)
		switch {
		case tt.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("TableFor(%q) error = %v, want one containing %q", tt.in, err, tt.wantErr)
			}
		case err != nil:
			t.Errorf("TableFor(%q) error = %v, want table %s", tt.in, err, tt.want)
		case tab.Version.String() != tt.want:
			t.Errorf("TableFor(%q) = %s, want %s", tt.in, tab.Version, tt.want)
		}
	}
}
