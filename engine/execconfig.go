package engine

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine/shell"
)

// execConfig is d, an edit decision on path value, made an ask when value is executable
// configuration (shell.ExecConfigFile: .git/config, .git/hooks/*, .gitattributes, .npmrc,
// pip.conf ...) and the rule that allowed it does not name it (shell.NamesPath): writing such a
// file is running its programs later, and a wildcard allow is no consent to that, as for `git
// config core.fsmonitor` (docs/shell.md, "Executable configuration"). A yolo allow, which no
// allowing rule made, is left as yolo leaves code-running commands.
func (p *Policy) execConfig(value string, d Decision) Decision {
	if d.Action != Allow || d.Rule == nil || d.Rule.Action != Allow {
		return d
	}
	names := []string{NormalizePath(value, p.Home())}
	if p.Place != nil && value != "" && (p.Place.Cwd != "" || p.Place.Project != "") {
		names = append(names, p.Place.spell(value).canonical)
	}
	for _, n := range names {
		tok, ok := shell.ExecConfigFile(n)
		if !ok || shell.NamesPath(d.Rule.Pattern, tok) {
			continue
		}
		d.Action = Ask
		d.Reason = joinReason(d.Reason, fmt.Sprintf("%s is executable configuration (%s names programs that run later); only an edit rule that names %s can allow writing it", quote(value), tok, tok))
		return d
	}
	return d
}
