package engine

import (
	"fmt"
	"path"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/mapping"
)

// The path key (docs/rules.md, "Paths every tool names") holds for every path a call names:
// a file tool's, a file a shell command writes or reads, every file argument of a shell command,
// a path in an MCP or other tool's input. Its rules are checked apart from the tool's own and
// the stricter answer wins, so no per-tool allow loosens a path deny. Only rules that name the
// key count: a catch-all `*` rule is what the tool's own rules fall back on already, and a
// persona that says `*: deny` means its tools, not every path.

// pathRules decides value under the path key; ok is false when no rule naming the key matched.
func (p *Policy) pathRules(value string) (Decision, bool) {
	if !p.namesKey(mapping.PathKey) {
		return Decision{}, false
	}
	d := p.decideNames(mapping.PathKey, value)
	if d.Rule == nil || IsCatchAll(d.Rule.Permission) {
		return d, false
	}
	return d, true
}

// DecidePaths decides the paths a call's input names besides its value (an MCP call's
// arguments.path, another tool's path field): each by the path rules and, outside the project,
// by external_directory; the strictest is returned, allow when none restricts.
func (p *Policy) DecidePaths(paths []string) Decision {
	d := Decision{Action: Allow, Permission: mapping.PathKey}
	for _, v := range paths {
		if v == "" {
			continue
		}
		if pd, ok := p.pathRules(v); ok && pd.Action.rank() > d.Action.rank() {
			d = pd
		}
		if e, ok := p.outside(v, ""); ok && e.Action.rank() > d.Action.rank() {
			d = e
		}
	}
	return d
}

// outside decides a path value (relative to dir, then the working directory) by
// external_directory when it lies outside the project; ok is false when it does not or the
// policy has no place.
func (p *Policy) outside(value, dir string) (Decision, bool) {
	pl := p.Place
	if pl == nil || value == "" || (pl.Cwd == "" && pl.Project == "") {
		return Decision{}, false
	}
	v := NormalizePath(value, pl.Home)
	if dir != "" && !path.IsAbs(v) {
		v = path.Join(NormalizePath(dir, pl.Home), v)
	}
	canonical := pl.spell(v).canonical
	if safeDevice(canonical) || !pl.external(canonical) {
		return Decision{}, false
	}
	e := p.Decide(ExternalDirectory, canonical)
	e.Reason = joinReason(e.Reason, quote(canonical)+" is outside the project "+quote(pl.projectRoot()))
	e.Value = value
	return e, true
}

// safeDevice reports whether abs is one of the devices every command may name.
func safeDevice(abs string) bool {
	switch abs {
	case "/dev/null", "/dev/stdin", "/dev/stdout", "/dev/stderr":
		return true
	}
	return false
}

// argPaths makes the decision d of the command unit u at least what the path rules and
// external_directory say of its file arguments (see shell.PathArg). A path deny stands as a
// deny whatever the command.
func (p *Policy) argPaths(u shell.Unit, d Decision) Decision {
	if d.Action == Deny || len(u.Args) == 0 {
		return d
	}
	// Most personas name neither key: their commands' arguments are not looked up (nor
	// resolved on disk) at all.
	paths, outside := p.namesKey(mapping.PathKey), p.namesKey(ExternalDirectory)
	if !paths && !outside {
		return d
	}
	for _, a := range u.Args {
		if paths && (shell.PathArg(a) || shell.MaybePathArg(a) && p.protectsName(a)) {
			dir := u.Dir
			if u.DirUnknown {
				dir = ""
			}
			for _, name := range pathSpellings(a, dir) {
				if pd, ok := p.pathRules(name); ok && pd.Action.rank() > d.Action.rank() {
					pd.Reason = joinReason(pd.Reason, fmt.Sprintf("%q names %s, which the path rules hold for in every command", strings.Fields(u.Text)[0], a))
					pd.Value = a
					d = pd
				}
			}
		}
		if d.Action == Deny {
			return d
		}
		if outside && (shell.OutsideArg(a) || u.DirUnknown && shell.PathArg(a) && relative(a)) {
			dir := u.Dir
			if u.DirUnknown {
				dir = ""
			}
			// Only rules that name external_directory hold for a command's arguments: a
			// persona whose catch-all asks means its tools, and `ls /srv` is no file tool.
			if e, ok := p.outside(a, dir); ok && e.Rule != nil && !IsCatchAll(e.Rule.Permission) && e.Action.rank() > d.Action.rank() {
				d = e
			}
		}
	}
	return d
}

// ruleSets are the rule sets that decide with the persona's, in order: the persona's, session
// (the session's, or nil for none), the callers' and the guards'; the nil ones left out.
func (p *Policy) ruleSets(session *Compiled) []*Compiled {
	sets := make([]*Compiled, 0, 2+len(p.Callers)+len(p.Guards))
	add := func(cs *Compiled) {
		if cs != nil {
			sets = append(sets, cs)
		}
	}
	add(p.Persona)
	add(session)
	for _, c := range p.Callers {
		add(c.Rules)
	}
	for _, g := range p.Guards {
		add(g)
	}
	return sets
}

// namesKey reports whether a rule of the persona, a caller or a guard names key (not by a
// catch-all permission).
func (p *Policy) namesKey(key string) bool {
	for _, cs := range p.ruleSets(p.Session) {
		for _, i := range cs.candidates(key) {
			if !IsCatchAll(cs.rules[i].Permission) {
				return true
			}
		}
	}
	return false
}

// protectsName reports whether a rule naming the path key denies or asks for the bare word
// name (.env, id_rsa) by a pattern that is not a catch-all: such a word of a command is then
// decided by the path rules as a file argument.
func (p *Policy) protectsName(name string) bool {
	for _, cs := range p.ruleSets(nil) {
		for _, i := range cs.candidates(mapping.PathKey) {
			r := cs.rules[i]
			if r.Action != Allow && !IsCatchAll(r.Permission) && !r.catchAll && r.matchPath(NormalizePath(name, cs.home)) {
				return true
			}
		}
	}
	return false
}

// wrapperFloor makes the decision d of the command unit u at least what the wrappers key's
// rules say of the wrapper u is (shell.FloorWrapper): sudo, env, xargs, find -exec, bash -c,
// eval ... run a command their rules do not show. Yolo does not lift the floor, as it does not
// lift a guard's ask; a catch-all rule sets no floor.
func (p *Policy) wrapperFloor(u shell.Unit, d Decision) Decision {
	if d.Action == Deny {
		return d
	}
	w := shell.FloorWrapper(u)
	if w == "" {
		return d
	}
	q := *p
	q.Yolo = false
	f := q.Decide(mapping.WrappersKey, w)
	if f.Rule == nil || IsCatchAll(f.Rule.Permission) || f.Action.rank() <= d.Action.rank() {
		return d
	}
	f.Reason = joinReason(f.Reason, fmt.Sprintf("%s runs a command its own rules do not show, and the wrapper floor keeps it at least at %s", w, f.Action))
	f.Value = u.Text
	return f
}
