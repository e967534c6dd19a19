package convert

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
)

// codexGlobalFlags are global options without a value that git takes before its subcommand
// (git --no-pager push); the ones taking a value come from the shell analysis's table
// (shell.GlobalOptions).
var codexGlobalFlags = map[string][]string{
	"git": {"--no-pager", "-p", "--paginate", "-P", "--bare", "--no-replace-objects", "--literal-pathspecs",
		"--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs", "--no-optional-locks", "--no-lazy-fetch", "--no-advice"},
}

// codexGlobalOptionRules writes, for each program a deny or ask rule names with its subcommand
// (git push), a rule with the same decision for the program followed by any of its global
// options: agentmgr decides git -C sub push as git push, and Codex's prefix [git, push] does not
// match it, so without this rule Codex would allow it. The rule holds back every command of the
// program given such an option, which the persona may allow (stricter), and an option written
// with its value in one word (--git-dir=x) is not matched (looser): the report says both.
func codexGlobalOptionRules(pol *codexPolicy, entries []codexEntry, verdicts ruleVerdicts, rep *Report) {
	done := map[string]bool{}
	var progs []string
	for _, e := range entries {
		if e.action == engine.Allow || len(e.prefix) < 2 {
			continue
		}
		prog := e.prefix[0]
		opts := append(shell.GlobalOptions(prog), codexGlobalFlags[prog]...)
		if len(opts) == 0 {
			continue
		}
		// The rule holds git -C DIR push back, not git --git-dir=DIR push.
		verdicts.mark(e.idx, ruleLooser)
		key := prog + " " + string(e.action)
		if done[key] {
			continue
		}
		done[key] = true
		slices.Sort(opts)
		pol.Rules = append(pol.Rules, codexRule{
			Decision: codexDecision(e.action),
			Pattern:  [][]string{{prog}, slices.Compact(opts)},
			Comment:  fmt.Sprintf("agentmgr: %s with a global option before its subcommand (%s %s ... %s), which Codex's prefix rules cannot skip", prog, prog, opts[0], strings.Join(e.prefix[1:], " ")),
		})
		if !slices.Contains(progs, prog) {
			progs = append(progs, prog)
		}
	}
	if len(progs) > 0 {
		rep.change("global options", "looked through by agentmgr (git -C DIR push is git push)",
			"a rule for "+strings.Join(progs, ", ")+" followed by any of its global options",
			"Codex matches the argv prefix only, so a deny or ask of a subcommand also holds back every command of the program given a global option before its subcommand (stricter); an option and its value written as one word (--git-dir=DIR) is not matched (looser)")
	}
}
