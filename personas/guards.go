package personas

import (
	"errors"
	"io/fs"
	"os"

	"github.com/agentmgr/agentmgr/engine"
)

// LoadGuards reads the guard rule maps (DESIGN section 8): the agent dir's
// agent-manager/guards.yaml, then the project's .pi/agent-manager/guards.yaml, as one ruleset
// in that order. Missing files are no problem; a broken file adds no rules and is reported, so
// a typo never silently loosens nothing and never stops the program.
func LoadGuards(d Dirs) (engine.Ruleset, []Problem) {
	var (
		rs    engine.Ruleset
		probs []Problem
	)
	for _, path := range []string{d.GlobalGuards(), d.ProjectGuards()} {
		if path == "" {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				probs = append(probs, Problem{File: path, Severity: Error, Message: "cannot read the guards file: " + unwrapPathError(err)})
			}
			continue
		}
		got, ps := ParseRuleMap(path, data)
		probs = append(probs, ps...)
		rs = append(rs, got...)
	}
	return rs, probs
}
