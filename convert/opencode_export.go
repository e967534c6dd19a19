package convert

import (
	"fmt"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// probeProject is the project folder OpenCode comparisons run in (under probeHome).
const probeProject = probeHome + "/project"

// ocWrappers are the command forms agentmgr looks through (docs/shell.md) and OpenCode
// matches as raw text: a bash rule is written again in each, right after itself, so that
// OpenCode decides `sudo rm x` as the persona decides `rm x`.
var ocWrappers = []string{"sudo %s", "sudo * %s", "env * %s", "nice %s", "nohup %s", "timeout * %s", "xargs %s",
	"bash -c '%s'", `bash -c "%s"`, "bash -lc '%s'", `bash -lc "%s"`, "sh -c '%s'", `sh -c "%s"`}

// ExportOpenCode converts persona p into an OpenCode agent file (agents/NAME.md) in the V1
// spelling, which OpenCode 1.18.33 reads. OpenCode decides the last matching rule, as agentmgr
// does, but from a list that starts with its own defaults (`* allow` first) and with a shell
// analysis of its own; the export writes the persona's catch-all first, collapses the keys
// OpenCode takes only an action for, writes extra rules for the command forms agentmgr looks
// through, and decides a set of probe calls both ways to report every call shape that still
// differs. An x-agentmgr block keeps the ordered rules, icon and colour for the way back. src
// is the persona file's text (nil for a built-in), read for what it keeps under x-opencode.
func ExportOpenCode(p *personas.Persona, src []byte) (*Export, error) {
	rep := newReport(p.Where(), "agents/"+p.Name+".md", EnforcedByFile)
	fm := yaml.MapSlice{{Key: "description", Value: p.Description}}
	rep.keep("name (the file name)", "description")
	kept := passthroughOf(src, "x-opencode")
	reportForeign(src, "x-opencode", rep)
	mode := "primary"
	if p.Type == personas.TypeSubagent {
		mode = "subagent"
	}
	if m, ok := get(kept, "mode"); ok && p.Type != personas.TypeSubagent {
		mode = str(m)
	}
	fm = append(fm, yaml.MapItem{Key: "mode", Value: mode})
	rep.keep("type (as mode)")
	if p.Color != "" {
		if p.Color == "dim" || p.Color == "muted" || p.Color == "borderAccent" {
			rep.change("color "+p.Color, p.Color, "x-agentmgr.color", "not an OpenCode theme colour; kept for the way back")
		} else {
			fm = append(fm, yaml.MapItem{Key: "color", Value: p.Color})
			rep.keep("color")
		}
	}
	if p.Steps > 0 {
		fm = append(fm, yaml.MapItem{Key: "steps", Value: p.Steps})
		rep.keep("steps")
	}
	if p.Hidden {
		fm = append(fm, yaml.MapItem{Key: "hidden", Value: true})
		rep.keep("hidden")
	}
	if p.Icon != "" {
		rep.change("icon "+p.Icon, p.Icon, "x-agentmgr.icon", "OpenCode agents have no icon; kept for the way back")
	}
	for _, it := range kept {
		if k := fmt.Sprint(it.Key); k != "mode" {
			fm = append(fm, it)
			rep.keep(k + " (from x-opencode)")
		}
	}
	verdicts := newRuleVerdicts(len(p.Rules))
	oc := openCodeRules(p.Rules, verdicts, rep)
	grouped, err := groupRules(oc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	fm = append(fm, yaml.MapItem{Key: "permission", Value: openCodePermission(grouped)})
	for _, r := range p.Rules {
		if r.Reason != "" {
			rep.change("reason of "+r.String(), r.Reason, "x-agentmgr", "OpenCode rules have no reason; the rule is enforced without it")
		}
	}
	fm = append(fm, yaml.MapItem{Key: agentmgrNS, Value: agentmgrBlock(p)})
	rep.keep(fmt.Sprintf("rules (%d, in order, after the persona's catch-all; all of them in x-agentmgr for the way back)", len(p.Rules)))

	pol := openCodePreview(p.Rules)
	theirs := append(ocBuiltinRules(probeHome), toOCRules(grouped)...)
	calls := openCodeCalls(p.Rules)
	compareCalls(calls,
		func(c ocCall) engine.Action { return pol.DecideKey(c.Key, c.Value).Action },
		func(c ocCall) engine.Action {
			return ocDecide(theirs, ocKeyFor(c.Key), c.Value, ocPlace{probeProject, probeHome})
		},
		"OpenCode decides", "OpenCode's shell analysis and defaults differ from agentmgr's (see docs/import-export.md)", rep)
	for _, c := range calls {
		d := pol.DecideKey(c.Key, c.Value)
		verdicts.markDecision(p.Rules, d, ocDecide(theirs, ocKeyFor(c.Key), c.Value, ocPlace{probeProject, probeHome}))
	}
	rep.Fidelity = verdicts.fidelity()

	y, err := yaml.MarshalWithOptions(fm, yaml.IndentSequence(true), yaml.UseLiteralStyleIfMultiline(true))
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write the agent file: %w", p.Name, err)
	}
	md := "---\n" + string(y) + "---\n"
	if p.Prompt != "" {
		md += strings.TrimSpace(p.Prompt) + "\n"
		rep.keep("prompt")
	}
	return &Export{Files: []File{{Path: "agents/" + p.Name + ".md", Data: []byte(md)}}, Report: rep}, nil
}

// openCodePreview is how agentmgr decides the persona's calls in a project, for comparisons.
func openCodePreview(rs engine.Ruleset) *engine.Policy {
	pol := &engine.Policy{Persona: engine.CompileWithHome(rs, probeHome)}
	return pol.At(&engine.Place{Cwd: probeProject, Project: probeProject, Home: probeHome})
}

// openCodeRules is the persona's rules as OpenCode needs them, in order.
func openCodeRules(rs engine.Ruleset, verdicts ruleVerdicts, rep *Report) engine.Ruleset {
	w := newOCRuleWriter(rs)
	var out engine.Ruleset
	if len(rs) == 0 || rs[0].Permission != "*" || rs[0].Pattern != "*" {
		out = append(out, engine.Rule{Permission: "*", Pattern: "*", Action: engine.Ask})
		rep.change("calls no rule matches", "allow (OpenCode's built-in * rule)", "ask, written first", "agentmgr asks when no rule of the persona matches; OpenCode would allow")
	}
	hasBashCatchAll := false
	for _, r := range rs {
		hasBashCatchAll = hasBashCatchAll || r.Permission == "bash" && r.Pattern == "*"
	}
	firstBash := true
	renamed := map[string]bool{}
	for i, r := range rs {
		r.Reason = ""
		k, ok := ocKey(r.Permission)
		if !ok {
			verdicts.mark(i, ruleLost)
			rep.lose("rule "+r.String(), "OpenCode names MCP tools server_tool, like other tools with an underscore: a rule over every MCP server has no spelling there")
			continue
		}
		if k != r.Permission {
			if !renamed[r.Permission] {
				renamed[r.Permission] = true
				rep.change("permission "+r.Permission, r.Permission, k, "OpenCode's name for the tool")
			}
			r.Permission = k
		}
		if r.Permission != "bash" {
			out = append(out, r)
			continue
		}
		if firstBash && !hasBashCatchAll {
			// Commands no bash rule matches get the catch-all's ask (or the persona's * rule).
			out = append(out, w.twins("*", w.unmatched)...)
			out = append(out, w.mentionTwins("*", w.unmatched)...)
		}
		firstBash = false
		out = append(out, r)
		out = append(out, w.twins(r.Pattern, r.Action)...)
		out = append(out, w.mentionTwins(r.Pattern, r.Action)...)
		out = append(out, w.wrapped(r)...)
	}
	shellRuns := w.report(rs, rep)
	out = collapseActionOnly(out, rs, w.pol, verdicts, rep)
	if !shellRuns {
		return out
	}
	rep.change("bash path arguments", "decided by the bash rules", "outside the project also external_directory", "OpenCode asks external_directory for the path arguments of rm, cp, mv, mkdir, touch, chmod, chown, cat and cd; it cannot be told otherwise")
	return out
}

// ocRuleWriter writes the bash rules OpenCode needs besides the persona's own, so that its
// raw-text matching decides what agentmgr's shell analysis decides: redirected twins, mention
// twins and wrapped forms.
type ocRuleWriter struct {
	pol       *engine.Policy
	edit      engine.Action  // the edit answer for a file no edit rule names
	editRules engine.Ruleset // the edit rules with a pattern
	mentions  []string
	unmatched engine.Action // the answer for a command no bash rule matches
	mentioned bool          // a mention twin was written
	wrapping  bool          // a wrapped form was written
}

func newOCRuleWriter(rs engine.Ruleset) *ocRuleWriter {
	pol := openCodePreview(rs)
	w := &ocRuleWriter{pol: pol, edit: pol.DecideKey("edit", "zz/other").Action, mentions: ocMentions(rs),
		unmatched: pol.DecideShell("bash", "zz-unmatched").Action}
	for _, r := range rs {
		if r.Permission == "edit" && r.Pattern != "*" {
			w.editRules = append(w.editRules, r)
		}
	}
	return w
}

// twins: agentmgr decides a redirection's file as an edit too, the strictest answer winning;
// OpenCode sees only the command's text. Each bash rule gets a redirected twin right after it
// with the stricter of its action and the edit's, so that the twin decides a redirected
// command wherever the rule would.
func (w *ocRuleWriter) twins(pat string, a engine.Action) engine.Ruleset {
	var out engine.Ruleset
	for _, op := range []string{" > ", " >> "} {
		out = append(out, engine.Rule{Permission: "bash", Pattern: pat + op + "*", Action: engine.Stricter(a, w.edit)})
		for _, e := range w.editRules {
			out = append(out, engine.Rule{Permission: "bash", Pattern: pat + op + e.Pattern, Action: engine.Stricter(a, e.Action)})
		}
	}
	return out
}

// mentionTwins: agentmgr's closed world asks for a command that mentions, as a later word, a
// program the bash rules deny or ask (`go build rm -rf x`); OpenCode sees only the text. Each
// allow rule gets mention twins right after it that ask, so they tighten only commands that
// rule allowed and every later rule still decides as it did.
func (w *ocRuleWriter) mentionTwins(pat string, a engine.Action) engine.Ruleset {
	if a != engine.Allow || len(w.mentions) == 0 {
		return nil
	}
	var bases []string
	if pat == "*" {
		bases = []string{"*"}
	} else if b, ok := strings.CutSuffix(pat, " *"); ok {
		bases = []string{b, b + " *"}
	} else {
		return nil
	}
	var out engine.Ruleset
	for _, b := range bases {
		for _, m := range w.mentions {
			// Only where agentmgr asks for such a command: a program that mentions itself
			// (`git git push x`) is not a mention to it.
			sample := strings.ReplaceAll(b, "*", "x") + " " + m + " x"
			if w.pol.DecideShell("bash", sample).Action == engine.Allow {
				continue
			}
			w.mentioned = true
			out = append(out,
				engine.Rule{Permission: "bash", Pattern: b + " " + m + " *", Action: engine.Ask},
				engine.Rule{Permission: "bash", Pattern: b + " " + m, Action: engine.Ask})
		}
	}
	return out
}

// wrapped: agentmgr looks through wrappers for what they run, and decides the wrapper too (its
// command can only be stricter than the wrapper's own answer): a deny or ask of the command
// holds in every wrapper, an allow does not reach through.
func (w *ocRuleWriter) wrapped(r engine.Rule) engine.Ruleset {
	if r.Pattern == "*" || r.Action == engine.Allow || strings.ContainsAny(r.Pattern, `'"`) {
		return nil
	}
	w.wrapping = true
	var out engine.Ruleset
	for _, form := range ocWrappers {
		a := engine.Stricter(r.Action, w.unmatched)
		out = append(out, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf(form, r.Pattern), Action: a})
		// Inside quotes a trailing " *" is no longer optional: the bare command too.
		if bare, ok := strings.CutSuffix(r.Pattern, " *"); ok && (strings.HasSuffix(form, "'") || strings.HasSuffix(form, `"`)) {
			out = append(out, engine.Rule{Permission: "bash", Pattern: fmt.Sprintf(form, bare), Action: a})
		}
	}
	return out
}

