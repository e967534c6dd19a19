package convert

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/agentmgr/agentmgr/engine"
)

// starCall is one top-level call of a Codex rules file: prefix_rule(pattern = [...], ...).
type starCall struct {
	Name      string
	Args      map[string]any // string, or []any of values
	Line, Col int
}

// parseCodexRules reads the Starlark subset Codex rules files are written in: top-level calls
// with keyword arguments whose values are strings and (nested) lists of strings; comments start
// with #. Anything else is an error naming the line and column.
func parseCodexRules(source, text string) ([]starCall, error) {
	p := &starParser{src: text, line: 1, col: 1, source: source}
	var out []starCall
	for {
		p.space()
		if p.eof() {
			return out, nil
		}
		line, col := p.line, p.col
		name := p.ident()
		if name == "" {
			return nil, p.errf("expected a call such as prefix_rule(...)")
		}
		p.space()
		if !p.take('(') {
			return nil, p.errf("expected ( after %s", name)
		}
		c := starCall{Name: name, Args: map[string]any{}, Line: line, Col: col}
		for {
			p.space()
			if p.take(')') {
				break
			}
			key := p.ident()
			if key == "" {
				return nil, p.errf("expected a keyword argument (name = value)")
			}
			p.space()
			if !p.take('=') {
				return nil, p.errf("expected = after %s", key)
			}
			v, err := p.value(0)
			if err != nil {
				return nil, err
			}
			c.Args[key] = v
			p.space()
			if p.take(',') {
				continue
			}
			p.space()
			if !p.take(')') {
				return nil, p.errf("expected , or ) in %s(...)", name)
			}
			break
		}
		out = append(out, c)
	}
}

type starParser struct {
	src       string
	i         int
	line, col int
	source    string
}

func (p *starParser) eof() bool { return p.i >= len(p.src) }

func (p *starParser) errf(format string, a ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", p.source, p.line, p.col, fmt.Sprintf(format, a...))
}

func (p *starParser) advance() {
	if p.src[p.i] == '\n' {
		p.line, p.col = p.line+1, 1
	} else {
		p.col++
	}
	p.i++
}

