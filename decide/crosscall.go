package decide

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/mapping"
)

// WrittenFiles remembers, per session, the files the agent wrote that a command family runs
// (sessions.Written is the file one). It is agentmgr's state, out of the agent's reach.
type WrittenFiles interface {
	// Wrote adds paths to what session's agent wrote.
	Wrote(session string, paths []string) error
	// Files are what session's agent wrote and no person has let run since.
	Files(session string) ([]string, error)
	// Settled drops paths: a person let a command run them.
	Settled(session string, paths []string) error
}

// WithWritten has the decider remember the files the agent writes (edit and write tools, the
// files shell commands write) that a command family runs, in the memory written gives for the
// call's working directory; an allowed command of that family then asks once, naming the file
// (a Makefile the agent wrote, then make). Without it nothing is remembered across calls.
func WithWritten(written func(cwd string) WrittenFiles) Option {
	return func(d *Decider) { d.written = written }
}

// crossCall remembers the files c writes that a command family runs, and makes c at least ask
// when it runs a family whose files the agent wrote in the session and no person let run since
// (a deny stays a deny). It returns the decision and the remembered files the ask names, which
// Settle forgets once a person lets the call run. A memory that cannot be read or written
// fails closed: the command asks.
func (dc *Decider) crossCall(c Call, d engine.Decision) (engine.Decision, []string) {
	if dc.written == nil || d.Action == engine.Deny || c.Session == "" {
		return d, nil
	}
	mem := dc.written(c.Cwd)
	units := callUnits(c)
	if wrote := writtenBy(c, units); len(wrote) > 0 {
		if err := mem.Wrote(c.Session, wrote); err != nil {
			return askFor(d, fmt.Sprintf("agentmgr could not remember that the agent wrote %s (%v), which a later command would run unseen", shown(c.Cwd, wrote[0]), err)), nil
		}
	}
	runs := familiesRun(units)
	if len(runs) == 0 {
		return d, nil
	}
	files, err := mem.Files(c.Session)
	if err != nil {
		return askFor(d, fmt.Sprintf("agentmgr cannot read which files the agent wrote in this session (%v), so %s is not run unseen", err, runs[0].runner)), nil
	}
	var hits []string
	for _, f := range files {
		for _, fam := range runs {
			if fam.runsFile(filepath.ToSlash(f)) {
				if !slices.Contains(hits, f) {
					hits = append(hits, f)
					d = askFor(d, fmt.Sprintf("%s was written by the agent in this session; %s runs it", shown(c.Cwd, f), fam.runner))
				}
				break
			}
		}
	}
	if len(hits) > 0 {
		markUnits(&d, units)
	}
	return d, hits
}

// Settle forgets the files whose ask j raised (Judgement.Written) once the call was let through
// (v allows it, or leaves it to a prompt the runtime shows itself, whose answer agentmgr does
// not see): they are not asked about again until written again. After a deny, or an ask nobody
// answered, they stay remembered and the next command of their family asks again.
func (dc *Decider) Settle(c Call, j Judgement, v Verdict) error {
	if dc.written == nil || len(j.Written) == 0 || v.Action == engine.Deny {
		return nil
	}
	return dc.written(c.Cwd).Settled(c.Session, j.Written)
}

// askFor makes d at least ask, adding why to its reason.
func askFor(d engine.Decision, why string) engine.Decision {
	if d.Action == engine.Allow {
		d.Action = engine.Ask
	}
	d.Reason = addReason(d.Reason, why)
	return d
}

// callUnits are the shell units of every command c runs: its value under a shell key and its
// other values, and a command its input carries.
func callUnits(c Call) [][]shell.Unit {
	var cmds []string
	if mapping.IsShellKey(c.Key) {
		cmds = append([]string{c.Value}, c.Also...)
	}
	if c.HasCommand {
		cmds = append(cmds, c.Command)
	}
	out := make([][]shell.Unit, len(cmds))
	for i, cmd := range cmds {
		out[i] = shell.Analyze(cmd)
	}
	return out
}

// writtenBy are the files c writes that a command family runs, as absolute paths when c's
// working directory is known: the paths of an edit call, the files its input says it writes,
// and the files its shell commands write.
func writtenBy(c Call, units [][]shell.Unit) []string {
	var paths []string
	if c.Key == shell.EditKey {
		paths = append(append([]string{c.Value}, c.Also...), c.Folders...)
	}
	paths = append(paths, c.Writes...)
	for i := range paths {
		paths[i] = resolved(c.Cwd, "", paths[i])
	}
	for _, us := range units {
		for _, u := range us {
			if u.Key == shell.EditKey {
				paths = append(paths, resolved(c.Cwd, u.Dir, u.Text))
			}
		}
	}
	var out []string
	for _, p := range paths {
		if p != "" && runFile(filepath.ToSlash(p)) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// familiesRun are the families whose commands units run.
func familiesRun(units [][]shell.Unit) []*runFamily {
	var out []*runFamily
	for _, us := range units {
		for _, u := range us {
			if f := unitFamily(u); f != nil && !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// unitFamily is the family a command unit runs the files of; nil when none.
func unitFamily(u shell.Unit) *runFamily {
	if u.Key != "" {
		return nil
	}
	text := u.Text
	if u.Plain != "" {
		text = u.Plain // git -C DIR status runs git status
	}
	words := strings.Fields(text)
	for i := range runFamilies {
		if runFamilies[i].runs(words) {
			return &runFamilies[i]
		}
	}
	return nil
}

// markUnits makes the allowed units that run a family whose file raised d's ask ask too, so
// that the person sees which command runs it.
func markUnits(d *engine.Decision, units [][]shell.Unit) {
	var flat []shell.Unit
	for _, us := range units {
		flat = append(flat, us...)
	}
	if len(flat) != len(d.Units) {
		return
	}
	for i, u := range flat {
		if d.Units[i].Action == engine.Allow && unitFamily(u) != nil {
			d.Units[i].Action = engine.Ask
			d.Units[i].Reason = addReason(d.Units[i].Reason, "it runs files the agent wrote in this session")
		}
	}
}

// resolved is p, written by a command that moved to dir, seen from cwd: absolute when cwd is
// known and p is no path only known at run time.
func resolved(cwd, dir, p string) string {
	if p == "" {
		return ""
	}
	if dir != "" && !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	if cwd != "" && !filepath.IsAbs(p) && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") {
		p = filepath.Join(cwd, p)
	}
	return filepath.Clean(p)
}

// shown is p as a reason names it: relative to cwd when it is under it.
func shown(cwd, p string) string {
	if cwd != "" {
		if rel, err := filepath.Rel(cwd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return p
}