// report names in rep the kinds of rules written, and says whether the persona runs any
// shell command at all.
func (w *ocRuleWriter) report(rs engine.Ruleset, rep *Report) bool {
	if w.mentioned {
		rep.change("bash mentions", "a command that mentions a program the bash rules deny or ask ("+strings.Join(w.mentions, ", ")+") asks wherever the mention stands",
			"each bash allow rule P * written again as P M *, P M, P * M *, P * M: ask for each such program M", "OpenCode matches a command's raw text")
	}
	if w.wrapping {
		rep.change("bash wrappers", "agentmgr looks through sudo, env, nice, nohup, timeout, xargs, bash -c, sh -c", "each bash deny and ask rule written again in those forms", "OpenCode matches a command's raw text")
	}
	shellRuns := w.unmatched != engine.Deny
	for _, r := range rs {
		shellRuns = shellRuns || r.Permission == "bash" && r.Action != engine.Deny
	}
	if w.edit != engine.Allow && shellRuns {
		rep.change("redirections", "decided as edits of their file", "each bash rule written again with \" > FILE\" and \" >> FILE\" for the edit rules' paths, at least "+string(w.edit)+" elsewhere", "OpenCode does not look at a redirection's file")
	}
	return shellRuns
}

// ocMentions are the programs (with the literal words after them) the persona's bash rules
// deny or ask, as agentmgr's closed world watches for them, in rule order.
func ocMentions(rs engine.Ruleset) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range rs {
		if r.Permission != "bash" || r.Action == engine.Allow || engine.IsCatchAll(r.Pattern) {
			continue
		}
		var words []string
		for w := range strings.FieldsSeq(r.Pattern) {
			if strings.ContainsAny(w, "*?") {
				break
			}
			words = append(words, w)
		}
		if m := strings.Join(words, " "); m != "" && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// collapseActionOnly writes one action for each key OpenCode takes only an action for: the
// strictest the persona gives any call of that key, where the key's first rule stood.
func collapseActionOnly(out, orig engine.Ruleset, pol *engine.Policy, verdicts ruleVerdicts, rep *Report) engine.Ruleset {
	keys := map[string]bool{}
	for _, r := range out {
		if ocActionOnly[r.Permission] && r.Pattern != "*" {
			keys[r.Permission] = true
		}
	}
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		strict := pol.Decide(keyFromOpenCode(k), "zz-unmatched").Action
		var pats []string
		for _, r := range out {
			if r.Permission == k {
				strict = engine.Stricter(strict, r.Action)
				pats = append(pats, r.Pattern+" "+string(r.Action))
			}
		}
		var next engine.Ruleset
		placed := false
		for _, r := range out {
			if r.Permission != k {
				next = append(next, r)
				continue
			}
			if !placed {
				next = append(next, engine.Rule{Permission: k, Pattern: "*", Action: strict})
				placed = true
			}
		}
		out = next
		for i, r := range orig {
			if ocKeyFor(r.Permission) == k && r.Action != strict {
				verdicts.mark(i, ruleStricter)
			}
		}
		rep.change("permission "+k, strings.Join(pats, ", "), string(strict), "OpenCode takes only an action for "+k+" (a pattern map makes it refuse the whole configuration); the strictest of the persona's answers")
	}
	return out
}

