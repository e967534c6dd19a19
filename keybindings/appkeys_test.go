package keybindings

import "testing"

// The desktop app binds the agent manager's actions to its own menu, so a fix must never
// propose a key the app uses for something else, and an action on such a key is reported.
func TestCheckNeverProposesTheAppsOwnKeys(t *testing.T) {
	table := Latest()
	f, err := Parse("kb.json", []byte(`{"piAgentManager.next": "shift+tab"}`))
	if err != nil {
		t.Fatal(err)
	}
	var first Combo
	for _, fd := range Check(f, table).Findings {
		for _, fx := range fd.Fixes {
			if fx.ID == ActionNext && first.IsZero() {
				first = fx.Keys[0]
			}
		}
	}
	if first.IsZero() {
		t.Fatal("no fix proposed for next on shift+tab")
	}
	app := []AppKey{{Combo: first, Name: "View › Previous tab"}}
	r := Check(f, table, app...)
	for _, fd := range r.Findings {
		for _, fx := range fd.Fixes {
			for _, k := range fx.Keys {
				if k == first {
					t.Errorf("fix %q proposes %s, which the app uses", fx.Message, k)
				}
			}
		}
	}

	taken, err := Parse("kb.json", []byte(`{"piAgentManager.next": "`+first.String()+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, fd := range Check(taken, table, app...).Findings {
		if fd.Kind == KindAppShortcut && fd.ID == ActionNext {
			found = true
			if len(fd.Fixes) == 0 {
				t.Errorf("app-shortcut finding %q has no fix", fd.Message)
			}
		}
	}
	if !found {
		t.Errorf("next on %s (the app's Previous tab): no %s finding", first, KindAppShortcut)
	}
}
