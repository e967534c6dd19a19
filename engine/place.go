package engine

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/mapping"
)

// ExternalDirectory is the permission key that also decides every path outside the project.
const ExternalDirectory = "external_directory"

// Place is where a call runs: what a relative path is relative to, and which folder is the
// project. A Policy without a Place matches path values exactly as they are spelt.
type Place struct {
	// Cwd is the call's working directory, absolute. Relative path values are read against it.
	Cwd string
	// Project is the project's root folder, absolute: the working directory's repository root,
	// or Cwd. A path outside it is also decided by the external_directory key.
	Project string
	// Home replaces a leading `~` or `$HOME` in values; "" means the home directory the
	// policy's persona was compiled with (see Policy.At).
	Home string
	// Resolve says which file an absolute path reaches, as the kernel would (policy.PlaceFor
	// gives pathres.Resolve): it is handed the path as spelt, `..` not yet applied, since a `..`
	// after a symbolic link leaves the link's target, not the link. nil resolves nothing. The
	// engine knows nothing of files; the caller does.
	Resolve func(abs string) Resolved
	// RealCwd and RealProject are Cwd and Project with their links resolved, when the caller
	// has worked them out once for many calls; "" resolves them on each call.
	RealCwd, RealProject string
	// GitPrograms, when set, reads the configuration of the repository a git command works on
	// (run in the absolute folder dir, with gitDir from --git-dir, "" for none) and returns
	// the settings that make its subcommand sub run a program, each said as "key = value
	// (file:line)", with the problems met reading it (docs/shell.md, "A repository's own
	// configuration"). The engine knows nothing of files: policy.PlaceFor gives it.
	GitPrograms func(dir, gitDir, sub string) (programs, problems []string)
}

// At returns a copy of p that decides path values as seen from place (nil: as spelt). A place
// without a home directory takes the one the persona was compiled with, so that a path value's
// `~` means what the rules' `~` means, and the engine need not read the environment for it.
func (p *Policy) At(place *Place) *Policy {
	q := *p
	if place != nil && place.Home == "" && p.Home() != "" {
		withHome := *place
		withHome.Home = p.Home()
		place = &withHome
	}
	q.Place = place
	return &q
}

// Resolved is what a path reaches on disk, as Place.Resolve found it.
type Resolved struct {
	// Path is the file reached: absolute, clean, with its symbolic links resolved.
	Path string
	// Folds is true when the volume holding Path compares names without case: the path is then
	// also decided by rules matched without case, and the strictest answer wins.
	Folds bool
	// Unsure, when not "", says why Path may not be the file the program reaches; an allow
	// for such a path becomes an ask.
	Unsure string
}

// spellings are the names one path value goes by.
type spellings struct {
	// canonical is the clean absolute path with symbolic links resolved: which file it is.
	canonical string
	// truthful are other exact names of that same file (canonical relative to the working
	// directory); each may decide the call.
	truthful []string
	// suspect are names the value was given under that may say something else about the file
	// (with `..`, through a symbolic link, as spelt); they can only tighten a decision.
	suspect []string
	// folds and unsure are the resolver's Resolved.Folds and Resolved.Unsure.
	folds  bool
	unsure string
}

// spell works out the spellings of value at place.
func (pl *Place) spell(value string) spellings {
	given := NormalizePath(value, pl.Home)
	// The resolver gets the path as spelt: cleaning it first would take /var/run/../etc for
	// /var/etc, where the kernel goes up from /run, /var/run's target.
	spelt := given
	if !path.IsAbs(spelt) {
		spelt = pl.cwd() + "/" + spelt
	}
	abs := path.Clean(spelt)
	res := pl.resolveAll(spelt)
	sp := spellings{canonical: res.Path, folds: res.Folds, unsure: res.Unsure}
	sp.truthful = addSpelling(sp.truthful, sp.canonical, within(sp.canonical, pl.cwd()), within(sp.canonical, pl.realCwd()))
	for _, s := range addSpelling(nil, given, abs, within(abs, pl.cwd())) {
		if !slices.Contains(sp.truthful, s) && s != sp.canonical {
			sp.suspect = append(sp.suspect, s)
		}
	}
	return sp
}