// openCodePermission writes grouped rules as OpenCode's permission map: `key: action` for a
// lone `*` rule, else `key: {pattern: action, ...}`.
func openCodePermission(rules engine.Ruleset) yaml.MapSlice {
	perm := yaml.MapSlice{}
	for i := 0; i < len(rules); {
		j := i
		for j < len(rules) && rules[j].Permission == rules[i].Permission {
			j++
		}
		group := rules[i:j]
		if len(group) == 1 && group[0].Pattern == "*" {
			perm = append(perm, yaml.MapItem{Key: group[0].Permission, Value: string(group[0].Action)})
		} else {
			m := yaml.MapSlice{}
			for _, r := range group {
				m = append(m, yaml.MapItem{Key: r.Pattern, Value: string(r.Action)})
			}
			perm = append(perm, yaml.MapItem{Key: group[0].Permission, Value: m})
		}
		i = j
	}
	return perm
}

func toOCRules(rs engine.Ruleset) []ocRule {
	out := make([]ocRule, len(rs))
	for i, r := range rs {
		out[i] = ocRule{r.Permission, r.Pattern, r.Action}
	}
	return out
}

// ocCall is one call of a comparison: agentmgr's permission key and the value.
type ocCall struct{ Key, Value string }

// ocMixedCalls are the calls every exported persona is decided on besides its own probes:
// everyday and risky commands (wrapped, chained, redirected, outside the project), paths in
// and outside the project, and the other tools.
var ocMixedCalls = []ocCall{
	{"bash", "ls"}, {"bash", "ls -la"}, {"bash", "git status"}, {"bash", "git diff HEAD"},
	{"bash", "git push origin main"}, {"bash", "git push --force origin main"}, {"bash", "git log --oneline"},
	{"bash", "git reset --hard HEAD~1"}, {"bash", "rm -rf build"}, {"bash", "rm x"}, {"bash", "sudo rm -rf /"},
	{"bash", "sudo ls"}, {"bash", "env A=1 rm x"}, {"bash", "bash -c 'rm x'"}, {"bash", `sh -c "git push"`},
	{"bash", "echo hi > notes.md"}, {"bash", "echo hi >> docs/a.md"}, {"bash", "cat README.md"},
	{"bash", "cat /etc/hosts"}, {"bash", "go test ./..."}, {"bash", "go build ./..."}, {"bash", "make build"},
	{"bash", "npm test"}, {"bash", "curl https://example.com"}, {"bash", "git status && rm x"},
	{"bash", "ls | grep x"}, {"bash", "mkdir -p build/out"}, {"bash", "touch /tmp/x"}, {"bash", "echo $(whoami)"},
	{"bash", "npm run build"}, {"bash", "go vet ./..."}, {"bash", "git add -A"}, {"bash", "git commit -m wip"},
	{"bash", "grep -rn TODO ."}, {"bash", "head -n 5 README.md"}, {"bash", "wc -l main.go"}, {"bash", "pwd"},
	{"bash", "python3 script.py"}, {"bash", "which go"},
	{"read", "src/a.go"}, {"read", ".env"}, {"read", "src/.env"}, {"read", "secrets/key"}, {"read", "README.md"},
	{"read", "/etc/passwd"}, {"read", "~/.ssh/id_rsa"},
	{"edit", "src/a.go"}, {"edit", "docs/x.md"}, {"edit", "README.md"}, {"edit", ".env"}, {"edit", "secrets/a"},
	{"edit", "/etc/hosts"}, {"grep", "TODO"}, {"glob", "**/*.go"}, {"list", "src"},
	{"webfetch", "https://go.dev/doc/"}, {"webfetch", "https://example.com/"}, {"websearch", "golang generics"},
	{"websearch", "rust"}, {"task", "general"}, {"task", "reviewer"}, {"todo", ""}, {"question", ""},
	{"mcp__github__create_issue", ""}, {"mcp__github__delete_repo", ""}, {"mcp__slack__post", ""}, {"skill", "x"},
}

