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
	// Each asked part has candidates from the broadest a person means to the narrowest: for
	// a command, its arity pattern (npm test *), then that with the options the command was
	// given (npm test --coverage *: the closed world allows only options a rule names), then
	// the command itself. The first candidate that lets the part through is offered.
	cands := make([][]string, len(asked))
	for i, a := range asked {
		if a.action != Ask {
			continue
		}
		switch {
		case mapping.IsShellKey(key):
			cands[i] = commandCandidates(a.value, shell.AlwaysPattern(a.value, a.suggestion))
		case mapping.IsPathKey(key):
			cands[i] = []string{folderPattern(a.value)}
			if _, ok := shell.ExecConfigFile(a.value); ok && key == shell.EditKey {
				// Executable configuration is allowed only by a rule naming it: the file itself.
				cands[i] = []string{a.value}
			}
		default:
			cands[i] = []string{"*"}
		}
	}
	chosen := make([]string, len(asked))
	passed := make([]bool, len(asked))
	for round := 0; ; round++ {
		var session Ruleset
		if p.Session != nil {
			session = p.Session.Rules()
		}
		more := false
		for i, c := range cands {
			if passed[i] || round >= len(c) {
				continue
			}
			chosen[i], more = c[round], true
			session = append(session, Rule{Permission: key, Pattern: chosen[i], Action: Allow, Source: Source{Kind: FromSession}})
		}
		if !more {
			break
		}
		// Decide the call again as if every candidate were stored, and keep those whose part passes.
		q := *p
		q.Session = CompileWithHome(session, p.Home())
		after := parts(q.DecideToolValues(tool, values), mapping.IsShellKey(key))
		for i, c := range cands {
			if !passed[i] && round < len(c) && i < len(after) && after[i].action == Allow {
				passed[i] = true
			}
		}
	}
	var out []string
	for i := range asked {
		if passed[i] && !slices.Contains(out, chosen[i]) {
			out = append(out, chosen[i])
		}
	}
	return out
}

// commandCandidates are the always patterns to try for a shell command text whose arity
// pattern is first, in order: first itself, then the arity prefix with every option word the
// command was given, then the text followed by " *", then the text alone. A pattern that is
// not an arity pattern (a destructive command stored as itself) has no wider alternatives.
func commandCandidates(text, first string) []string {
	out := []string{first}
	prefix, ok := strings.CutSuffix(first, " *")
	if !ok || !strings.HasPrefix(text, prefix) {
		return out
	}
	add := func(c string) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	opts := []string{prefix}
	for _, w := range strings.Fields(text[len(prefix):]) {
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			opts = append(opts, w)
		}
	}
	if len(opts) > 1 {
		add(strings.Join(opts, " ") + " *")
	}
	add(text + " *")
	add(text)
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
