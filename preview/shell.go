package preview

import (
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// AllowListAdvice is what the app suggests for a persona whose shell rules are a deny-list.
const AllowListAdvice = `prefer the allow-list form: bash: {"*": ask, "git *": allow, ...}, allowing what is needed`

// ShellAdvice says in one line how rules govern shell commands (engine.PostureOf) and, when
// they allow by default and deny by pattern, that this is bypassable and what to write instead.
func ShellAdvice(rs engine.Ruleset) string {
	return adviceFor(engine.PostureOf(rs))
}

func adviceFor(p engine.ShellPosture) string {
	s := p.Summary()
	if p.Form == engine.ShellDenyList {
		s += "; " + AllowListAdvice
	}
	return s
}

// ShellSummary is the matrix's per-persona summary of shell rules: one "persona: posture" part
// per row, the bypassable ones first so that they are not lost at the end of a long line.
func ShellSummary(m *Matrix) string {
	var risky, rest []string
	for _, r := range m.Rows {
		part := r.Persona + ": " + strings.TrimPrefix(r.Shell.Summary(), "shell: ")
		if r.Shell.Form == engine.ShellDenyList {
			risky = append(risky, part)
		} else {
			rest = append(rest, part)
		}
	}
	if len(risky)+len(rest) == 0 {
		return ""
	}
	s := "Shell rules: " + strings.Join(append(risky, rest...), " · ")
	if len(risky) > 0 {
		s += ". " + strings.ToUpper(AllowListAdvice[:1]) + AllowListAdvice[1:] + "."
	}
	return s
}
