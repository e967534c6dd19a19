package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/sessions"
)

const sessionUsage = "list | show ID | allow ID KEY PATTERN | deny ID KEY PATTERN | revoke ID INDEX | clear ID"

const sessionHelp = `Session rules are the rules a person approved with "always" while an agent ran. They are
kept per session in agent-manager/sessions/<ID>.json in the agent dir, and apply on top of
the persona: they can turn an ask into allow, never a persona's or a guard's deny.

  list                      the sessions that hold rules
  show ID                   a session's rules, numbered, then those of its subagents
                            (kept under ID.agent-AGENT, each numbered on its own)
  allow ID KEY PATTERN      add an allow rule at the end
  deny ID KEY PATTERN       add a deny rule at the end (--reason tells the agent why)
  revoke ID INDEX           remove rule INDEX (as show numbers it)
  clear ID                  delete the session's rules

The CLI acts for the person (operator authority), so it may loosen as well as tighten.
Every write names the revision it read and is refused if another writer got in between;
--revision N makes revoke and clear refuse unless the session is still at revision N.`

type sessionJSON struct {
	ID         string            `json:"id"`
	Revision   uint64            `json:"revision"`
	Generation uint64            `json:"generation"`
	Updated    time.Time         `json:"updated"`
	Rules      []sessionRuleJSON `json:"rules"`
}

type sessionRuleJSON struct {
	Index      int    `json:"index"` // 1-based, as revoke takes it
	Permission string `json:"permission"`
	Pattern    string `json:"pattern"`
	Action     string `json:"action"`
	Reason     string `json:"reason,omitempty"`
}

func toSessionJSON(s approvals.SessionRules) sessionJSON {
	out := sessionJSON{ID: s.ID, Revision: s.Revision, Generation: s.Generation, Updated: s.Updated, Rules: []sessionRuleJSON{}}
	for i, r := range s.Rules {
		out.Rules = append(out.Rules, sessionRuleJSON{Index: i + 1, Permission: r.Permission, Pattern: r.Pattern, Action: string(r.Action), Reason: r.Reason})
	}
	return out
}

func sessionOptions(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print JSON (list, show)")
	reason := fs.String("reason", "", "deny: the reason the agent is told")
	revision := fs.Uint64("revision", 0, "revoke, clear: refuse unless the session is at this revision")
	return func(e *env, rest []string) error {
		store := sessions.Open(e.dirs())
		sub, rest := rest[0], rest[1:]
		want := map[string]int{"list": 0, "show": 1, "allow": 3, "deny": 3, "revoke": 2, "clear": 1}
		n, known := want[sub]
		switch {
		case !known:
			return usagef("unknown session command %q; expected list, show, allow, deny, revoke or clear", sub)
		case len(rest) != n:
			return usagef("session %s takes %d argument(s), got %d", sub, n, len(rest))
		case *reason != "" && sub != "deny":
			return usagef("--reason goes with deny")
		}
		switch sub {
		case "list":
			return sessionList(e, store, *asJSON)
		case "show":
			return sessionShow(e, store, rest[0], *asJSON)
		case "allow", "deny":
			return sessionAdd(e, store, rest[0], rest[1], rest[2], engine.Action(sub), *reason)
		case "revoke":
			index, err := strconv.Atoi(rest[1])
			if err != nil || index < 1 {
				return usagef("INDEX must be a rule number from 1, as `agentmgr session show %s` prints them", rest[0])
			}
			return sessionRevoke(e, store, rest[0], index, *revision)
		}
		return sessionClear(e, store, rest[0], *revision)
	}
}

func sessionList(e *env, store *sessions.Store, asJSON bool) error {
	list, err := store.List()
	if err != nil {
		// Broken files are named; the sessions that could be read are still listed.
		fmt.Fprintf(e.stderr, "warning: %v\n", err)
	}
	if asJSON {
		out := []sessionJSON{}
		for _, s := range list {
			out = append(out, toSessionJSON(s))
		}
		return writeJSON(e, out)
	}
	if len(list) == 0 {
		fmt.Fprintln(e.stdout, "no session holds rules")
		return nil
	}
	tw := newTable(e.stdout)
	fmt.Fprintln(tw, "SESSION\tRULES\tREVISION\tUPDATED")
	for _, s := range list {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", s.ID, len(s.Rules), s.Revision, s.Updated.Local().Format("2006-01-02 15:04:05"))
	}
	return tw.Flush()
}

// existing reads a session that must hold rules.
func existing(store *sessions.Store, id string) (approvals.SessionRules, error) {
	s, err := store.Get(id)
	if err != nil {
		return s, err
	}
	if !s.Exists() {
		return s, fmt.Errorf("session %q: %w; `agentmgr session list` shows those that hold rules", id, approvals.ErrNoSession)
	}
	return s, nil
}

