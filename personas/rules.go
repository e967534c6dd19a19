package personas

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/engine"
)

// permissions is what a permissions field says, before expansion.
type permissions struct {
	form   Form
	preset string
	legacy []string
	rules  engine.Ruleset
}

// sourceFunc gives the source of a rule written on a line of the file.
type sourceFunc func(line int) engine.Source

// permissions reads the three forms of docs/rules.md; field is "permissions" or
// "permission", as written, for messages.
func (r *reader) permissions(field string, mv *ast.MappingValueNode, src sourceFunc) (permissions, bool) {
	n := mv.Value
	before := len(Errors(r.probs))
	var out permissions
	switch v := unwrap(n).(type) {
	case *ast.MappingNode:
		out.form = FormRules
		out.rules = r.ruleMap(field, v, src)
	case *ast.SequenceNode:
		out.form = FormLegacy
		for i, item := range v.Values {
			w, null, ok := scalarText(item)
			if !ok || null {
				r.fieldf(Error, fmt.Sprintf("%s[%d]", field, i), item, "expected a legacy permission word (%s), got %s", strings.Join(builtin.LegacyWords, ", "), kindOf(item))
				continue
			}
			if !slices.Contains(builtin.LegacyWords, strings.ToLower(strings.TrimSpace(w))) {
				r.fieldf(Error, fmt.Sprintf("%s[%d]", field, i), item, "unknown legacy permission %q; expected one of %s", w, strings.Join(builtin.LegacyWords, ", "))
				continue
			}
			out.legacy = append(out.legacy, w)
		}
		if len(Errors(r.probs)) == before {
			rs, err := builtin.Legacy(out.legacy)
			if err != nil {
				r.fieldf(Error, field, n, "%v", err)
			}
			out.rules = rs
		}
		if out.legacy == nil {
			out.legacy = []string{}
		}
	default:
		s, null, ok := scalarText(n)
		if null {
			r.fieldf(Error, field, valueOrKey(mv), "is empty; expected a preset (read, plan or build), a list of legacy words, or a map of rules")
			return out, false
		}
		if !ok {
			r.fieldf(Error, field, n, "expected a preset (read, plan or build), a list of legacy words, or a map of rules, got %s", kindOf(n))
			return out, false
		}
		out.form = FormPreset
		out.preset = strings.ToLower(strings.TrimSpace(s))
		rs, err := builtin.Preset(out.preset)
		if err != nil {
			r.fieldf(Error, field, n, "unknown preset %q; expected read, plan or build, a list of legacy words, or a map of rules", s)
			return out, false
		}
		out.rules = rs
	}
	return out, len(Errors(r.probs)) == before
}

// ruleMap reads a rule map in file order: `key: action`, `key: {pattern: action, ...}`, where an
// action is a word or {action: WORD, reason: TEXT}.
func (r *reader) ruleMap(prefix string, m *ast.MappingNode, src sourceFunc) engine.Ruleset {
	rs := engine.Ruleset{}
	for _, e := range r.entries(prefix, m) {
		keyPath := pathJoin(prefix, e.key)
		if e.key == "" {
			r.fieldf(Error, keyPath, e.mv, "empty permission key; name a permission such as bash or edit, or * for all")
			continue
		}
		keyLine, _ := nodePos(e.mv)
		if inner, ok := unwrap(e.mv.Value).(*ast.MappingNode); ok && !isActionObject(inner) {
			for _, pe := range r.entries(keyPath, inner) {
				patPath := pathJoin(keyPath, pe.key)
				a, ok := r.action(patPath, pe.mv)
				if !ok {
					continue
				}
				line, _ := nodePos(pe.mv)
				rs = append(rs, engine.Rule{Permission: e.key, Pattern: pe.key, Action: a.act, Reason: a.reason, NoEffects: a.noEffects, Source: src(line + r.lineOff)})
			}
			continue
		}
		a, ok := r.action(keyPath, e.mv)
		if !ok {
			continue
		}
		rs = append(rs, engine.Rule{Permission: e.key, Pattern: "*", Action: a.act, Reason: a.reason, NoEffects: a.noEffects, Source: src(keyLine + r.lineOff)})
	}
	return rs
}