func (pl *Place) cwd() string { return path.Clean(NormalizePath(pl.Cwd, pl.Home)) }

func (pl *Place) realCwd() string {
	if pl.RealCwd != "" {
		return pl.RealCwd
	}
	return pl.resolve(pl.cwd())
}

func (pl *Place) resolve(abs string) string { return pl.resolveAll(abs).Path }

// resolveAll resolves the absolute path spelt with the caller's resolver; without one, or when
// it finds nothing, the path is its clean self.
func (pl *Place) resolveAll(spelt string) Resolved {
	if pl.Resolve != nil {
		if r := pl.Resolve(spelt); r.Path != "" {
			r.Path = path.Clean(r.Path)
			return r
		}
	}
	return Resolved{Path: path.Clean(spelt)}
}

// External reports whether the clean absolute path abs lies outside the project. The
// project's root is compared with its links resolved, as abs is.
func (pl *Place) external(abs string) bool {
	root := pl.Project
	if root == "" {
		root = pl.Cwd
	}
	if root == "" {
		return false
	}
	root = path.Clean(NormalizePath(root, pl.Home))
	real := pl.RealProject
	if real == "" {
		real = pl.resolve(root)
	}
	return within(abs, root) == "" && within(abs, real) == ""
}

// within returns abs relative to dir when abs is dir or inside it ("." for dir itself), else "".
func within(abs, dir string) string {
	if dir == "" || !path.IsAbs(dir) {
		return ""
	}
	if abs == dir {
		return "."
	}
	prefix := strings.TrimSuffix(dir, "/") + "/"
	if rest, ok := strings.CutPrefix(abs, prefix); ok {
		return rest
	}
	return ""
}

// addSpelling appends the non-empty names not yet in list.
func addSpelling(list []string, names ...string) []string {
	for _, n := range names {
		if n != "" && n != "." && !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}

// decidePath decides a path value for key. Without a place it is matched as spelt. With one,
// the value is decided under each of its names (section "Paths" of docs/gate.md):
//   - the canonical name (clean, absolute, links resolved) and its other exact names
//     (relative to the working directory) decide together: the strictest wins, except that a
//     decision whose rule also matches another exact name, where a later rule decided, is
//     overruled by that later rule (a catch-all `*` does not undo `src/*`), and the default
//     ask of a name no rule matched yields to a name a rule matched;
//   - every other name it was given by (with `..`, through a link, as spelt) can only make
//     the decision stricter, and only by a rule that matches none of the exact names;
//   - a canonical path outside the project is also decided by external_directory.
func (p *Policy) decidePath(key, value string) (d Decision) {
	if key == shell.EditKey {
		// Executable configuration is written only with a rule naming it, whatever else
		// this path's decision is made of.
		defer func() { d = p.execConfig(value, d) }()
	}
	d = p.decideNames(key, value)
	if key != mapping.PathKey && key != ExternalDirectory {
		// The path rules hold for every tool's paths; the tool's own rules never loosen them.
		if pd, ok := p.pathRules(value); ok && pd.Action.rank() > d.Action.rank() {
			pd.Reason = joinReason(pd.Reason, "the path rules hold for every tool")
			d = pd
		}
	}
	if p.Place == nil || value == "" || (p.Place.Cwd == "" && p.Place.Project == "") {
		return d
	}
	sp := p.Place.spell(value)
	if canonical := sp.canonical; p.Place.external(canonical) {
		e := p.Decide(ExternalDirectory, canonical)
		if e.Action.rank() > d.Action.rank() {
			e.Reason = joinReason(e.Reason, quote(canonical)+" is outside the project "+quote(p.Place.projectRoot()))
			d = e
		}
	}
	if sp.unsure != "" && d.Action == Allow {
		// The resolver could not tell which file the program reaches (a /proc descriptor, an
		// unreadable link): what it reaches is not seen, so it is not allowed unseen.
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("%s may not be the file %s reaches: %s", quote(sp.canonical), quote(value), sp.unsure))
	}
	d.Value = value
	return d
}