// openCodeCalls are the calls an OpenCode export is checked with: the mixed calls, the probe
// calls, every bash
// rule's pattern in the wrapper forms and with a redirection, and file commands outside the
// project.
func openCodeCalls(rs engine.Ruleset) []ocCall {
	seen := map[ocCall]bool{}
	var out []ocCall
	add := func(c ocCall) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	for _, c := range ocMixedCalls {
		add(c)
	}
	for _, p := range probesFor(rs) {
		// An empty command runs nothing; OpenCode does not ask for it.
		if k := claudeKey(p.Tool); k != "bash" || p.Value != "" {
			add(ocCall{k, p.Value})
		}
	}
	for _, r := range rs {
		if r.Permission != "bash" || r.Pattern == "*" {
			continue
		}
		v := strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(r.Pattern, "?", "q"), "*", "x"))
		for _, w := range []string{"sudo %s", "env A=1 %s", "bash -c '%s'", "%s > out.txt"} {
			add(ocCall{"bash", fmt.Sprintf(w, v)})
		}
	}
	return out
}

// compareCalls is compareDecisions for calls named by permission key.
func compareCalls(calls []ocCall, ours, theirs func(ocCall) engine.Action, label, why string, rep *Report) {
	var probes []Probe
	byProbe := map[Probe]ocCall{}
	for _, c := range calls {
		p := Probe{Tool: c.Key, Value: c.Value}
		probes = append(probes, p)
		byProbe[p] = c
	}
	compareDecisions(probes,
		func(p Probe) engine.Action { return ours(byProbe[p]) },
		func(p Probe) engine.Action { return theirs(byProbe[p]) }, label, why, rep)
}