func (p *starParser) space() {
	for !p.eof() {
		switch c := p.src[p.i]; {
		case c == '#':
			for !p.eof() && p.src[p.i] != '\n' {
				p.advance()
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.advance()
		default:
			return
		}
	}
}

func (p *starParser) take(c byte) bool {
	if !p.eof() && p.src[p.i] == c {
		p.advance()
		return true
	}
	return false
}

func (p *starParser) ident() string {
	start := p.i
	for !p.eof() {
		c := p.src[p.i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || p.i > start && c >= '0' && c <= '9' {
			p.advance()
			continue
		}
		break
	}
	return p.src[start:p.i]
}

func (p *starParser) value(depth int) (any, error) {
	if depth > 8 {
		return nil, p.errf("lists nested too deep")
	}
	p.space()
	if p.eof() {
		return nil, p.errf("expected a value")
	}
	switch c := p.src[p.i]; c {
	case '"', '\'':
		return p.str(c)
	case '[':
		p.advance()
		list := []any{}
		for {
			p.space()
			if p.take(']') {
				return list, nil
			}
			v, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
			p.space()
			if p.take(',') {
				continue
			}
			if !p.take(']') {
				return nil, p.errf("expected , or ] in a list")
			}
			return list, nil
		}
	}
	return nil, p.errf("expected a string or a list")
}

func (p *starParser) str(q byte) (string, error) {
	start := p.i
	p.advance()
	for !p.eof() {
		c := p.src[p.i]
		if c == '\\' && p.i+1 < len(p.src) {
			p.advance()
			p.advance()
			continue
		}
		if c == '\n' {
			break
		}
		p.advance()
		if c == q {
			raw := p.src[start:p.i]
			if q == '\'' {
				raw = `"` + strings.ReplaceAll(strings.ReplaceAll(raw[1:len(raw)-1], `"`, `\"`), `\'`, `'`) + `"`
			}
			s, err := strconv.Unquote(raw)
			if err != nil {
				return "", p.errf("a string Starlark would not read: %s", raw)
			}
			return s, nil
		}
	}
	return "", p.errf("a string that does not end on its line")
}

// ImportCodexRules converts a Codex rules file into one persona named name. Codex decides the
// strictest matching prefix rule, so the rules are written as allow, then ask (prompt), then
// deny rules (the order that decides the same under last match); token alternatives become
// one rule each; the match and not_match examples become the persona's examples, each under
// the answer the imported rules give it. Reads are allowed (Codex's sandbox reads the
// workspace); everything else asks, as the approval policy would.
func ImportCodexRules(source, name string, data []byte) (*Item, error) {
	if err := checkUTF8(source, data); err != nil {
		return nil, err
	}
	calls, err := parseCodexRules(source, string(data))
	if err != nil {
		return nil, err
	}
	rep := newReport(source, "", EnforcedByFile)
	d := &Draft{Description: "Imported from the Codex rules " + source}
	d.Name = nameFor(name, rep)
	rep.Target = d.Name
	rep.change("description", "", d.Description, "a persona needs a description; a rules file has none")
	tiers := map[engine.Action]engine.Ruleset{}
	var examples [][]string
	for _, c := range calls {
		at := fmt.Sprintf("%s:%d:%d", source, c.Line, c.Col)
		if c.Name != "prefix_rule" {
			rep.lose(at+" "+c.Name, "not a prefix rule; agentmgr has no equivalent")
			continue
		}
		pat, ok := c.Args["pattern"].([]any)
		if !ok || len(pat) == 0 {
			return nil, fmt.Errorf("%s: prefix_rule: expected pattern = [\"token\", ...]", at)
		}
		dec, _ := c.Args["decision"].(string)
		a, ok := map[string]engine.Action{"allow": engine.Allow, "prompt": engine.Ask, "forbidden": engine.Deny, "": engine.Allow}[dec]
		if !ok {
			return nil, fmt.Errorf("%s: prefix_rule: decision %q: expected allow, prompt or forbidden", at, dec)
		}
		prefixes, err := expandTokens(at, pat)
		if err != nil {
			return nil, err
		}
		for _, toks := range prefixes {
			tiers[a] = append(tiers[a], engine.Rule{Permission: "bash", Pattern: strings.Join(toks, " ") + " *", Action: a})
		}
		for _, k := range []string{"match", "not_match"} {
			for _, e := range asList(c.Args[k]) {
				switch x := e.(type) {
				case []any:
					var words []string
					for _, w := range x {
						words = append(words, str(w))
					}
					examples = append(examples, words)
				case string:
					examples = append(examples, strings.Fields(x))
				}
			}
		}
		if j, ok := c.Args["justification"].(string); ok && j != "" {
			for i := range tiers[a][len(tiers[a])-len(prefixes):] {
				tiers[a][len(tiers[a])-len(prefixes)+i].Reason = j
			}
		}
		for k := range c.Args {
			if k != "pattern" && k != "decision" && k != "match" && k != "not_match" && k != "justification" {
				rep.lose(at+" "+k, "a prefix_rule argument agentmgr has no equivalent for")
			}
		}
	}
	d.Rules = engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Ask}}
	for _, k := range []string{"read", "grep", "glob", "list"} {
		d.Rules = append(d.Rules, engine.Rule{Permission: k, Pattern: "*", Action: engine.Allow})
	}
	rep.change("tools other than the shell", "Codex's sandbox and approval policy", "reads allowed, the rest asks", "a rules file governs shell commands only")
	n := 0
	for _, a := range []engine.Action{engine.Allow, engine.Ask, engine.Deny} {
		d.Rules = append(d.Rules, tiers[a]...)
		n += len(tiers[a])
	}
	rep.keep(fmt.Sprintf("prefix rules (%d, as allow, then ask, then deny: Codex decides the strictest)", n))
	pol := probePolicy(d.Rules)
	seen := map[string]bool{}
	for _, words := range examples {
		v := strings.Join(words, " ")
		if seen[v] || v == "" {
			continue
		}
		seen[v] = true
		d.Examples = append(d.Examples, exampleItem{Expect: pol.DecideShell("bash", v).Action, Call: "bash: " + v})
	}
	order := map[engine.Action]int{engine.Allow: 0, engine.Ask: 1, engine.Deny: 2}
	sort.SliceStable(d.Examples, func(i, j int) bool { return order[d.Examples[i].Expect] < order[d.Examples[j].Expect] })
	if len(d.Examples) > 0 {
		rep.change("match, not_match", "Codex's checks of each rule", fmt.Sprintf("%d examples", len(d.Examples)), "each under the answer the imported rules give it")
	}
	return &Item{Draft: d, Report: rep}, nil
}

// expandTokens expands a pattern's token alternatives (["git", ["push", "fetch"]]) into every
// prefix they stand for.
func expandTokens(at string, pat []any) ([][]string, error) {
	out := [][]string{nil}
	for _, t := range pat {
		var alts []string
		switch x := t.(type) {
		case string:
			alts = []string{x}
		case []any:
			for _, a := range x {
				s, ok := a.(string)
				if !ok {
					return nil, fmt.Errorf("%s: prefix_rule: a token alternative must be a list of strings", at)
				}
				alts = append(alts, s)
			}
		}
		if len(alts) == 0 {
			return nil, fmt.Errorf("%s: prefix_rule: an empty token", at)
		}
		var next [][]string
		for _, o := range out {
			for _, a := range alts {
				if strings.ContainsAny(a, "*? ") {
					return nil, fmt.Errorf("%s: prefix_rule: token %q holds a space or a wildcard, which a persona pattern would read otherwise", at, a)
				}
				next = append(next, append(append([]string(nil), o...), a))
			}
		}
		if len(next) > 256 {
			return nil, fmt.Errorf("%s: prefix_rule: the token alternatives stand for more than 256 prefixes", at)
		}
		out = next
	}
	return out, nil
}
