package engine

import (
	"fmt"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
)

// Effect families (docs/shell.md): a deny or ask rule of a program that stands for an effect
// (`rm *` for deleting files) also decides the other forms of that effect (find -delete, git
// clean, rsync --delete), which the shell analysis finds in each unit's effects. A rule opts out
// with NoEffects ({action: deny, effects: false} in a persona file).

// Family is an effect and the programs whose deny or ask rules stand for it.
type Family struct {
	Effect shell.Effect
	// Says is the effect as the explanation says it: "deletes files".
	Says string
	// Programs are the rule words that stand for the effect: a rule `rm *` or `rm` (the
	// words, then nothing or a wildcard) is the family's rule; `rm -rf /*` is not.
	Programs []string
	// Forms names the other forms the family covers, for the documentation and lint.
	Forms string
}

// Families is the table of effect families, in the order the documentation lists them.
var Families = []Family{
	{shell.Deletes, "deletes files", []string{"rm", "unlink", "shred"},
		"rm, unlink, shred, srm, wipe, trash, gio remove/trash, find -delete, git clean -f, git rm, rsync --delete*/--remove-source-files, tar --remove-files, zip -m, 7z -sdel"},
	{shell.ReachesNetwork, "reaches the network", []string{"curl", "wget", "nc", "ncat", "netcat", "socat"},
		"curl, wget, aria2c, axel, httpie, xh, lynx, w3m, nc, ncat, netcat, telnet, socat with a network address, ftp, tftp, scp/sftp/rsync with a host, openssl s_client, git clone/fetch/pull/ls-remote/submodule add of a URL, pip/npm install of a URL"},
	{shell.ChangesMode, "changes file modes", []string{"chmod"},
		"chmod, setfacl, chattr, install/mkdir/mknod/mkfifo -m with a set-ID, sticky or world-writable mode, rsync --chmod, git update-index --chmod"},
	{shell.ChangesOwner, "changes file owners", []string{"chown", "chgrp"},
		"chown, chgrp, install -o/-g, rsync --chown/--usermap/--groupmap"},
	{shell.RaisesPrivilege, "raises privilege", []string{"sudo", "su", "doas", "pkexec", "run0"},
		"sudo, sudoedit, su, doas, pkexec, run0, runuser, gksu, kdesu, machinectl shell, systemd-run (but --user), setcap, capsh, newgrp, sg, docker/podman run --privileged, --cap-add, --pid=host, -v /:"},
	{shell.Publishes, "publishes to another repository", []string{"git push"},
		"git push, git send-pack, git http-push, git subtree push, git svn dcommit, a fetch or pull run in another repository (git -C DIR fetch .)"},
}

// familyOf returns the family of effect e.
func familyOf(e shell.Effect) *Family {
	for i := range Families {
		if Families[i].Effect == e {
			return &Families[i]
		}
	}
	return nil
}

// familyRule is a deny or ask rule that stands for an effect: its program's words, and
// whether its pattern goes on with a wildcard (`rm *`) or stops there (`rm`).
type familyRule struct {
	words []string
	star  bool
	rule  *compiledRule
}

// familyWords returns the family and the words of a bash rule's pattern when it stands for an
// effect: the words of one of a family's programs, then nothing or a wildcard.
func familyWords(pattern string) (*Family, []string, bool, bool) {
	words := leadingWords(pattern)
	if len(words) == 0 {
		return nil, nil, false, false
	}
	rest := strings.TrimSpace(pattern[len(strings.Join(words, " ")):])
	star := rest != ""
	if star && strings.Trim(rest, "*") != "" {
		return nil, nil, false, false
	}
	words[0] = words[0][strings.LastIndexByte(words[0], '/')+1:]
	joined := strings.Join(words, " ")
	for i := range Families {
		for _, prog := range Families[i].Programs {
			if prog == joined {
				return &Families[i], words, star, true
			}
		}
	}
	return nil, nil, false, false
}

// startsWith reports whether text's words start with words (the first by its base name).
func startsWith(text string, words []string) bool {
	fields := strings.Fields(text)
	if len(fields) < len(words) {
		return false
	}
	for i, w := range words {
		f := fields[i]
		if i == 0 {
			f = f[strings.LastIndexByte(f, '/')+1:]
		}
		if f != w {
			return false
		}
	}
	return true
}

