package engine

import (
	"fmt"
	"path"
	"strings"

	"github.com/agentmgr/agentmgr/engine/shell"
)

// gitRepoConfig is d, the allowed decision on shell unit u, made an ask when u runs git and the
// repository it works on is configured to run a program for that command (core.fsmonitor,
// diff.external, a textconv driver, core.pager ...): a rule allowing `git diff *` consents to a
// diff, not to whatever program a cloned repository's .git/config names. The configuration is
// read when the call is decided, from the folder the command runs in (the call's working
// directory, a cd before it, git -C DIR) or the git folder it names (--git-dir); a configuration
// that cannot be read asks too, since git may read what the reader could not.
func (p *Policy) gitRepoConfig(u shell.Unit, d Decision) Decision {
	if d.Action != Allow || p.Place == nil || p.Place.GitPrograms == nil || p.Place.Cwd == "" {
		return d
	}
	words := strings.Fields(u.Text)
	if len(words) == 0 || path.Base(words[0]) != "git" {
		return d
	}
	dir := p.Place.cwd()
	if u.DirUnknown {
		return d // a folder only known at run time: no repository to read
	}
	if u.Dir != "" {
		dir = joinDir(dir, NormalizePath(u.Dir, p.Place.Home))
	}
	gitDir, sub := "", ""
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "-C" && i+1 < len(words):
			i++
			dir = joinDir(dir, NormalizePath(words[i], p.Place.Home))
		case w == "--git-dir" && i+1 < len(words):
			i++
			gitDir = joinDir(dir, NormalizePath(words[i], p.Place.Home))
		case strings.HasPrefix(w, "--git-dir="):
			gitDir = joinDir(dir, NormalizePath(strings.TrimPrefix(w, "--git-dir="), p.Place.Home))
		case (w == "-c" || w == "--work-tree" || w == "--namespace" || w == "--config-env") && i+1 < len(words):
			i++
		case strings.HasPrefix(w, "-"):
		default:
			sub = w
		}
		if sub != "" {
			break
		}
	}
	programs, problems := p.Place.GitPrograms(dir, gitDir, sub)
	switch {
	case len(programs) > 0:
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("the repository's configuration makes git run a program for %q: %s; the rules allow git, not that program", "git "+sub, strings.Join(programs, ", ")))
	case len(problems) > 0:
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("the repository's configuration could not be read (%s): git may run a program it names", strings.Join(problems, "; ")))
	}
	return d
}

// joinDir is p read from the folder dir: p itself when absolute.
func joinDir(dir, p string) string {
	if path.IsAbs(p) {
		return path.Clean(p)
	}
	return path.Join(dir, p)
}
