package convert

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// Codex 0.171.0 decides a shell command with `.rules` files (Starlark): each prefix_rule names
// a list of exact tokens the command's argv starts with, and of all matching rules the
// strictest decision wins (forbidden > prompt > allow). A command no rule matches is left to
// Codex's approval policy; commands are not split (`bash -lc "…"` is the argv bash, -lc, …).

// codexDecision is Codex's word for an agentmgr action.
func codexDecision(a engine.Action) string {
	switch a {
	case engine.Allow:
		return "allow"
	case engine.Deny:
		return "forbidden"
	}
	return "prompt"
}

// codexPrefix is the token prefix a bash pattern is, when it is one: literal words, with an
// optional trailing " *" (agentmgr's optional tail: the prefix alone or followed by more).
// exact is true when the pattern had no tail, which a prefix cannot say (it also matches longer
// commands).
func codexPrefix(pattern string) (tokens []string, exact, ok bool) {
	body, tail := strings.CutSuffix(pattern, " *")
	if strings.ContainsAny(body, "*?\"'\\$`") || strings.TrimSpace(body) == "" {
		return nil, false, false
	}
	return strings.Fields(body), !tail, true
}

// codexCompiled is a Codex rule as the export writes it.
type codexCompiled struct {
	tokens   []string
	decision string
	rule     int // index in the persona's rules
	match    [][]string
}

// ExportCodex converts persona p's shell rules into a Codex rules file (rules/NAME.rules):
// each bash rule whose pattern is literal words becomes a prefix_rule, the persona's bash
// examples its match lists; what Codex cannot hold is reported rule by rule. The persona's
// answer for commands no rule matches is Codex's approval policy, which the file's comment names.
func ExportCodex(p *personas.Persona, src []byte) (*Export, error) {
	path := "rules/" + p.Name + ".rules"
	rep := newReport(p.Where(), path, EnforcedByFile)
	reportForeign(src, "", rep)
	verdicts := newRuleVerdicts(len(p.Rules))
	pol := probePolicy(p.Rules)
	var rules []codexCompiled
	for i, r := range p.Rules {
		if !mapping.IsShellKey(r.Permission) {
			if r.Permission == "*" && r.Pattern == "*" {
				continue // the fallback, below
			}
			verdicts.mark(i, ruleLost)
			rep.lose("rule "+r.String(), "Codex rules decide shell commands only; files and other tools are governed by its sandbox and approval settings")
			continue
		}
		if r.Pattern == "*" {
			continue // the fallback, below
		}
		toks, exact, ok := codexPrefix(r.Pattern)
		if !ok {
			verdicts.mark(i, ruleLost)
			rep.lose("rule "+r.String(), "a wildcard inside a word or in the middle of the pattern: Codex rules are exact token prefixes")
			continue
		}
		if exact {
			verdicts.mark(i, ruleStricter)
			if r.Action != engine.Allow {
				rep.change("rule "+r.String(), r.Pattern, strings.Join(toks, " ")+" and longer commands", "a Codex rule is a prefix: it also decides the command with more arguments (stricter)")
			} else {
				verdicts.mark(i, ruleLooser)
				rep.change("rule "+r.String(), r.Pattern, strings.Join(toks, " ")+" and longer commands", "a Codex rule is a prefix: it also allows the command with more arguments (looser)")
			}
		}
		// Last match wins in agentmgr; the strictest in Codex. A later, less strict rule
		// overlapping this one is an exception Codex cannot make.
		for _, o := range p.Rules[i+1:] {
			if mapping.IsShellKey(o.Permission) && engine.Stricter(o.Action, r.Action) == r.Action && o.Action != r.Action && engine.RulesOverlap(r, o) {
				verdicts.mark(i, ruleStricter)
				rep.change("rule "+r.String(), "exception "+o.String()+" after it", "the stricter rule wins", "Codex decides the strictest matching rule, not the last one")
				break
			}
		}
		c := codexCompiled{tokens: toks, decision: codexDecision(r.Action), rule: i}
		for _, ex := range p.Examples {
			if !mapping.IsShellKey(mapping.KeyForTool(ex.Tool)) {
				continue
			}
			words := strings.Fields(ex.Value)
			if len(words) >= len(toks) && strings.Join(words[:len(toks)], " ") == strings.Join(toks, " ") && !strings.ContainsAny(ex.Value, "|&;<>()$`\"'\\") {
				c.match = append(c.match, words)
			}
		}
		rules = append(rules, c)
		// Codex does not look through wrappers: a deny or ask holds under sudo and nice too.
		if r.Action != engine.Allow {
			for _, w := range [][]string{{"sudo"}, {"nice"}, {"nohup"}, {"xargs"}} {
				rules = append(rules, codexCompiled{tokens: append(append([]string(nil), w...), toks...), decision: c.decision, rule: i})
			}
		}
	}
	fallback := pol.DecideShell("bash", "zz-unmatched").Action
	rep.change("commands no rule matches", string(fallback), "Codex's approval policy", "a Codex rules file has no catch-all: set approval_policy so that unmatched commands "+map[engine.Action]string{engine.Allow: "run (never)", engine.Ask: "are asked for (untrusted)", engine.Deny: "are refused"}[fallback])
	rep.change("shell analysis", "agentmgr looks into pipelines, chains, wrappers (sudo, env, bash -c) and redirections", "Codex matches the argv as one command", "Codex does not split commands")
	var b strings.Builder
	fmt.Fprintf(&b, "# Codex rules for the agentmgr persona %s: %s\n", p.Name, strings.ReplaceAll(p.Description, "\n", " "))
	fmt.Fprintf(&b, "# Commands no rule matches: %s in agentmgr; Codex leaves them to its approval policy.\n", fallback)
	for _, c := range rules {
		b.WriteString("\nprefix_rule(\n    pattern = ")
		b.WriteString(starList(c.tokens))
		fmt.Fprintf(&b, ",\n    decision = %q,\n", c.decision)
		if len(c.match) > 0 {
			var ms []string
			for _, m := range c.match {
				ms = append(ms, starList(m))
			}
			fmt.Fprintf(&b, "    match = [%s],\n", strings.Join(ms, ", "))
		}
		b.WriteString(")\n")
	}
	ex := &Export{Files: []File{{Path: path, Data: []byte(b.String())}}, Report: rep}
	// The probes and the mixed calls, decided by the persona and by the rules as Codex does.
	var calls []ocCall
	for _, c := range openCodeCalls(p.Rules) {
		if c.Key == "bash" {
			calls = append(calls, c)
		}
	}
	compareCalls(calls,
		func(c ocCall) engine.Action { return pol.DecideShell("bash", c.Value).Action },
		func(c ocCall) engine.Action { return codexDecide(rules, c.Value, fallback) },
		"Codex decides", "Codex matches whole argv prefixes, strictest wins, and does not split commands", rep)
	for _, c := range calls {
		verdicts.markDecision(p.Rules, pol.DecideShell("bash", c.Value), codexDecide(rules, c.Value, fallback))
	}
	rep.Fidelity = verdicts.fidelity()
	rep.keep(fmt.Sprintf("bash rules as prefix rules (%d)", len(rules)))
	return ex, nil
}

