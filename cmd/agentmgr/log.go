package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/agentmgr/agentmgr/reviewlog"
)

const logUsage = "[--follow] [--json] [-n N] [--session ID] [--agent NAME] [--tool TOOL] [--action ACTION] [--since WHEN]"

const logHelp = `Show the review log: every decided tool call and every reply to an approval request, oldest
first. The log is agent-manager/log/review.jsonl in the agent dir (JSON lines, mode 0600,
rotated at 10 MiB into review.jsonl.1 to .3).`

func logOptions(fs *flag.FlagSet) action {
	follow := fs.Bool("follow", false, "keep printing entries as they are appended (Ctrl-C stops)")
	asJSON := fs.Bool("json", false, "print the entries as JSON lines")
	last := fs.Int("n", 0, "print only the last N entries (0: all)")
	var f reviewlog.Filter
	fs.StringVar(&f.Session, "session", "", "only this session")
	fs.StringVar(&f.Agent, "agent", "", "only this agent")
	fs.StringVar(&f.Tool, "tool", "", "only this tool")
	fs.StringVar(&f.Action, "action", "", "only this action: allow, ask or deny")
	since := fs.String("since", "", "only entries since a time (2026-01-02, 2026-01-02T15:04:05Z) or a duration ago (90m)")
	return func(e *env, rest []string) error {
		var err error
		if *last < 0 {
			return usagef("-n must be 0 or more")
		}
		if f.Action != "" && f.Action != "allow" && f.Action != "ask" && f.Action != "deny" {
			return usagef("--action must be allow, ask or deny")
		}
		if *since != "" {
			if f.Since, err = parseSince(*since, time.Now()); err != nil {
				return usageError{err.Error()}
			}
		}
		path := e.dirs().ReviewLog()
		emit := func(en reviewlog.Entry) error { return printLogEntry(e.stdout, en, *asJSON) }
		bad := func(err error) { fmt.Fprintf(e.stderr, "warning: %v\n", err) }
		if *follow {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return reviewlog.Follow(ctx, path, reviewlog.FollowOptions{Filter: f, Backlog: true, Last: *last, OnBadLine: bad}, emit)
		}
		entries, err := reviewlog.Read(path, f)
		if err != nil {
			bad(err) // lines that are not entries; the others are still shown
		}
		if *last > 0 && len(entries) > *last {
			entries = entries[len(entries)-*last:]
		}
		if len(entries) == 0 && !*asJSON {
			fmt.Fprintln(e.stdout, "the review log has no entries"+filtered(f))
			return nil
		}
		if *asJSON {
			for _, en := range entries {
				if err := emit(en); err != nil {
					return err
				}
			}
			return nil
		}
		// All entries are known: line up sessions and agents of different lengths.
		tw := newTable(e.stdout)
		for _, en := range entries {
			fmt.Fprintln(tw, strings.Join(logCells(en), "\t"))
		}
		return tw.Flush()
	}
}

func filtered(f reviewlog.Filter) string {
	if f == (reviewlog.Filter{}) {
		return ""
	}
	return " that match"
}

// parseSince reads a time (RFC 3339, or a date) or a duration before now.
func parseSince(s string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("--since %q: expected a time like 2026-01-02 or 2026-01-02T15:04:05Z, or a duration like 90m", s)
}

// printLogEntry prints an entry as a JSON line or, as it comes (--follow), as one line for a
// person:
//
//	2026-01-02 15:04:05  s1  builder  ask    bash "git push origin"  <- "*" "*" ask (agents/b.md:5)  [request 1a2b-3]
func printLogEntry(w io.Writer, en reviewlog.Entry, asJSON bool) error {
	if asJSON {
		b, err := json.Marshal(en)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	c := logCells(en)
	_, err := fmt.Fprintln(w, strings.Join(c, "  "))
	return err
}

// logCells are the columns of an entry's line: time, session, agent, action, and the call with
// its rule or reply.
func logCells(en reviewlog.Entry) []string {
	var b strings.Builder
	b.WriteString(en.Tool)
	for _, v := range en.Values {
		b.WriteString(" " + strconv.Quote(v))
	}
	switch en.Event {
	case reviewlog.EventDecision:
		if en.Rule != nil {
			where := en.Source
			if en.Location != "" {
				where = en.Location
			}
			fmt.Fprintf(&b, "  <- %q %q %s (%s)", en.Rule.Permission, en.Rule.Pattern, en.Rule.Action, where)
		} else {
			b.WriteString("  <- no rule matched (default ask)")
		}
		if en.Reason != "" {
			b.WriteString(": " + en.Reason)
		}
	case reviewlog.EventReply:
		if en.Reply != "" {
			b.WriteString("  " + en.Reply)
		}
		b.WriteString(" by " + en.By)
		if en.Cause != "" {
			b.WriteString(" (reply to request " + en.Cause + ")")
		}
		for _, r := range en.Stored {
			fmt.Fprintf(&b, "; stored %q %q %s", r.Permission, r.Pattern, r.Action)
		}
		if en.Revision > 0 {
			fmt.Fprintf(&b, " (revision %d)", en.Revision)
		}
		if en.Message != "" {
			b.WriteString(": " + strconv.Quote(en.Message))
		}
	}
	if en.Request != "" {
		b.WriteString("  [request " + en.Request + "]")
	}
	// Tabs inside a value would split the table's cells; the quoted values hold none, but a
	// reason or a tool name might.
	// The action keeps the width of "allow", so that it stands in the same place in every listing.
	return []string{en.Time.Local().Format("2006-01-02 15:04:05"), orDash(en.Session), orDash(en.Agent), fmt.Sprintf("%-5s", en.Action),
		strings.ReplaceAll(b.String(), "\t", " ")}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