// isActionObject tells {action: deny, reason: "..."} from a map of patterns: a map with an
// `action` key whose value is a scalar is an action. (A pattern that is the bare word
// "action" cannot be written in a pattern map; "action *" matches the same commands.)
func isActionObject(m *ast.MappingNode) bool {
	for _, mv := range m.Values {
		if k, ok := keyText(mv); ok && k == "action" {
			_, _, scalar := scalarText(mv.Value)
			return scalar
		}
	}
	return false
}

// parsedAction is an action word, or an action object's fields.
type parsedAction struct {
	act       engine.Action
	reason    string
	noEffects bool // effects: false
}

// action reads an action word or an action object: {action: WORD, reason: TEXT, effects: BOOL}.
func (r *reader) action(path string, mv *ast.MappingValueNode) (parsedAction, bool) {
	n := mv.Value
	if m, ok := unwrap(n).(*ast.MappingNode); ok {
		if !isActionObject(m) {
			r.fieldf(Error, path, n, "expected an action (allow, ask or deny) or {action: deny, reason: \"...\"}, got a map of patterns; patterns nest one level only")
			return parsedAction{}, false
		}
		var out parsedAction
		ok := true
		for _, e := range r.entries(path, m) {
			switch e.key {
			case "action":
				s, _, _ := scalarText(e.mv.Value)
				a, err := engine.ParseAction(s)
				if err != nil {
					r.fieldf(Error, path, e.mv.Value, "%v", err)
					ok = false
				}
				out.act = a
			case "reason":
				s, null, isScalar := scalarText(e.mv.Value)
				if !isScalar {
					r.fieldf(Error, path+".reason", e.mv.Value, "expected text, got %s", kindOf(e.mv.Value))
					ok = false
				} else if !null {
					out.reason = s
				}
			case "effects":
				// effects: false makes a bash rule mean only the commands its pattern matches,
				// not the other forms of its effect (docs/shell.md, "Effect families").
				s, null, isScalar := scalarText(e.mv.Value)
				switch {
				case isScalar && !null && (s == "true" || s == "false"):
					out.noEffects = s == "false"
				default:
					r.fieldf(Error, path+".effects", e.mv.Value, "expected true or false, got %s", kindOf(e.mv.Value))
					ok = false
				}
			default:
				r.fieldf(Error, pathJoin(path, e.key), e.mv, "unknown field of an action; expected action, reason and effects")
				ok = false
			}
		}
		return out, ok
	}
	s, null, ok := scalarText(n)
	if !ok || null {
		r.fieldf(Error, path, valueOrKey(mv), "expected an action (allow, ask or deny), got %s", kindOf(n))
		return parsedAction{}, false
	}
	a, err := engine.ParseAction(s)
	if err != nil {
		r.fieldf(Error, path, n, "%v", err)
		return parsedAction{}, false
	}
	return parsedAction{act: a}, true
}

// parseFile parses a whole YAML (or JSON) file of r's, or reports in r's problems why it
// cannot: text that is not UTF-8, or YAML that does not parse.
func (r *reader) parseFile(data []byte) (*ast.File, bool) {
	if !r.checkUTF8(data) {
		return nil, false
	}
	f, err := parseYAML(data)
	if err != nil {
		r.yamlError(err)
		return nil, false
	}
	return f, true
}

// ParseRuleMap reads a YAML file that is only a rule map (a guards.yaml), in the same form as a
// persona's permissions map. Each rule's source is {FromGuard, path, line}.
func ParseRuleMap(path string, data []byte) (engine.Ruleset, []Problem) {
	r := &reader{file: path}
	f, ok := r.parseFile(data)
	if !ok {
		return nil, r.probs
	}
	var body ast.Node
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			if _, isComment := d.Body.(*ast.CommentGroupNode); !isComment {
				body = d.Body
				break
			}
		}
	}
	if body == nil {
		return engine.Ruleset{}, r.probs
	}
	m, ok := unwrap(body).(*ast.MappingNode)
	if !ok {
		r.errorf(body, "expected a map of rules (permission: action, or permission: {pattern: action}), got %s", kindOf(body))
		return nil, r.probs
	}
	rs := r.ruleMap("", m, func(line int) engine.Source {
		return engine.Source{Kind: engine.FromGuard, Name: path, Line: line}
	})
	if r.failed() {
		return nil, r.probs
	}
	return rs, r.probs
}
