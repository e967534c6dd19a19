package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"time"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

const trustUsage = "[--revoke | --status | --diff] [--json] [DIR]"

// trustJSON is what `agentmgr trust --json` prints.
type trustJSON struct {
	Project string       `json:"project"`
	State   string       `json:"state"`
	By      string       `json:"by,omitempty"`
	Reason  string       `json:"reason,omitempty"`
	Files   []trust.File `json:"files"`
	Changes []string     `json:"changes,omitempty"`
	// Diffs are the changes as diffs, with --diff.
	Diffs []trust.FileDiff `json:"diffs,omitempty"`
}

const trustHelp = `Trust the project of DIR (default: this folder), so that its personas (.pi/agents) and
its guards (.pi/agent-manager/guards.yaml) are used. Read them first: a repository's files
decide what its agent may do.

The trust covers the files as they are now: when any of them changes, is added or removed,
by the agent or anyone else, they are not used until you trust the project again. --revoke
refuses the project (whatever pi's trust.json says); --status only shows the trust; --diff
shows it too, with what changed in each file since you trusted it, as a diff against the
copy agentmgr kept of what you trusted (a trust made before agentmgr kept copies has none,
and says so). A project pi trusts (pi's trust.json, nearest folder first, or its
defaultProjectTrust "always") is trusted without this command; see docs/trust.md.`

func trustOptions(fs *flag.FlagSet) action {
	revoke := fs.Bool("revoke", false, "refuse the project: its files are not used")
	status := fs.Bool("status", false, "show the project's trust and change nothing")
	showDiff := fs.Bool("diff", false, "show the project's trust and what changed since it, as diffs, and change nothing")
	asJSON := fs.Bool("json", false, "print JSON")
	return func(e *env, rest []string) error {
		var err error
		if *revoke && (*status || *showDiff) {
			return usagef("--revoke shows no diff and changes the trust: it goes with neither --status nor --diff")
		}
		dir := e.cwd
		if len(rest) == 1 {
			if dir, err = filepath.Abs(rest[0]); err != nil {
				return err
			}
		}
		d := locations.Find(e.getenv, locations.Home(e.getenv), dir)
		if d.Ignored != "" {
			fmt.Fprintln(e.stderr, "note: "+d.Ignored)
		}
		var st trust.Status
		switch {
		case d.Project == "":
			return fmt.Errorf("no project at %s: no .pi folder there or above it, up to the repository root", dir)
		case *status, *showDiff:
			st = trust.Of(d)
		case *revoke:
			st, err = trust.Revoke(d, time.Now())
		default:
			st, err = trust.Trust(d, time.Now())
		}
		if err != nil {
			return err
		}
		for _, p := range st.Problems {
			fmt.Fprintln(e.stderr, "warning: "+p)
		}
		var diffs []trust.FileDiff
		if *showDiff {
			diffs = trust.Diffs(d, st)
		}
		if *asJSON {
			out := trustJSON{Project: d.ProjectDir(), State: st.State.String(), By: st.By, Reason: st.NotUsed(), Files: st.Files, Changes: st.Changes, Diffs: diffs}
			if st.Dir != "" {
				out.Project = st.Dir
			}
			if out.Files == nil {
				out.Files = []trust.File{}
			}
			return writeJSON(e, out)
		}
		printTrust(e, d, st)
		if st.State == trust.Changed && !*showDiff {
			fmt.Fprintf(e.stdout, "what changed since the trust: agentmgr trust --diff %s\n", st.Dir)
		}
		printDiffs(e, diffs)
		return nil
	}
}

// printDiffs shows each file changed since the trust as a diff, or says why it cannot.
func printDiffs(e *env, diffs []trust.FileDiff) {
	for _, fd := range diffs {
		fmt.Fprintf(e.stdout, "\n%s %s since trusted", trust.Shown(fd.Path), fd.Change)
		if fd.Note != "" {
			fmt.Fprintf(e.stdout, ": no diff: %s\n", fd.Note)
			continue
		}
		fmt.Fprintf(e.stdout, ":\n%s", fd.Diff)
	}
}

// printTrust says what the project's trust is and which files it covers.
func printTrust(e *env, d locations.Dirs, st trust.Status) {
	dir := st.Dir
	if dir == "" {
		dir = d.ProjectDir()
	}
	switch st.State {
	case trust.NoFiles:
		fmt.Fprintf(e.stdout, "project %s has no personas or guards to trust\n", dir)
		return
	case trust.Trusted:
		fmt.Fprintf(e.stdout, "project %s is trusted (%s): its files are used\n", dir, st.By)
	default:
		fmt.Fprintf(e.stdout, "project %s: its files are %s (%s); trust it with %s\n", dir, st.NotUsed(), st.By, st.Advice())
	}
	tw := newTable(e.stdout)
	for _, f := range st.Files {
		fmt.Fprintf(tw, "  %s\t%s\n", trust.Shown(filepath.Join(d.Project, filepath.FromSlash(f.Path))), f.Sum)
	}
	tw.Flush()
}
