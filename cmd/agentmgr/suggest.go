package main

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/replay"
)

const suggestUsage = "NAME [--all] [--default ask|deny] [--name NEW] [--log PATH] [--history] [--since DURATION] [--json]"

// maxSuggestedExamples bounds the examples a suggested persona carries of each kind.
const maxSuggestedExamples = 10

type unkeptJSON struct {
	Tool  string `json:"tool"`
	Value string `json:"value"`
	Why   string `json:"why"`
}

const suggestHelp = `Propose the smallest allow-list persona that keeps every call the review log shows made under
NAME and allowed, or approved "always": a catch-all default (ask or deny), then allow rules made
of the patterns an "always" reply suggests. A pattern that would also let through a call the
log shows denied or rejected is narrowed to the call itself. The persona file is printed (with
examples taken from the log); nothing is written.`

func suggestOptions(fs *flag.FlagSet) action {
	all := fs.Bool("all", false, "use every logged call, whatever persona made it")
	def := fs.String("default", "ask", "what every other call gets: ask or deny")
	newName := fs.String("name", "", "name of the proposed persona (default: NAME-least)")
	calls := logSourceFlags(fs)
	since := fs.String("since", "", "only calls since a duration ago (90m, 24h) or a time (2026-01-02)")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, rest []string) error {
		name := rest[0]
		if *def != "ask" && *def != "deny" {
			return usagef("--default must be ask or deny")
		}
		if *newName == "" {
			*newName = name + "-least"
		}
		l, err := calls.read(e)
		if err != nil {
			return err
		}
		agent := name
		if *all {
			agent = ""
		}
		if *since != "" {
			t, err := parseSince(*since, time.Now())
			if err != nil {
				return usageError{err.Error()}
			}
			l.Calls = replay.Select(l, replay.Options{Since: t})
		}
		s, err := replay.Suggest(l, agent, engine.Action(*def))
		if err != nil {
			return err
		}
		desc := fmt.Sprintf("Least privilege for %s, from %d allowed %s in the review log", name, len(s.Kept), plural(len(s.Kept), "call", "calls"))
		text, err := personas.DraftText(*newName, desc, s.Rules, s.Examples(engine.Action(*def), maxSuggestedExamples))
		if err != nil {
			return err
		}
		unkept := []unkeptJSON{}
		for _, u := range s.Unkept {
			unkept = append(unkept, unkeptJSON{Tool: u.Tool, Value: strings.Join(u.Values, "\n"), Why: u.Why})
		}
		if *asJSON {
			rules := make([]ruleJSON, len(s.Rules))
			for i, r := range s.Rules {
				rules[i] = *ruleOut(&r)
			}
			return writeJSON(e, map[string]any{
				"name": *newName, "rules": rules, "kept": len(s.Kept), "refused": len(s.Refused), "unkept": unkept, "persona": string(text),
			})
		}
		fmt.Fprint(e.stdout, string(text))
		fmt.Fprintf(e.stderr, "%d allow %s keep %d %s; %d refused %s stay refused\n", len(s.Rules)-1, plural(len(s.Rules)-1, "rule", "rules"),
			len(s.Kept), plural(len(s.Kept), "call", "calls"), len(s.Refused), plural(len(s.Refused), "call", "calls"))
		for _, u := range unkept {
			fmt.Fprintf(e.stderr, "not kept: %s %q: %s\n", u.Tool, u.Value, u.Why)
		}
		return nil
	}
}
