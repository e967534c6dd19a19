package approvalqueue

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/inbox"
)

// PromptDetails is what the request dialog shows for a prompt, computed without a display.
type PromptDetails struct {
	Title    string      // "Claude Code asks to use Bash"
	Fields   [][2]string // label, text: persona, session, tool, folder, rule, why
	Value    string      // the command, path, URL, ... in full
	Units    []UnitLine  // a shell command's commands, each with its decision; nil otherwise
	Always   string      // the suggested patterns, one per line, for the person to edit
	NoAlways string      // why always is not offered, when it is not
	// AlwaysNote says why a pattern is narrower than usual: a destructive command is stored as
	// itself ("rm -rf build", never "rm *"); "" when no command is.
	AlwaysNote string
}

// UnitLine is one command of a shell call as the dialog lists it.
type UnitLine struct {
	Text, Action, Rule string
}

// clientNames names the agents behind the gate's protocols.
var clientNames = map[decide.Client]string{decide.ClientClaude: "Claude Code", decide.ClientJSON: "An agent"}

// DescribePrompt says what p asks, which rule asked, and what always would store.
func DescribePrompt(p *inbox.Prompt) PromptDetails {
	r, d := p.Request, p.Decision
	who := clientNames[r.Client]
	if who == "" {
		who = "An agent"
	}
	det := PromptDetails{
		Title: fmt.Sprintf("%s asks to use %s", who, r.Tool),
		Value: r.Value,
	}
	tool := r.Tool
	if r.Permission != r.Tool {
		tool += " (permission " + r.Permission + ")"
	}
	det.Fields = [][2]string{{"Persona", r.Agent}}
	if r.AgentID != "" {
		// A subagent's session rules are its own (the session key names it), so the person
		// must see that an always here covers this subagent only.
		det.Fields = append(det.Fields, [2]string{"Subagent", r.AgentID + " (always covers this subagent only)"})
	}
	if len(r.Callers) > 0 {
		det.Fields = append(det.Fields, [2]string{"Called by", strings.Join(r.Callers, " → ") + " (each decides too; the strictest wins)"})
	}
	det.Fields = append(det.Fields, [2]string{"Session", r.Session}, [2]string{"Tool", tool})
	if r.Cwd != "" {
		det.Fields = append(det.Fields, [2]string{"Folder", r.Cwd})
	}
	det.Fields = append(det.Fields, [2]string{"Rule", ruleLine(d.Rule)})
	if d.Reason != "" {
		det.Fields = append(det.Fields, [2]string{"Why", d.Reason})
	}
	if len(d.Units) > 1 || len(d.Units) == 1 && d.Units[0].Text != r.Value {
		for _, u := range d.Units {
			det.Units = append(det.Units, UnitLine{Text: u.Text, Action: string(u.Action), Rule: unitRule(u.Rule)})
		}
	}
	det.Always = strings.Join(p.Suggestions, "\n")
	var notes []string
	for _, u := range d.Units {
		if n := shell.SuggestNote(u.Text); u.Action == engine.Ask && n != "" && !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	det.AlwaysNote = strings.Join(notes, "\n")
	if len(p.Suggestions) == 0 {
		det.NoAlways = "No session rule can allow this call: " + noAlwaysWhy(d) + ". Allow it once or reject it."
		if det.AlwaysNote != "" {
			det.NoAlways = "No session rule can allow this call: " + det.AlwaysNote + "."
			det.AlwaysNote = ""
		}
	}
	return det
}

// noAlwaysWhy says why no session rule can allow a call that asks: the guard that asks (a
// session never outweighs a guard), else what the analysis said of the commands that ask, else
// the decision's own reason. The person is told the cause of this call, not a list of causes
// that might apply.
func noAlwaysWhy(d engine.Decision) string {
	if d.Rule != nil && d.Rule.Source.Kind == engine.FromGuard {
		return "a guard asks (" + ruleLine(d.Rule) + "), and session rules never outweigh a guard"
	}
	var why []string
	for _, u := range d.Units {
		if u.Action == engine.Ask && u.Reason != "" && !slices.Contains(why, u.Reason) {
			why = append(why, u.Reason)
		}
	}
	if len(why) == 0 && d.Reason != "" {
		why = append(why, d.Reason)
	}
	if len(why) == 0 {
		return "no pattern covers it without covering more than this call"
	}
	return strings.Join(why, "; ")
}

// ruleLine names a rule and where it is written.
func ruleLine(r *engine.Rule) string {
	if r == nil {
		return "no rule matched (default ask)"
	}
	return r.String() + "  (" + r.Source.Location() + ")"
}

// unitRule names a command's rule without its location: the rows are narrow, and the rules of
// one persona all live in the file the Rule line names.
func unitRule(r *engine.Rule) string {
	if r == nil {
		return "no rule matched"
	}
	return r.String()
}

// ParsePatterns reads the always patterns the person edited: one per line, surrounding spaces
// trimmed, because a pattern's own leading or trailing space is almost never meant (a
// trailing " *" is kept whole). Blank lines and repeats are dropped.
func ParsePatterns(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		p := strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if p == "" {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == p
		}
		if !dup {
			out = append(out, p)
		}
	}
	return out
}
