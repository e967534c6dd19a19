package personas

import (
	"reflect"
	"testing"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
)

// Every catalog starts from the built-ins exactly as LoadBuiltin parses them, though they are
// parsed once per process.
func TestCatalogBuiltinsAreTheirParse(t *testing.T) {
	for range 2 { // the second catalog gets the cached parse
		c := Load(locations.Dirs{})
		for _, name := range builtin.Names {
			want, _ := LoadBuiltin(name)
			got, ok := c.Lookup(name)
			if !ok {
				t.Fatalf("built-in %s not in the catalog", name)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("built-in %s in the catalog =\n  %+v\nparsed\n  %+v", name, got, want)
			}
		}
	}
}

// A change a caller makes to a catalog's built-in persona stays in that catalog: the next
// catalog's built-ins are as parsed.
func TestCatalogBuiltinsAreNotShared(t *testing.T) {
	name := builtin.Names[0]
	first, ok := Load(locations.Dirs{}).Lookup(name)
	if !ok || len(first.Rules) == 0 {
		t.Fatalf("built-in %s not found or without rules", name)
	}
	first.Description = "changed"
	first.Rules[0].Pattern = "changed"
	first.Rules = append(first.Rules, engine.Rule{Permission: "extra"})
	second, _ := Load(locations.Dirs{}).Lookup(name)
	if want, _ := LoadBuiltin(name); !reflect.DeepEqual(second, want) {
		t.Errorf("after a change to one catalog's %s, the next catalog has\n  %+v\nwant\n  %+v", name, second, want)
	}
}
