package trust

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/locations"
)

// State is whether a project's files may decide.
type State int

// The states of a project.
const (
	// NoFiles: there is no project, or it has no file that needs a trust.
	NoFiles State = iota
	// Trusted: the person trusted the project, and its files are as they were then.
	Trusted
	// Untrusted: nobody trusted the project, or the person refused it.
	Untrusted
	// Changed: the person trusted the project, but its files changed since.
	Changed
)

// String names the state as the CLI's JSON does: none, trusted, untrusted, changed.
func (s State) String() string {
	switch s {
	case Trusted:
		return "trusted"
	case Untrusted:
		return "untrusted"
	case Changed:
		return "changed"
	}
	return "none"
}

// Status is the trust of a project, with what decided it.
type Status struct {
	State State
	// Dir is the project folder (the one holding .pi), resolved; "" without a project.
	Dir string
	// By says who decided, for a person: "agentmgr trust", "pi's trust.json (FOLDER)",
	// "pi's defaultProjectTrust: always", or for an untrusted project why it is not trusted.
	By string
	// Changes lists the project files added, removed or changed since the trust, for Changed.
	Changes []string
	// Files are the project's files as they are now.
	Files []File
	// Problems are the stores that could not be read (each ignored: fail closed).
	Problems []string
	// trusted are the files agentmgr's trust covers, as its record lists them; nil when pi
	// decides, or for a refusal.
	trusted []File
}

// Uses reports whether the project's files are used: it is trusted, or has none.
func (s Status) Uses() bool { return s.State == Trusted || s.State == NoFiles }

// NotUsed is why the project's files are not used, as every surface says it ("not used:
// project not trusted"); "" when they are used.
func (s Status) NotUsed() string {
	switch s.State {
	case Untrusted:
		return "not used: project not trusted"
	case Changed:
		return "not used: changed since trusted (" + strings.Join(s.Changes, ", ") + ")"
	}
	return ""
}

// Advice is what the person runs to use the project's files; "" when they are used.
func (s Status) Advice() string {
	if s.Uses() {
		return ""
	}
	return "`agentmgr trust " + s.Dir + "` after reviewing them"
}

// Note is one line for a decision's reason and the surfaces' notes: which project's files are
// not used and why, and what to run; "" when they are used.
func (s Status) Note() string {
	if s.Uses() {
		return ""
	}
	return fmt.Sprintf("the personas and guards of project %s are %s (%s); trust it with %s", s.Dir, s.NotUsed(), s.By, s.Advice())
}

// Of is the trust of d's project. agentmgr's own decision on the project wins; else pi's
// trust store, nearest folder first; else pi's defaultProjectTrust ("always" trusts, "never"
// and "ask" do not: nobody can be asked in the middle of a tool call).
func Of(d locations.Dirs) Status {
	if d.Project == "" {
		return Status{}
	}
	if err := d.Check(); err != nil {
		// No store can be read: nothing is trusted.
		return Status{State: Untrusted, Dir: canonical(d.ProjectDir()), By: err.Error()}
	}
	files, err := ProjectFiles(d)
	if err != nil {
		// The folder cannot be listed: its files are unknown, and none is used.
		return Status{State: Untrusted, Dir: canonical(d.ProjectDir()), By: "its folders cannot be read: " + err.Error()}
	}
	if len(files) == 0 {
		return Status{}
	}
	s := Status{Dir: canonical(d.ProjectDir()), Files: files}
	st, err := readStore(d.TrustStore())
	if err != nil {
		// It may hold the person's refusal of this very project: nothing is trusted while
		// it cannot be read.
		s.Problems = append(s.Problems, err.Error())
		s.State, s.By = Untrusted, "agentmgr's trust store cannot be read"
		return s
	}
	if rec, ok := st.Projects[s.Dir]; ok {
		if !rec.Trusted {
			s.State, s.By = Untrusted, "refused with agentmgr trust --revoke"
			return s
		}
		s.By = "trusted with agentmgr trust on " + rec.At.Local().Format(time.DateOnly)
		s.trusted = rec.Files
		if s.Changes = changes(rec.Files, files); len(s.Changes) > 0 {
			s.State = Changed
			return s
		}
		s.State = Trusted
		return s
	}
	return s.fromPi(d)
}

// fromPi decides s from pi's trust store and settings.
func (s Status) fromPi(d locations.Dirs) Status {
	entries, err := readPiStore(d.PiTrustStore())
	if err != nil {
		s.Problems = append(s.Problems, err.Error())
	}
	if dec := nearest(entries, s.Dir); dec.Path != "" {
		if dec.Trusted {
			s.State, s.By = Trusted, "trusted in pi's trust.json ("+dec.Path+")"
		} else {
			s.State, s.By = Untrusted, "refused in pi's trust.json ("+dec.Path+")"
		}
		return s
	}
	def, err := readPiDefault(d.PiSettings())
	if err != nil {
		s.Problems = append(s.Problems, err.Error())
	}
	switch def {
	case piAlways:
		s.State, s.By = Trusted, "pi's defaultProjectTrust is always"
	case piNever:
		s.State, s.By = Untrusted, "pi's defaultProjectTrust is never"
	default:
		s.State, s.By = Untrusted, "no trust decision recorded for it"
	}
	return s
}

// change is one project file added, removed or changed since the trust: then is the file as
// the trust recorded it (none for added), now as it is (none for removed).
type change struct {
	kind      string // "added", "removed" or "changed"
	then, now File
}

// path is the file's path relative to the .pi folder.
func (c change) path() string {
	if c.kind == "removed" {
		return c.then.Path
	}
	return c.now.Path
}

// compare lists the files of now that differ from then: changed or added, in now's order,
// then removed, in the order the trust recorded them.
func compare(then, now []File) []change {
	old := map[string]File{}
	for _, f := range then {
		old[f.Path] = f
	}
	var out []change
	for _, f := range now {
		was, ok := old[f.Path]
		switch {
		case !ok:
			out = append(out, change{kind: "added", now: f})
		case was.Sum != f.Sum:
			out = append(out, change{kind: "changed", then: was, now: f})
		}
		delete(old, f.Path)
	}
	for _, f := range then {
		if _, ok := old[f.Path]; ok {
			out = append(out, change{kind: "removed", then: f})
		}
	}
	return out
}

// changes names the files of now that differ from then ("agents/a.md changed"), as compare
// lists them.
func changes(then, now []File) []string {
	var out []string
	for _, c := range compare(then, now) {
		out = append(out, Shown(c.path())+" "+c.kind)
	}
	return out
}

// canonical is dir with its links resolved, as pi names folders in its store; dir itself when
// it cannot be resolved.
func canonical(dir string) string {
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		return r
	}
	return filepath.Clean(dir)
}