// agentKeysOf are the keys of the subagents of session id that hold rules: the review log and
// the agent name a subagent's calls by the parent's session id, while its rules are kept under
// its own key (sessions.AgentKey), ID.agent-AGENT.
func agentKeysOf(store *sessions.Store, id string) []approvals.SessionRules {
	list, _ := store.List() // a broken file is named by list; show reads what it can
	var out []approvals.SessionRules
	for _, s := range list {
		if strings.HasPrefix(s.ID, id+".agent-") && s.Exists() {
			out = append(out, s)
		}
	}
	return out
}

func sessionShow(e *env, store *sessions.Store, id string, asJSON bool) error {
	s, err := store.Get(id)
	if err != nil {
		return err
	}
	var shown []approvals.SessionRules
	if s.Exists() {
		shown = append(shown, s)
	}
	// A session the log shows may hold no rules of its own but its subagents' rules.
	shown = append(shown, agentKeysOf(store, id)...)
	if len(shown) == 0 {
		return fmt.Errorf("session %q: %w: no rules are kept for it or its subagents (%s.agent-*); a session holds rules only once a person answered \"always\" in it, and `agentmgr session list` shows those that do", id, approvals.ErrNoSession, id)
	}
	if asJSON {
		if len(shown) == 1 && shown[0].ID == id {
			return writeJSON(e, toSessionJSON(shown[0]))
		}
		out := []sessionJSON{}
		for _, s := range shown {
			out = append(out, toSessionJSON(s))
		}
		return writeJSON(e, out)
	}
	for _, s := range shown {
		if err := printSession(e, s); err != nil {
			return err
		}
	}
	return nil
}

// printSession prints one session key's rules, numbered as revoke takes them.
func printSession(e *env, s approvals.SessionRules) error {
	fmt.Fprintf(e.stdout, "session %s  revision %d  generation %d  updated %s\n", s.ID, s.Revision, s.Generation, s.Updated.Local().Format("2006-01-02 15:04:05"))
	if len(s.Rules) == 0 {
		fmt.Fprintln(e.stdout, "  no rules")
		return nil
	}
	tw := newTable(e.stdout)
	for i, r := range s.Rules {
		line := fmt.Sprintf("  %d\t%s\t%s\t%q", i+1, r.Action, r.Permission, r.Pattern)
		if r.Reason != "" {
			line += "\t" + r.Reason
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

func sessionAdd(e *env, store *sessions.Store, id, key, pattern string, action engine.Action, reason string) error {
	if key == "" {
		return usagef("KEY must not be empty")
	}
	// A rule names a permission key; a tool name of another key would never match.
	if k := mapping.KeyForTool(key); k != key {
		fmt.Fprintf(e.stderr, "note: %s is a tool of the %q permission key; the rule is for %s\n", key, k, k)
		key = k
	}
	r := engine.Rule{Permission: key, Pattern: pattern, Action: action, Reason: reason}
	s, err := approvals.AppendSessionRules(store, id, approvals.OperatorAuthority, r)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "session %s: rule %d %s  (revision %d)\n", id, len(s.Rules), r, s.Revision)
	return nil
}

func sessionRevoke(e *env, store *sessions.Store, id string, index int, revision uint64) error {
	var removed engine.Rule
	s, err := approvals.UpdateSession(store, id, approvals.OperatorAuthority, func(cur approvals.SessionRules) (engine.Ruleset, error) {
		if err := checkRevision(cur, revision); err != nil {
			return nil, err
		}
		if !cur.Exists() {
			return nil, fmt.Errorf("session %q: %w", id, approvals.ErrNoSession)
		}
		if index > len(cur.Rules) {
			return nil, fmt.Errorf("session %q has %d rule(s); there is no rule %d", id, len(cur.Rules), index)
		}
		removed = cur.Rules[index-1]
		return append(cur.Rules[:index-1:index-1], cur.Rules[index:]...), nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "session %s: revoked rule %d %s  (revision %d, %d rule(s) left)\n", id, index, removed, s.Revision, len(s.Rules))
	return nil
}

func sessionClear(e *env, store *sessions.Store, id string, revision uint64) error {
	s, err := existing(store, id)
	if err != nil {
		return err
	}
	if err := checkRevision(s, revision); err != nil {
		return err
	}
	del, err := store.Delete(id, s.Revision, approvals.OperatorAuthority)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "session %s: cleared %d rule(s)  (revision %d is kept, so the id never reuses one)\n", id, len(s.Rules), del.Revision)
	return nil
}

// checkRevision refuses when the person asked for a revision the session is no longer at.
func checkRevision(s approvals.SessionRules, want uint64) error {
	if want != 0 && s.Revision != want {
		return &approvals.ConflictError{ID: s.ID, Read: want, Current: s.Revision}
	}
	return nil
}
