package personas

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/agentmgr/agentmgr/engine"
)

// AddExample adds example ("TOOL: VALUE" or "TOOL") to the `examples:` list of expect, creating
// the list, or the block at the end of the frontmatter, when it is missing. Only that spot of
// the file changes: a flow list `[...]` gets the item before its `]`, a block list gets a new
// `- ` line after its last item. An example already listed under expect changes nothing.
func (d *Document) AddExample(expect engine.Action, example string) (err error) {
	defer d.recoverEdit(&err)
	if err := d.checkBlockRoot(); err != nil {
		return err
	}
	if _, err := engine.ParseAction(string(expect)); err != nil {
		return fmt.Errorf("examples: %w", err)
	}
	tool, value, err := ParseExample(example)
	if err != nil {
		return fmt.Errorf("examples.%s: %w", expect, err)
	}
	want := Example{Expect: expect, Tool: tool, Value: value}
	if slices.ContainsFunc(d.cur.persona.Examples, want.same) {
		return nil
	}
	data, err := d.withExample(want)
	if err != nil {
		return err
	}
	return d.replace(data, func(p *Persona) error {
		if !slices.ContainsFunc(p.Examples, want.same) {
			return fmt.Errorf("%s: adding the example %q would not read back as written; add it by hand", d.path, want.String())
		}
		return nil
	})
}

// same reports whether o is the same expectation as e, wherever each is written.
func (e Example) same(o Example) bool {
	return e.Expect == o.Expect && e.Tool == o.Tool && e.Value == o.Value
}

// withExample returns the text with ex spliced into the examples block.
func (d *Document) withExample(ex Example) ([]byte, error) {
	eol := d.eol()
	item := quoteAs(ex.String(), styleDouble, true)
	fresh := func(pad string) string { return pad + string(ex.Expect) + ": [" + item + "]" + eol }
	e, s, t := d.rootEntry(ExamplesField)
	if e == nil {
		at := d.cur.lay.fmEnd
		return splice(t.data, at, at, ExamplesField+":"+eol+fresh("  ")), nil
	}
	if _, null, _ := scalarText(e.mv.Value); null {
		// `examples:` with nothing under it: the new list goes on the next line.
		end := t.lineEnd(s.endLine)
		return splice(t.data, s.colonEnd, end, eol+strings.TrimSuffix(fresh("  "), eol)), nil
	}
	m, ok := unwrap(e.mv.Value).(*ast.MappingNode)
	if !ok || m.IsFlowStyle {
		return nil, fmt.Errorf("%s: the examples block is not written one key per line; add the example by hand", d.path)
	}
	var sub *ast.MappingValueNode
	for _, mv := range m.Values {
		if k, ok := keyText(mv); ok && k == string(ex.Expect) {
			sub = mv
		}
	}
	if sub == nil {
		_, col := nodePos(m.Values[0])
		at := t.lineNext(s.endLine)
		return splice(t.data, at, at, fresh(strings.Repeat(" ", col-1))), nil
	}
	ss := d.locate(sub, t, s.endLine+1)
	switch v := unwrap(sub.Value).(type) {
	case *ast.SequenceNode:
		if v.IsFlowStyle {
			open := ss.valueStart
			end := flowEnd(t.data, open) - 1 // the closing ]
			if len(bytes.TrimSpace(t.data[open+1:end])) == 0 {
				return splice(t.data, open+1, end, item), nil
			}
			// After the last item, before any spaces and the ].
			at := end
			for at > open+1 && isSpaceOrEOL(t.data[at-1]) {
				at--
			}
			if t.data[at-1] == ',' {
				return splice(t.data, at, at, " "+item), nil
			}
			return splice(t.data, at, at, ", "+item), nil
		}
		if len(v.Values) == 0 {
			break
		}
		first, _ := nodePos(v.Values[0])
		pad := strings.Repeat(" ", t.indent(first+1))
		at := t.lineNext(ss.endLine)
		return splice(t.data, at, at, pad+"- "+item+eol), nil
	default:
		if _, null, _ := scalarText(sub.Value); null {
			end := t.lineEnd(ss.keyLine)
			return splice(t.data, ss.colonEnd, end, " ["+item+"]"), nil
		}
		if ss.valueEnd > 0 {
			// One example written without brackets becomes a list of two.
			return splice(t.data, ss.valueStart, ss.valueEnd, "["+string(ss.raw)+", "+item+"]"), nil
		}
	}
	return nil, fmt.Errorf("%s: examples.%s is written in a form this editor does not extend; add the example by hand", d.path, ex.Expect)
}