// family decides the effects of a command unit by the family rules of every layer: for each
// effect of the unit and each rule that stands for it, the command the rule names with the
// effect's targets (`rm build` for find build -delete) is decided; the strictest answer that is
// not allow is returned, with ok true. A unit of the rule's own program is left to the rules.
func (p *Policy) family(key string, u shell.Unit) (Decision, bool) {
	if len(u.Does) == 0 {
		return Decision{}, false
	}
	var out Decision
	found := false
	for _, cw := range p.worlds(key) {
		for _, does := range u.Does {
			for _, fr := range cw.families[does.Effect] {
				if startsWith(u.Text, fr.words) || u.Plain != "" && startsWith(u.Plain, fr.words) {
					continue
				}
				hyp := strings.Join(fr.words, " ")
				if fr.star && len(does.Targets) > 0 {
					hyp += " " + strings.Join(does.Targets, " ")
				}
				d := p.Decide(key, hyp)
				if d.Action == Allow || d.Rule != nil && d.Rule.NoEffects {
					continue
				}
				if found && d.Action.rank() <= out.Action.rank() {
					continue
				}
				fam := familyOf(does.Effect)
				d.Value = u.Text
				d.Reason = joinReason(d.Reason, fmt.Sprintf("%s (%s), as `%s` says", fam.Says, does.Via, ruleText(d, fr)))
				out, found = d, true
			}
		}
	}
	return out, found
}

// ruleText is the pattern of the rule behind d, or the family rule's when d has none.
func ruleText(d Decision, fr familyRule) string {
	if d.Rule != nil {
		return d.Rule.Pattern
	}
	return fr.rule.Pattern
}

// effectCoverage says, for lint, what the deny and ask rules among narrower (indexes into rs)
// cover through their effect families, and what a deny-list still leaves open.
func effectCoverage(rs Ruleset, narrower []int) string {
	covered := map[shell.Effect]string{}
	for _, i := range narrower {
		r := rs[i]
		if r.Action == Allow || r.NoEffects {
			continue
		}
		if fam, _, _, ok := familyWords(r.Pattern); ok && covered[fam.Effect] == "" {
			covered[fam.Effect] = r.Pattern
		}
	}
	var has, lacks []string
	for _, f := range Families {
		if pat := covered[f.Effect]; pat != "" {
			has = append(has, fmt.Sprintf("%s (`%s` covers %s)", f.Says, pat, f.Forms))
		} else {
			lacks = append(lacks, f.Says)
		}
	}
	out := "the rules cover no effect family"
	if len(has) > 0 {
		out = "the rules cover every form the engine knows of: " + strings.Join(has, "; ")
	}
	if len(lacks) > 0 {
		out += "; nothing covers what " + strings.Join(lacks, ", ") + " (no deny or ask of " + strings.Join(familyPrograms(lacks), ", ") + ")"
	}
	return out + "; and no deny-list covers what an interpreter, a build tool or a script does (python3 x.py, make, npm run): the text does not show it"
}

// familyPrograms names the first program of each family whose phrase is in says.
func familyPrograms(says []string) []string {
	var out []string
	for _, f := range Families {
		for _, s := range says {
			if s == f.Says {
				out = append(out, "`"+f.Programs[0]+" *`")
			}
		}
	}
	return out
}

// deletesProtected decides what a unit deletes as edits: a target the edit rules protect, or a
// folder with a protected path below it (find ~ -delete, rm -rf ~), is at least what the edit
// rules say of it. ok is false when nothing it deletes is protected.
func (p *Policy) deletesProtected(key string, u shell.Unit) (Decision, bool) {
	for _, does := range u.Does {
		if does.Effect != shell.Deletes {
			continue
		}
		for _, t := range does.Targets {
			for _, name := range pathSpellings(t, u.Dir) {
				// Only a protection counts: a default ask or a catch-all edit rule is about
				// edits in general, which the command's own rules decide.
				if d := p.decidePath(shell.EditKey, name); d.Action != Allow && d.Rule != nil && !IsCatchAll(strings.TrimPrefix(d.Rule.Pattern, "/")) {
					d.Value = u.Text
					d.Reason = joinReason(d.Reason, fmt.Sprintf("%s deletes %s", does.Via, t))
					return d, true
				}
			}
			if r := p.protectedBelow(key, shell.EditKey, t, u.Dir); r != nil {
				return Decision{Action: Ask, Rule: r, Permission: shell.EditKey, Value: u.Text,
					Reason: fmt.Sprintf("%s deletes what is below %s, and %s protects some of it", does.Via, t, r.String())}, true
			}
		}
	}
	return Decision{}, false
}
