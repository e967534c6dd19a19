package personas

import (
	"github.com/goccy/go-yaml/ast"

	"github.com/agentmgr/agentmgr/engine"
)

// permLayout is the text of a rule map cut into pieces the rule writer can copy, drop, reorder
// or splice: each entry and each pattern with the comment and blank lines that lead it.
type permLayout struct {
	root      span // the permissions field in the root map
	flow      bool // the rule map is written {...}
	valueEnd  int  // flow: offset after the closing }
	bodyStart int  // block: offset of the line after `permissions:`
	bodyEnd   int  // block: offset after the rule map's last line
	indent    int  // block: spaces before each key
	entries   []*pEntry
	tail      string     // block: comment lines after the last entry
	quote     quoteStyle // the quotes most keys use
	singles   int
	doubles   int
	step      int // indentation step for nested maps
}

type entryKind int

const (
	kindAction entryKind = iota // key: action, or key: {action: ..., reason: ...}
	kindBlock                   // key: followed by indented pattern lines
	kindFlow                    // key: {pattern: action, ...}
)

// pEntry is one key of the rule map.
type pEntry struct {
	key       string
	kind      entryKind
	keyStart  int // offset of the key
	textStart int // offset where text starts: the key line (block) or the key (flow)
	leading   string
	text      string // block: whole lines, with line endings; flow: from the key to the end of the value
	val       valueSpan
	items     []*pItem
	itemInd   int        // kindBlock: spaces before each pattern
	header    string     // kindBlock: the key line
	itemsTail string     // kindBlock: comment lines after the last pattern
	flowStart int        // kindFlow: offset of {
	flowEnd   int        // kindFlow: offset after }
	quote     quoteStyle // the quotes of its first quoted pattern, for patterns written anew
}

// pItem is one pattern of an entry's map.
type pItem struct {
	pattern   string
	keyStart  int
	textStart int
	leading   string
	text      string
	val       valueSpan
}

// valueSpan is where an action is written.
type valueSpan struct {
	start, end int         // the whole value
	word       [2]int      // the action word inside an action object, or the value itself
	orig       engine.Rule // the rule as read
	object     bool        // written as {action: ..., reason: ...} or its block form
	raw        string      // the value's source text
}

// origin says which entry (and pattern, or -1) a rule of the persona was read from.
type origin struct{ entry, item int }

