package keybindings

import "strings"

// ActionPrefix starts the id of every agent-manager action.
const ActionPrefix = "piAgentManager."

// The agent manager's actions, as ids in keybindings.json.
const (
	ActionNext     = ActionPrefix + "next"
	ActionPrevious = ActionPrefix + "previous"
	ActionPicker   = ActionPrefix + "picker"
)

// Action describes one agent-manager action and its default keys.
type Action struct {
	ID          string
	Description string
	// Defaults apply when keybindings.json has no entry for the action.
	Defaults []Combo
	// mnemonic is the letter tried when suggesting a free combo.
	mnemonic string
}

// Actions returns the agent manager's actions in display order.
//
// The default of next is shift+tab because that is the documented default;
// it collides with pi's reserved app.thinking.cycle, so pi skips it until
// one of the two is rebound, and Check says so. The defaults of previous
// (alt+p) and picker (alt+a, "agent") are free in every pi table shipped
// here, need no kitty keyboard protocol, and are not taken by common
// window managers.
func Actions() []Action {
	return []Action{
		{ID: ActionNext, Description: "Switch to the next agent", Defaults: []Combo{{mods: Shift, key: "tab"}}, mnemonic: "n"},
		{ID: ActionPrevious, Description: "Switch to the previous agent", Defaults: []Combo{{mods: Alt, key: "p"}}, mnemonic: "p"},
		{ID: ActionPicker, Description: "Open the agent picker", Defaults: []Combo{{mods: Alt, key: "a"}}, mnemonic: "a"},
	}
}

// LookupAction returns the action with the given id. The short names
// "next", "previous" and "picker" are accepted too.
func LookupAction(name string) (Action, bool) {
	if !strings.HasPrefix(name, ActionPrefix) {
		name = ActionPrefix + name
	}
	for _, a := range Actions() {
		if a.ID == name {
			return a, true
		}
	}
	return Action{}, false
}

// IsAction reports whether id is in the agent manager's namespace, whether
// or not it names a known action.
func IsAction(id string) bool { return strings.HasPrefix(id, ActionPrefix) }
