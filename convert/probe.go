package convert

import (
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
)

// Probe is one call used to compare two formats' decisions: a Claude Code tool name and the
// value its rules match (a command, a path relative to the working directory, a URL).
type Probe struct {
	Tool  string
	Value string
}

// probeHome is the home directory probes are decided with, so results do not depend on the
// machine.
const probeHome = "/home/user"

// baseProbes are calls every comparison includes: everyday commands and paths.
var baseProbes = []Probe{
	{"Bash", "ls"}, {"Bash", "git status"}, {"Bash", "git diff HEAD"}, {"Bash", "git push"},
	{"Bash", "rm -rf x"}, {"Bash", "npm test"}, {"Bash", "sudo ls"},
	{"Read", "src/a.go"}, {"Read", ".env"}, {"Read", "src/.env"}, {"Read", "/etc/passwd"},
	{"Read", "~/.ssh/id_rsa"}, {"Edit", "src/a.go"}, {"Edit", "README.md"}, {"Write", "docs/x/y.md"},
	{"Grep", "TODO"}, {"Glob", "**/*.go"}, {"WebFetch", "https://example.com/"},
	{"WebSearch", "go generics"}, {"Agent", "reviewer"}, {"TodoWrite", ""},
	{"mcp__github__create_issue", ""},
}

// probesFor adds, to the base probes, values made from each rule's pattern: the pattern with
// its wildcards filled by nothing, a word, a nested path, and each other pattern of the same
// permission (so that a value matching two rules at once is tried too).
func probesFor(rs engine.Ruleset) []Probe {
	out := append([]Probe(nil), baseProbes...)
	seen := map[Probe]bool{}
	for _, p := range out {
		seen[p] = true
	}
	for _, r := range rs {
		tool := claudeToolForKey(r.Permission)
		if tool == "" {
			continue
		}
		// A value no specific pattern is likely to match tries the rules' catch-alls.
		if p := (Probe{tool, "zz/other"}); !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
		fills := []string{"", "x", "a/b"}
		for _, o := range rs {
			if o.Permission == r.Permission && o.Pattern != r.Pattern {
				fills = append(fills, strings.ReplaceAll(strings.ReplaceAll(o.Pattern, "?", "q"), "*", "x"))
			}
		}
		for _, fill := range fills {
			v := strings.ReplaceAll(strings.ReplaceAll(r.Pattern, "?", "q"), "*", fill)
			p := Probe{tool, strings.TrimSpace(v)}
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	return out
}

// claudeToolForKey is the Claude Code tool that calls under key are probed with; "" when no
// Claude Code tool is decided under key.
func claudeToolForKey(key string) string {
	if key == "*" {
		return "Bash"
	}
	for _, t := range mapping.ClaudeTools() {
		if t.Key == key {
			return t.Name
		}
	}
	if strings.HasPrefix(key, "mcp__") && !strings.ContainsAny(key, "*?") {
		return key
	}
	return ""
}

// DecideProbe is how agentmgr decides a probe under rules: the Claude Code tool is mapped to
// its key as the gate maps it, and a shell command is analysed unit by unit.
func DecideProbe(pol *engine.Policy, p Probe) engine.Action {
	key := claudeKey(p.Tool)
	if mapping.IsShellKey(key) {
		return pol.DecideShell(key, p.Value).Action
	}
	return pol.Decide(key, p.Value).Action
}

// probePolicy compiles rules for probing.
func probePolicy(rs engine.Ruleset) *engine.Policy {
	// The rules as the other tool reads them: without the closed world's refinements, which
	// the gate adds whatever the persona came from.
	return &engine.Policy{Persona: engine.CompileWithHome(rs, probeHome), RulesOnly: true}
}