// permLayout cuts the rule map of the current text. It returns nil when the permissions are
// not a rule map.
func (d *Document) permLayout() (*permLayout, []origin) {
	var e *entry
	for i := range d.cur.fields {
		if d.cur.fields[i].key == d.cur.permKey {
			e = &d.cur.fields[i]
		}
	}
	if e == nil {
		return nil, nil
	}
	m, ok := unwrap(e.mv.Value).(*ast.MappingNode)
	if !ok {
		return nil, nil
	}
	t := newText(d.data)
	pl := &permLayout{root: d.locate(e.mv, t, d.cur.lay.closeLine), flow: m.IsFlowStyle, quote: styleDouble, step: 2}
	var origins []origin
	if pl.flow {
		pl.valueEnd = flowEnd(t.data, pl.root.valueStart)
	} else {
		pl.bodyStart = t.lineNext(pl.root.keyLine)
		pl.bodyEnd = t.lineNext(pl.root.endLine)
	}
	prevEnd := pl.root.keyLine // last line used by the previous entry (block)
	for ei, mv := range m.Values {
		key, _ := keyText(mv)
		kl, kc := nodePos(mv)
		pe := &pEntry{key: key, keyStart: t.offset(kl+1, kc)}
		if !pl.flow {
			pl.indent = kc - 1
			end := t.contentEnd(kl+1, kc-1, pl.root.endLine+1)
			pe.textStart = t.lineStart(kl + 1)
			pe.leading = string(t.data[t.lineNext(prevEnd):pe.textStart])
			pe.text = string(t.data[pe.textStart:t.lineNext(end)])
			prevEnd = end
		} else {
			pe.textStart = pe.keyStart
		}
		inner, isMap := unwrap(mv.Value).(*ast.MappingNode)
		switch {
		case isMap && !isActionObject(inner):
			if inner.IsFlowStyle {
				pe.kind = kindFlow
				vl, vc := nodePos(mv.Value)
				pe.flowStart = t.offset(vl+1, vc)
				pe.flowEnd = flowEnd(t.data, pe.flowStart)
			} else {
				pe.kind = kindBlock
				pe.header = string(t.data[pe.textStart:t.lineNext(kl+1)])
			}
			itemPrev := kl + 1
			entryEnd := t.lineOf(pe.textStart+len(pe.text)) - 1
			for ii, imv := range inner.Values {
				pat, _ := keyText(imv)
				il, ic := nodePos(imv)
				it := &pItem{pattern: pat, keyStart: t.offset(il+1, ic)}
				if pe.kind == kindBlock {
					pe.itemInd = ic - 1
					end := t.contentEnd(il+1, ic-1, entryEnd+1)
					it.textStart = t.lineStart(il + 1)
					it.leading = string(t.data[t.lineNext(itemPrev):it.textStart])
					it.text = string(t.data[it.textStart:t.lineNext(end)])
					it.val = d.valueSpan(t, imv, end, false)
					itemPrev = end
				} else {
					it.textStart = it.keyStart
					it.val = d.valueSpan(t, imv, il+1, true)
					it.text = string(t.data[it.textStart:it.val.end])
				}
				pl.noteQuote(t.data[it.keyStart:])
				if st := styleOf(t.data[it.keyStart:]); pe.quote == stylePlain {
					pe.quote = st
				}
				pe.items = append(pe.items, it)
				origins = append(origins, origin{ei, ii})
			}
			if pe.kind == kindBlock {
				pe.itemsTail = string(t.data[t.lineNext(itemPrev):t.lineNext(entryEnd)])
				if pe.itemInd > pl.indent {
					pl.step = pe.itemInd - pl.indent
				}
			} else if pl.flow {
				pe.text = string(t.data[pe.textStart:pe.flowEnd])
			}
		default:
			pe.kind = kindAction
			end := kl + 1
			if !pl.flow {
				end = t.lineOf(pe.textStart+len(pe.text)) - 1
			}
			pe.val = d.valueSpan(t, mv, end, pl.flow)
			if pl.flow {
				pe.text = string(t.data[pe.textStart:pe.val.end])
			}
			origins = append(origins, origin{ei, -1})
		}
		pl.noteQuote(t.data[pe.keyStart:])
		pl.entries = append(pl.entries, pe)
	}
	if rules := d.cur.persona.Rules; len(rules) == len(origins) {
		for i, o := range origins {
			if o.item >= 0 {
				pl.entries[o.entry].items[o.item].val.orig = rules[i]
			} else {
				pl.entries[o.entry].val.orig = rules[i]
			}
		}
	}
	if !pl.flow {
		pl.tail = string(t.data[t.lineNext(prevEnd):pl.bodyEnd])
		if len(pl.entries) == 0 {
			pl.tail = ""
		}
		nested := false
		for _, pe := range pl.entries {
			nested = nested || pe.kind == kindBlock && len(pe.items) > 0
		}
		if !nested && len(pl.entries) > 0 && pl.indent > pl.root.indent {
			pl.step = pl.indent - pl.root.indent
		}
	}
	return pl, origins
}

// noteQuote counts the quote characters the rule map uses for keys, so that keys written anew
// look like their neighbours.
func (pl *permLayout) noteQuote(raw []byte) {
	if len(raw) == 0 {
		return
	}
	switch raw[0] {
	case '\'':
		pl.singles++
	case '"':
		pl.doubles++
	}
	pl.quote = styleDouble
	if pl.singles > pl.doubles {
		pl.quote = styleSingle
	}
}

// valueSpan finds the action of mv, whose entry ends on endLine.
func (d *Document) valueSpan(t *text, mv *ast.MappingValueNode, endLine int, flow bool) valueSpan {
	vl, vc := nodePos(mv.Value)
	var v valueSpan
	v.start = t.offset(vl+1, vc)
	m, isMap := unwrap(mv.Value).(*ast.MappingNode)
	switch {
	case isMap && m.IsFlowStyle:
		v.end = flowEnd(t.data, v.start)
	case isMap:
		v.end = t.lineEnd(endLine)
	default:
		v.end = scalarEnd(t.data, v.start, flow)
	}
	v.word = [2]int{v.start, v.end}
	if isMap {
		v.object = true
		for _, amv := range m.Values {
			if k, _ := keyText(amv); k == "action" {
				al, ac := nodePos(amv.Value)
				s := t.offset(al+1, ac)
				v.word = [2]int{s, scalarEnd(t.data, s, m.IsFlowStyle)}
			}
		}
	}
	v.raw = string(t.data[v.start:v.end])
	return v
}
