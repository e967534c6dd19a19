package engine

import (
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/mapping"
)

// Suggestions returns the patterns an always reply would store for a call of tool with values
// that p decided d (docs/shell.md), each once, in the order the call named them:
//   - shell tools: the suggestion of every command that asked, a destructive command as
//     itself (shell.AlwaysPattern: rm -rf build stores rm -rf build, never rm *);
//   - path tools: the folder of every path that asked, followed by "/*"; a bare file name,
//     whose folder no pattern can name without naming every folder, suggests itself;
//   - other tools: "*".
//
// A pattern is only suggested when storing it lets its part of the call through: a part that
// asks because a guard says so, or because the shell analysis could not read it, asks whatever
// the session allows, and suggesting a rule for it would only clutter the session.
func (p *Policy) Suggestions(tool string, values []string, d Decision) []string {
	key := d.Permission
	asked := parts(d, mapping.IsShellKey(key))
	cands := make([]string, len(asked))
	var session Ruleset
	if p.Session != nil {
		session = p.Session.Rules()
	}
	for i, a := range asked {
		if a.action != Ask {
			continue
		}
		switch {
		case mapping.IsShellKey(key):
			cands[i] = shell.AlwaysPattern(a.value, a.suggestion)
		case mapping.IsPathKey(key):
			cands[i] = folderPattern(a.value)
		default:
			cands[i] = "*"
		}
		session = append(session, Rule{Permission: key, Pattern: cands[i], Action: Allow, Source: Source{Kind: FromSession}})
	}
	// Decide the call again as if every candidate were stored, and keep those whose part passes.
	after := parts(func() *Policy { q := *p; q.Session = CompileWithHome(session, p.Home()); return &q }().DecideToolValues(tool, values), mapping.IsShellKey(key))
	var out []string
	for i, a := range asked {
		if a.action != Ask || i >= len(after) || after[i].action != Allow || slices.Contains(out, cands[i]) {
			continue
		}
		out = append(out, cands[i])
	}
	return out
}

// part is one piece of a decided call: a shell command, or one value.
type part struct {
	action     Action
	value      string
	suggestion string
}

// parts lists the pieces of d in call order: every shell unit of every value for shell keys,
// every value otherwise.
func parts(d Decision, shell bool) []part {
	per := d.Values
	if len(per) == 0 {
		per = []Decision{d}
	}
	var out []part
	for _, v := range per {
		if !shell {
			out = append(out, part{action: v.Action, value: v.Value})
			continue
		}
		for _, u := range v.Units {
			out = append(out, part{action: u.Action, value: u.Text, suggestion: u.Suggestion})
		}
	}
	return out
}

// folderPattern is the folder of path p followed by "/*", with `\` read as `/`. The folder is
// cut from the text as written, never cleaned: rules match values as written, and "a/../b/x"
// is not in "b".
func folderPattern(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	trimmed := strings.TrimRight(p, "/")
	i := strings.LastIndexByte(trimmed, '/')
	switch {
	case i < 0 && trimmed == "" && p != "":
		return "/*" // the root itself
	case i < 0:
		return p // a bare name, or nothing at all
	}
	return trimmed[:i] + "/*"
}
