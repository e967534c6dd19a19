package keybindings

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"sync"
)

// tablesJSON holds pi's default bindings per release. It is generated from
// testdata/pi-keybindings.json by TestEmbeddedTablesMatchSource with
// -update, and that test keeps the two in step.
//
//go:embed data/pi-keybindings.json
var tablesJSON []byte

// Table is pi's built-in keybindings for one release, as shipped on Linux.
type Table struct {
	Package  string // the npm package the table was generated from
	Version  Version
	Builtins []Builtin // in pi's own order
	byID     map[string]int
}

// Builtin is one of pi's actions with its default keys.
type Builtin struct {
	ID          string
	Description string
	Keys        []string // the default keys as pi spells them
	Combos      []Combo  // Keys parsed
	// Reserved ids win over extensions: pi skips an extension shortcut
	// spelled like one of their keys.
	Reserved bool
}

// Lookup returns the built-in with the given id.
func (t *Table) Lookup(id string) (Builtin, bool) {
	i, ok := t.byID[id]
	if !ok {
		return Builtin{}, false
	}
	return t.Builtins[i], true
}

// Name returns "pi MAJOR.MINOR.PATCH".
func (t *Table) Name() string { return "pi " + t.Version.String() }

// tablesFile is the layout of data/pi-keybindings.json: slices, so that
// pi's order is kept.
type tablesFile struct {
	Source string `json:"source"`
	Tables []struct {
		Package  string   `json:"package"`
		Version  string   `json:"version"`
		Reserved []string `json:"reserved"`
		Bindings []struct {
			ID          string   `json:"id"`
			Keys        []string `json:"keys"`
			Description string   `json:"description"`
		} `json:"bindings"`
	} `json:"tables"`
}

var loadTables = sync.OnceValues(func() ([]*Table, error) { return decodeTables(tablesJSON) })

// Tables returns the built-in tables, oldest first. They are shared: do
// not modify them.
func Tables() []*Table {
	tables, err := loadTables()
	if err != nil {
		// The data is embedded and checked by the tests; this is a build
		// that shipped broken data.
		panic(err)
	}
	return tables
}

// Latest returns the table of the newest pi release known.
func Latest() *Table {
	tables := Tables()
	return tables[len(tables)-1]
}

func decodeTables(data []byte) ([]*Table, error) {
	var raw tablesFile
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("keybindings: embedded pi tables: %w", err)
	}
	if len(raw.Tables) == 0 {
		return nil, fmt.Errorf("keybindings: embedded pi tables: no table")
	}
	var tables []*Table
	for _, rt := range raw.Tables {
		v, err := ParseVersion(rt.Version)
		if err != nil || v.Minor < 0 || v.Patch < 0 {
			return nil, fmt.Errorf("keybindings: embedded pi tables: bad version %q", rt.Version)
		}
		reserved := make(map[string]bool, len(rt.Reserved))
		for _, id := range rt.Reserved {
			reserved[id] = true
		}
		t := &Table{Package: rt.Package, Version: v, byID: make(map[string]int, len(rt.Bindings))}
		for _, rb := range rt.Bindings {
			b := Builtin{ID: rb.ID, Description: rb.Description, Keys: rb.Keys, Reserved: reserved[rb.ID]}
			for _, k := range rb.Keys {
				c, err := ParseCombo(k)
				if err != nil {
					return nil, fmt.Errorf("keybindings: embedded pi %s table, %s: %w", rt.Version, rb.ID, err)
				}
				b.Combos = append(b.Combos, c)
			}
			t.byID[b.ID] = len(t.Builtins)
			t.Builtins = append(t.Builtins, b)
		}
		for _, id := range rt.Reserved {
			if _, ok := t.byID[id]; !ok {
				return nil, fmt.Errorf("keybindings: embedded pi %s table: reserved id %s has no binding", rt.Version, id)
			}
		}
		tables = append(tables, t)
	}
	sort.SliceStable(tables, func(i, j int) bool { return tables[i].Version.less(tables[j].Version) })
	return tables, nil
}