// starList is a Starlark list of strings.
func starList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = strconv.Quote(x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// codexDecide is how Codex decides a command line under the exported rules: its argv (as a
// shell would split a simple command) against every prefix, the strictest matching decision
// winning, the approval policy (the persona's fallback) when none matches.
func codexDecide(rules []codexCompiled, cmd string, fallback engine.Action) engine.Action {
	argv := codexCommand(cmd)
	var out engine.Action
	matched := false
	for _, c := range rules {
		if len(argv) < len(c.tokens) || strings.Join(argv[:len(c.tokens)], "\x00") != strings.Join(c.tokens, "\x00") {
			continue
		}
		a := map[string]engine.Action{"allow": engine.Allow, "prompt": engine.Ask, "forbidden": engine.Deny}[c.decision]
		if !matched {
			out, matched = a, true
		} else {
			out = engine.Stricter(out, a)
		}
	}
	if !matched {
		return fallback
	}
	return out
}

// codexCommand is the argv Codex sees for a command line: its words when it is a simple
// command, else the shell running it (`bash -lc LINE`), which Codex does not look into.
func codexCommand(cmd string) []string {
	if argv, ok := codexArgv(cmd); ok {
		return argv
	}
	return []string{"bash", "-lc", cmd}
}

// codexArgv splits a command line into words as a shell would for a simple command with
// plain and quoted words; ok is false for anything else (operators, expansions).
func codexArgv(cmd string) ([]string, bool) {
	var out []string
	var cur strings.Builder
	in := false
	var quote rune
	for _, r := range cmd {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		case strings.ContainsRune("|&;<>()$`\\\n", r):
			return nil, false
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	if in {
		out = append(out, cur.String())
	}
	return out, len(out) > 0
}
