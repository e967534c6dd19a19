package personas

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/agentmgr/agentmgr/engine"
)

// ExamplesField is the frontmatter key of a persona's examples. Other tools that read the same
// folder ignore it (pi-agent-manager skips keys it does not know).
const ExamplesField = "examples"

// Example is one call a persona's rules are expected to decide a certain way: an item of the
// `examples:` block, such as "bash: git push origin main" under `ask`.
type Example struct {
	Expect engine.Action // the key the item is listed under: allow, ask or deny
	Tool   string        // the tool called, as an agent names it (bash, read, mcp__x__y)
	Value  string        // the call's value; "" for a call without one
	// Line and Col locate the item in the file (1-based), for messages that point at it.
	Line, Col int
}

// String is the example as it is written in the block: "TOOL: VALUE", or "TOOL".
func (e Example) String() string {
	if e.Value == "" {
		return e.Tool
	}
	return e.Tool + ": " + e.Value
}

// ParseExample reads one example item, "TOOL: VALUE" or a bare "TOOL". The tool is the text
// before the first colon, which must be one word; the value is the rest with the spaces around
// it trimmed, so that "bash: echo a:b" is the tool bash with the value "echo a:b".
func ParseExample(s string) (tool, value string, err error) {
	tool, value, _ = strings.Cut(s, ":")
	tool, value = strings.TrimSpace(tool), strings.TrimSpace(value)
	switch {
	case tool == "":
		return "", "", fmt.Errorf("%q names no tool; expected \"TOOL: VALUE\" or a bare \"TOOL\"", s)
	case strings.ContainsAny(tool, " \t\r\n"):
		return "", "", fmt.Errorf("%q: the tool %q is not one word; expected \"TOOL: VALUE\" or a bare \"TOOL\"", s, tool)
	}
	return tool, value, nil
}

// examples reads the `examples:` block: a map with the keys allow, ask and deny, each a list of
// "TOOL: VALUE" strings. An item that YAML reads as a one-entry map (`- bash: git status`, or
// `[bash: git status]` in a flow list) is read as the same example: that is what it looks like.
func (r *reader) examples(e *entry) []Example {
	m, ok := unwrap(e.mv.Value).(*ast.MappingNode)
	if !ok {
		if _, null, _ := scalarText(e.mv.Value); null {
			return nil
		}
		r.fieldf(Error, e.key, e.mv.Value, "expected a map with the keys allow, ask and deny, each a list of \"TOOL: VALUE\", got %s", kindOf(e.mv.Value))
		return nil
	}
	var out []Example
	for _, k := range r.entries(ExamplesField, m) {
		path := pathJoin(ExamplesField, k.key)
		act, err := engine.ParseAction(k.key)
		if err != nil {
			r.fieldf(Error, path, k.mv, "unknown key; expected allow, ask or deny")
			continue
		}
		var items []ast.Node
		switch v := unwrap(k.mv.Value).(type) {
		case *ast.SequenceNode:
			items = v.Values
		default:
			_, null, ok := scalarText(k.mv.Value)
			if null {
				continue
			}
			if !ok {
				r.fieldf(Error, path, k.mv.Value, "expected a list of \"TOOL: VALUE\", got %s", kindOf(k.mv.Value))
				continue
			}
			// One example written without the list brackets.
			items = []ast.Node{k.mv.Value}
		}
		for i, item := range items {
			if ex, ok := r.example(fmt.Sprintf("%s[%d]", path, i), item, act); ok {
				out = append(out, ex)
			}
		}
	}
	return out
}

// example reads one item of an examples list.
func (r *reader) example(path string, item ast.Node, act engine.Action) (Example, bool) {
	line, col := nodePos(item)
	ex := Example{Expect: act, Line: line + r.lineOff, Col: col}
	if m, ok := unwrap(item).(*ast.MappingNode); ok && len(m.Values) == 1 {
		tool, okKey := keyText(m.Values[0])
		value, null, okVal := scalarText(m.Values[0].Value)
		if okKey && okVal {
			if null {
				value = ""
			}
			t, v, err := ParseExample(tool + ": " + value)
			if err != nil {
				r.fieldf(Error, path, item, "%v", err)
				return ex, false
			}
			ex.Tool, ex.Value = t, v
			return ex, true
		}
	}
	s, null, ok := scalarText(item)
	if !ok || null {
		r.fieldf(Error, path, item, "expected \"TOOL: VALUE\" or a bare \"TOOL\", got %s", kindOf(item))
		return ex, false
	}
	t, v, err := ParseExample(s)
	if err != nil {
		r.fieldf(Error, path, item, "%v", err)
		return ex, false
	}
	ex.Tool, ex.Value = t, v
	return ex, true
}
