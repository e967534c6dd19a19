package main

import (
	"flag"
	"fmt"
	"strconv"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

const checkHelp = "Decide one tool call for a persona and say which rule decided it, and where the rule\ncomes from. Shell commands are split into every command they would run."

func checkOptions(fs *flag.FlagSet) action {
	agent := fs.String("agent", "", "persona (default: the active one)")
	session := fs.String("session", "", "also apply this session's approved rules")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, rest []string) error {
		tool, value := rest[0], ""
		if len(rest) == 2 {
			value = rest[1]
		}
		// The persona is resolved and the call judged as every adapter does (decide.For,
		// decide.Judge): check says what the gate would answer.
		cat := e.loadNamed(false, *agent)
		r, pol, probs, err := decide.For(e.dirs(), cat, decide.Who{Named: *agent}, *session)
		reportProblems(e.stderr, probs, personas.Warning)
		if err != nil {
			return err
		}
		p := r.Persona()
		if !*asJSON {
			reportFor(e.stderr, cat, p)
		}
		c := decide.ToolCall(tool, value, len(rest) == 2)
		c.Cwd, c.Session = e.cwd, *session
		d := decide.Judge(pol, c)
		if ct := mapping.ClaudeToolFor(tool); ct.Key != tool && !mapping.IsKnownKey(mapping.KeyForTool(tool)) {
			// Log entries from `gate claude` name Claude Code's tools; check takes pi's names.
			fmt.Fprintf(e.stderr, "note: %s is Claude Code's name for a tool decided under the %q key; `agentmgr check %s VALUE` decides it as the gate does\n", tool, ct.Key, ct.Key)
		}
		if *asJSON {
			out := decisionJSON(d, c.Shell())
			out.Agent, out.Tool, out.Value, out.Reason = p.Name, tool, value, d.Reason
			return writeJSON(e, out)
		}
		yoloBanner(e)
		printDecision(e, d, value)
		return nil
	}
}

// printDecision prints a decision for a person: the action, the call, the deciding rule and its
// source, then one line per shell command.
func printDecision(e *env, d engine.Decision, value string) {
	fmt.Fprintln(e.stdout, explainLine(d, d.Permission, value))
	if len(d.Units) > 1 || (len(d.Units) == 1 && d.Units[0].Text != value) {
		tw := newTable(e.stdout)
		for _, u := range d.Units {
			text := strconv.Quote(u.Text)
			if u.Permission != "" {
				text = u.Permission + " " + text // a file the command writes or reads
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", u.Action, text, ruleText(u.Rule, u.Reason))
		}
		tw.Flush()
	}
}

func explainLine(d engine.Decision, key, value string) string {
	return fmt.Sprintf("%-5s %s %q  %s", d.Action, key, value, ruleText(d.Rule, d.Reason))
}

func ruleText(r *engine.Rule, reason string) string {
	s := "<- no rule matched (default ask)"
	if r != nil {
		s = "<- " + r.String() + "  (" + r.Source.Location() + ")"
	}
	if reason != "" {
		s += ": " + reason
	}
	return s
}
