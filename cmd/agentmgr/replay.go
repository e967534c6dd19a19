package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/history"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/replay"
	"github.com/agentmgr/agentmgr/reviewlog"
)

const replayUsage = "NAME [--all] [--log PATH] [--history] [--since DURATION] [--draft FILE] [--json]"

type changeJSON struct {
	Time    time.Time `json:"time"`
	Session string    `json:"session"`
	Tool    string    `json:"tool"`
	Value   string    `json:"value"`
	Was     string    `json:"was"`
	Now     string    `json:"now"`
	Rule    *ruleJSON `json:"rule"`
	Source  string    `json:"source"`
}

const replayHelp = `Re-decide the calls of the review log (rotated files included) made under persona NAME with
its current rules, or with the rules of a draft file, and list every call whose decision would
change: was -> would be, with the deciding rule. Guards apply as they do now; each call keeps
the session rules its session had approved by then; yolo is left out. A call with several
values shows them one per line.`

func replayOptions(fs *flag.FlagSet) action {
	all := fs.Bool("all", false, "re-decide every logged call, as if made under NAME")
	calls := logSourceFlags(fs)
	since := fs.String("since", "", "only calls since a duration ago (90m, 24h) or a time (2026-01-02)")
	draft := fs.String("draft", "", "decide with the rules of this persona file instead of NAME's")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, rest []string) error {
		var err error
		name := rest[0]
		opt := replay.Options{Agent: name}
		if *all {
			opt.Agent = ""
		}
		if *since != "" {
			if opt.Since, err = parseSince(*since, time.Now()); err != nil {
				return usageError{err.Error()}
			}
		}
		p, err := replayPersona(e, name, *draft)
		if err != nil {
			return err
		}
		pol, probs, err := policy.For(e.dirs(), p, "")
		if err != nil {
			return err
		}
		reportProblems(e.stderr, probs, personas.Warning)
		pol.Yolo = false
		l, err := calls.read(e)
		if err != nil {
			return err
		}
		res := replay.Replay(l, pol, opt)
		if res.Clipped > 0 {
			fmt.Fprintf(e.stderr, "note: %d %s not re-decided: the log holds only the start of a value too long to store whole\n", res.Clipped, plural(res.Clipped, "call was", "calls were"))
		}
		if *asJSON {
			out := struct {
				Calls   int          `json:"calls"`
				Changed []changeJSON `json:"changed"`
			}{Calls: res.Calls, Changed: []changeJSON{}}
			for _, c := range res.Changed {
				out.Changed = append(out.Changed, changeJSON{
					Time: c.Time, Session: c.Session, Tool: c.Tool, Value: strings.Join(c.Values, "\n"),
					Was: string(c.Action), Now: string(c.Now.Action), Rule: ruleOut(c.Now.Rule), Source: c.Now.Source(),
				})
			}
			return writeJSON(e, out)
		}
		tw := newTable(e.stdout)
		for _, c := range res.Changed {
			fmt.Fprintf(tw, "%s\t%s\t%s %q\t%s -> %s\t%s\n", c.Time.Local().Format(time.DateTime), c.Session, c.Tool,
				strings.Join(c.Values, "\n"), c.Action, c.Now.Action, ruleText(c.Now.Rule, c.Now.Reason))
		}
		tw.Flush()
		fmt.Fprintf(e.stdout, "%d of %d %s would change\n", len(res.Changed), res.Calls, plural(res.Calls, "call", "calls"))
		return nil
	}
}

// replayPersona is NAME from the catalog, or the draft file with its rules when one is given
// (NAME then only selects the logged calls).
func replayPersona(e *env, name, draft string) (*personas.Persona, error) {
	if draft == "" {
		_, p, err := e.catalogFor(false, name)
		return p, err
	}
	data, err := os.ReadFile(draft)
	if err != nil {
		return nil, fmt.Errorf("cannot read the draft: %w", err)
	}
	p, probs := personas.Parse(draft, data, personas.ScopeGlobal)
	if p == nil {
		return nil, fmt.Errorf("the draft does not load:\n%w", personas.ProblemsError(personas.Errors(probs)))
	}
	return p, nil
}

// logSource is where replay and suggest read the calls from: the flags --log and --history.
type logSource struct {
	file    *string
	history *bool
}

// logSourceFlags defines --log and --history on fs.
func logSourceFlags(fs *flag.FlagSet) logSource {
	return logSource{
		file:    fs.String("log", "", "read this log file or folder instead of the review log (also pi sessions, Claude Code\ntranscripts, pi-permission-system's log)"),
		history: fs.Bool("history", false, "also read pi's sessions, Claude Code's transcripts and\npi-permission-system's log where they are kept"),
	}
}

// read reads the log the flags name (readLog).
func (s logSource) read(e *env) (*replay.Log, error) { return readLog(e, *s.file, *s.history) }

// readLog reads the review log (file, or the agent dir's) with its rotated files. Lines that
// are not entries are reported and skipped. A file (or folder) of another tool's records, pi
// sessions, Claude Code transcripts or pi-permission-system's review log, is read as the calls it
// records (package history); withHistory adds the records of all three where they are kept.
func readLog(e *env, file string, withHistory bool) (*replay.Log, error) {
	if file != "" {
		if _, err := os.Stat(file); err != nil {
			return nil, fmt.Errorf("cannot read the log: %w", err)
		}
		entries, err := history.Read(file)
		if err != nil {
			return nil, fmt.Errorf("cannot read the log: %w", err)
		}
		return replay.FromEntries(entries), nil
	}
	d := e.dirs()
	entries, err := reviewlog.Read(d.ReviewLog(), reviewlog.Filter{})
	if err != nil {
		fmt.Fprintf(e.stderr, "warning: %v\n", err)
	}
	if withHistory {
		for _, place := range []string{
			filepath.Join(d.GlobalExtensions(), "pi-permission-system", "logs"),
			filepath.Join(d.Agent, "sessions"),
			filepath.Join(locations.Home(e.getenv), ".claude", "projects"),
		} {
			if _, err := os.Stat(place); err != nil {
				continue
			}
			got, err := history.Read(place)
			if err != nil {
				fmt.Fprintf(e.stderr, "warning: %v\n", err)
			}
			entries = append(entries, got...)
		}
		slices.SortStableFunc(entries, func(a, b reviewlog.Entry) int { return a.Time.Compare(b.Time) })
	}
	return replay.FromEntries(entries), nil
}