// decideNames decides a path value for key under each of its names (see decidePath), without
// the external_directory and path rules.
func (p *Policy) decideNames(key, value string) Decision {
	if p.Place == nil || value == "" || (p.Place.Cwd == "" && p.Place.Project == "") {
		return p.Decide(key, value)
	}
	home := p.Place.Home
	sp := p.Place.spell(value)
	exact := append([]string{sp.canonical}, sp.truthful...)
	decs := make([]Decision, len(exact))
	for i, n := range exact {
		decs[i] = p.Decide(key, n)
	}
	d, found := Decision{}, false
	for i, di := range decs {
		if overruled(di, i, exact, decs, home) {
			continue
		}
		if !found || di.Action.rank() > d.Action.rank() {
			d, found = di, true
		}
	}
	if !found {
		d = strictest(decs)
	}
	for _, n := range sp.suspect {
		s := p.Decide(key, n)
		if s.Rule == nil || s.Action.rank() <= d.Action.rank() || ruleMatchesAny(s.Rule, exact, home) {
			continue
		}
		d = s
	}
	if sp.folds {
		d = p.decideFolded(key, d, append(exact, sp.suspect...))
	}
	if d.Value != "" && d.Value != value && d.Action != Allow {
		d.Reason = joinReason(d.Reason, "decided on "+quote(d.Value)+", a name of "+quote(value))
	}
	d.Value = value
	return d
}

// decideFolded is d made stricter by the names' decisions with rules matched without case, for
// a volume that compares names so: there ~/.SSH/id_rsa is ~/.ssh/id_rsa and prod.ENV meets a
// rule for *.env. Such a match only tightens: an allow written as ~/Src/* does not open src/.
func (p *Policy) decideFolded(key string, d Decision, names []string) Decision {
	for _, n := range names {
		f := p.decide(key, n, true)
		if f.Rule == nil || f.Action.rank() <= d.Action.rank() {
			continue
		}
		f.Reason = joinReason(f.Reason, fmt.Sprintf("decided without case on %s, since its volume compares names without case", quote(n)))
		d = f
	}
	return d
}

func (pl *Place) projectRoot() string {
	if pl.Project != "" {
		return pl.Project
	}
	return pl.Cwd
}

// overruled reports whether decision i yields to another exact name's decision: it came from
// no rule while another name's came from one, or its rule also matches a name that a
// different (later) rule decided.
func overruled(di Decision, i int, names []string, decs []Decision, home string) bool {
	for j, dj := range decs {
		if j == i || dj.Rule == nil {
			continue
		}
		if di.Rule == nil {
			return true
		}
		if dj.Rule != di.Rule && ruleMatches(di.Rule, names[j], home) {
			return true
		}
	}
	return false
}

func strictest(decs []Decision) Decision {
	d := decs[0]
	for _, x := range decs[1:] {
		if x.Action.rank() > d.Action.rank() {
			d = x
		}
	}
	return d
}

// ruleMatches reports whether r's pattern matches the path value.
func ruleMatches(r *Rule, value, home string) bool {
	return CompilePattern(r.Pattern, PatternOptions{Path: true, Home: home}).Match(NormalizePath(value, home))
}

func ruleMatchesAny(r *Rule, values []string, home string) bool {
	for _, v := range values {
		if ruleMatches(r, v, home) {
			return true
		}
	}
	return false
}

// Home is the home directory p's persona rules were compiled with, which every other part of
// the call's rules shares (session rules compiled later, a place's paths); "" when none.
func (p *Policy) Home() string {
	if p.Persona == nil {
		return ""
	}
	return p.Persona.home
}
