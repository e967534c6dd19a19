package personas

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
)

// DraftText is the text of a new persona file named name with rules as its rule map and
// examples as its examples block, written by the same editor as every other change, so that
// it parses back to exactly these rules.
func DraftText(name, description string, rules engine.Ruleset, examples []Example) ([]byte, error) {
	if !ValidName(name) {
		return nil, fmt.Errorf("%q is not a valid persona name; use lower-case letters, digits, - and _", name)
	}
	d, err := NewDocument(name+".md", NewPersonaText(name, description, DefaultPreset), ScopeGlobal)
	if err != nil {
		return nil, err
	}
	if err := d.ExpandRules(); err != nil {
		return nil, err
	}
	if err := d.SetRules(rules); err != nil {
		return nil, err
	}
	for _, ex := range examples {
		if err := d.AddExample(ex.Expect, ex.String()); err != nil {
			return nil, err
		}
	}
	return d.Bytes(), nil
}

// CreateDraft prepares a new persona file in scope named name, as DraftText writes it. The
// returned document is not saved: Save writes it, and refuses to replace a file.
func CreateDraft(d locations.Dirs, scope Scope, name, description string, rules engine.Ruleset, examples []Example) (*Document, error) {
	path, err := personaPath(d, scope, name)
	if err != nil {
		return nil, err
	}
	data, err := DraftText(name, description, rules, examples)
	if err != nil {
		return nil, err
	}
	return newFile(path, data, scope)
}
