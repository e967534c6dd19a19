package personas

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// Fields are the frontmatter fields in the order new ones are written (docs/rules.md).
var Fields = []string{"name", "description", "type", "icon", "color", "hidden", "steps", "prompt", "permissions"}

// span is where an entry of the root map sits in the file.
type span struct {
	keyLine    int // 1-based file line of the key
	indent     int // spaces before the key
	endLine    int // last line of the entry's value
	colonEnd   int // offset just after the key's colon
	valueStart int // offset of the value's first character; -1 when the value is missing
	valueEnd   int // offset just after a one-line scalar or flow value; -1 for values on several lines
	raw        []byte
}

// locate finds the lines and offsets of an entry. limit is the first line not to look at.
func (d *Document) locate(mv *ast.MappingValueNode, t *text, limit int) span {
	kl, kc := nodePos(mv)
	s := span{keyLine: kl + 1, indent: kc - 1, valueStart: -1, valueEnd: -1}
	s.endLine = t.contentEnd(s.keyLine, s.indent, limit)
	if mv.Start != nil && mv.Start.Position != nil {
		s.colonEnd = t.offset(mv.Start.Position.Line+1, mv.Start.Position.Column) + 1
	}
	v := mv.Value
	if n, ok := v.(*ast.NullNode); v == nil || ok && (n.Token == nil || n.Token.Type == token.ImplicitNullType) {
		return s
	}
	vl, vc := nodePos(v)
	s.valueStart = t.offset(vl+1, vc)
	if s.endLine == s.keyLine && vl+1 == s.keyLine {
		switch t.data[s.valueStart] {
		case '{', '[':
			s.valueEnd = flowEnd(t.data, s.valueStart)
		case '|', '>':
		default:
			s.valueEnd = scalarEnd(t.data, s.valueStart, false)
		}
		if s.valueEnd > 0 {
			s.raw = t.data[s.valueStart:s.valueEnd]
		}
	}
	return s
}

// rootEntry finds a field of the root map and where it is.
func (d *Document) rootEntry(key string) (*entry, span, *text) {
	t := newText(d.data)
	for i := range d.cur.fields {
		if d.cur.fields[i].key == key {
			e := &d.cur.fields[i]
			return e, d.locate(e.mv, t, d.cur.lay.closeLine), t
		}
	}
	return nil, span{}, t
}

// checkBlockRoot refuses edits of a frontmatter written as one flow map, where lines do not
// separate fields.
func (d *Document) checkBlockRoot() error {
	if d.cur.root.IsFlowStyle {
		return fmt.Errorf("%s: the frontmatter is written as one {...} map; write one field per line to edit it here", d.path)
	}
	return nil
}

// Set changes a field to value, or adds the field when it is missing: name, description, type,
// icon, color, hidden (true or false), steps (a positive number), prompt, or any other field
// name (kept as text for other tools). Permissions change through the rule methods and
// SetPermissions. The value keeps the quoting style it had when it can.
func (d *Document) Set(field, value string) (err error) {
	defer d.recoverEdit(&err)
	if err := d.checkBlockRoot(); err != nil {
		return err
	}
	if field == "permissions" || field == "permission" {
		return fmt.Errorf("permissions are changed with the rule commands (rule add, rule rm, rule mv, rule set) or by choosing a preset, not with set")
	}
	if !isPlainSegment(field) {
		return fmt.Errorf("%q is not a field name; use letters, digits, - and _", field)
	}
	var typed string // the text to write for fields that are not strings
	switch field {
	case "hidden":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("hidden: expected true or false, got %q", value)
		}
		typed = strconv.FormatBool(b)
	case "steps":
		n, err := strconv.Atoi(strings.TrimSpace(value))
		switch {
		case err == nil && n > 0:
			typed = strconv.Itoa(n)
		case !d.allowInvalid:
			return fmt.Errorf("steps: expected a positive whole number of steps, got %q", value)
		case err == nil:
			typed = strconv.Itoa(n) // written as the number it is, for the reader to refuse
		}
	}
	e, s, t := d.rootEntry(field)
	var candidates [][]byte
	if e == nil {
		candidates = d.insertField(t, field, value, typed)
	} else {
		candidates = d.replaceField(t, s, value, typed)
	}
	var firstErr error
	for _, c := range candidates {
		err := d.checkField(c, field, value, typed)
		if err == nil {
			err = d.replace(c, nil)
		}
		if err == nil {
			return nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return firstErr
}

// checkField confirms that the edited text reads field back as value; it guards the splicing
// against styles that do not mean what they look like.
func (d *Document) checkField(data []byte, field, value, typed string) error {
	p, probs := parseLoose(d.path, data, d.scope)
	if p == nil {
		return fmt.Errorf("the change would make %s invalid; nothing was changed:\n%w", d.path, ProblemsError(Errors(probs)))
	}
	got := ""
	for _, e := range p.fields {
		if e.key == field {
			got, _, _ = scalarText(e.mv.Value)
		}
	}
	want := value
	if typed != "" {
		want = typed
	}
	if strings.TrimRight(got, "\n") != strings.TrimRight(want, "\n") {
		return fmt.Errorf("%s cannot be written as %q here: it would read back as %q; nothing was changed", field, want, got)
	}
	return nil
}

// replaceField returns the texts to try, best first, for an existing field.
func (d *Document) replaceField(t *text, s span, value, typed string) [][]byte {
	eol := d.eol()
	var out [][]byte
	if typed != "" {
		return [][]byte{d.spliceValue(t, s, typed)}
	}
	multi := strings.Contains(value, "\n")
	wasBlock := s.valueStart >= 0 && (t.data[s.valueStart] == '|' || t.data[s.valueStart] == '>')
	if wasBlock && t.lineOf(s.valueStart) == s.keyLine {
		// Keep the header line (`prompt: |  # note`) and rewrite only the content lines.
		in := s.indent + 2
		for l := s.keyLine + 1; l <= s.endLine; l++ {
			if !t.blank(l) {
				in = t.indent(l)
				break
			}
		}
		from := t.lineNext(s.keyLine)
		to := t.lineNext(s.endLine)
		body := blockLines(value, in, eol)
		if s.endLine == s.keyLine || to == len(t.data) && !strings.HasSuffix(string(t.data), "\n") {
			body = strings.TrimSuffix(body, eol)
		}
		if s.endLine == s.keyLine {
			out = append(out, splice(t.data, t.lineEnd(s.keyLine), t.lineEnd(s.keyLine), eol+body))
		} else {
			out = append(out, splice(t.data, from, to, body))
		}
	}
	if multi {
		out = append(out, d.spliceValue(t, s, "|-"+eol+strings.TrimSuffix(blockLines(value, s.indent+2, eol), eol)))
	}
	style := stylePlain
	if s.raw != nil {
		style = styleOf(s.raw)
	}
	return append(out, d.spliceValue(t, s, quoteAs(value, style, false)))
}

// spliceValue puts v where the entry's value is: over a one-line value (keeping what follows it
// on the line, such as a comment), or over everything after the colon.
func (d *Document) spliceValue(t *text, s span, v string) []byte {
	if s.valueEnd >= 0 {
		return splice(t.data, s.valueStart, s.valueEnd, v)
	}
	return splice(t.data, s.colonEnd, t.lineEnd(s.endLine), " "+v)
}

// blockLines indents each line of value for a block scalar; empty lines stay empty.
func blockLines(value string, indent int, eol string) string {
	var b strings.Builder
	pad := strings.Repeat(" ", indent)
	for _, l := range strings.Split(strings.TrimSuffix(value, "\n"), "\n") {
		if l != "" {
			b.WriteString(pad)
			b.WriteString(l)
		}
		b.WriteString(eol)
	}
	return b.String()
}

// insertField returns the texts to try for a field the file does not have yet. It goes after
// the nearest field before it in the order of Fields, else before the nearest one after it,
// else at the end of the frontmatter.
func (d *Document) insertField(t *text, field, value, typed string) [][]byte {
	eol := d.eol()
	at := d.insertionPoint(t, field)
	var lines []string
	switch {
	case typed != "":
		lines = append(lines, field+": "+typed+eol)
	default:
		if strings.Contains(value, "\n") {
			lines = append(lines, field+": |-"+eol+blockLines(value, 2, eol))
		}
		lines = append(lines, field+": "+quoteAs(value, stylePlain, false)+eol)
	}
	var out [][]byte
	for _, l := range lines {
		out = append(out, splice(t.data, at, at, l))
	}
	return out
}

func (d *Document) insertionPoint(t *text, field string) int {
	idx := slices.Index(Fields, field)
	limit := d.cur.lay.closeLine
	if idx >= 0 {
		var after, before *entry
		for i := range d.cur.fields {
			e := &d.cur.fields[i]
			k := e.key
			if k == "permission" {
				k = "permissions"
			}
			j := slices.Index(Fields, k)
			if j < 0 {
				continue
			}
			if j < idx && (after == nil || j > slices.Index(Fields, normField(after.key))) {
				after = e
			}
			if j > idx && before == nil {
				before = e
			}
		}
		if after != nil {
			s := d.locate(after.mv, t, limit)
			return t.lineNext(s.endLine)
		}
		if before != nil {
			s := d.locate(before.mv, t, limit)
			l := s.keyLine
			for l-1 > 1 && t.comment(l-1) {
				l--
			}
			return t.lineStart(l)
		}
	}
	return d.cur.lay.fmEnd
}

func normField(k string) string {
	if k == "permission" {
		return "permissions"
	}
	return k
}

// Unset removes a field's lines (its value included). Removing name makes the file name the
// name; description and permissions are required and cannot be removed.
func (d *Document) Unset(field string) (err error) {
	defer d.recoverEdit(&err)
	if err := d.checkBlockRoot(); err != nil {
		return err
	}
	e, s, t := d.rootEntry(field)
	if e == nil {
		return nil
	}
	return d.replace(splice(t.data, t.lineStart(s.keyLine), t.lineNext(s.endLine), ""), nil)
}
