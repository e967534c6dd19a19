package personas

import (
	"fmt"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
)

// reader collects the problems of one file, positioned in file coordinates.
type reader struct {
	file    string
	lineOff int  // added to YAML lines: the frontmatter starts on line 2 of the file
	json    bool // the text is the legacy JSON list, read with the YAML parser: errors say JSON
	// loose keeps the persona of a file with errors in its fields (parseLoose).
	loose bool
	probs []Problem
}

func (r *reader) addAt(sev Severity, line, col int, format string, args ...any) {
	r.probs = append(r.probs, Problem{File: r.file, Line: line, Col: col, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// add reports a problem at node n (a position of the parsed YAML text).
func (r *reader) add(sev Severity, n ast.Node, format string, args ...any) {
	line, col := nodePos(n)
	r.addAt(sev, line+r.lineOff, col, format, args...)
}

func (r *reader) errorf(n ast.Node, format string, args ...any) {
	r.add(Error, n, format, args...)
}

// fieldf reports a problem with the field at key path field, at node n; the message is
// "field: " and the formatted text, so that the path is written once.
func (r *reader) fieldf(sev Severity, field string, n ast.Node, format string, args ...any) {
	r.add(sev, n, "%s: %s", field, fmt.Sprintf(format, args...))
	r.probs[len(r.probs)-1].Field = field
}

// fieldAt reports a problem with the field at key path field at a line and column, with the
// message as given (a missing field has no node to name).
func (r *reader) fieldAt(sev Severity, field string, line, col int, format string, args ...any) {
	r.addAt(sev, line, col, format, args...)
	r.probs[len(r.probs)-1].Field = field
}

func (r *reader) failed() bool { return HasError(r.probs) }

// notes returns the warnings and informational notes found so far.
func (r *reader) notes() []Problem {
	var out []Problem
	for _, p := range r.probs {
		if p.Severity != Error {
			out = append(out, p)
		}
	}
	return out
}

// checkUTF8 reports the first byte that is not UTF-8, with its line and column.
func (r *reader) checkUTF8(data []byte) bool {
	if utf8.Valid(data) {
		return true
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		c, size := utf8.DecodeRune(data[i:])
		if c == utf8.RuneError && size <= 1 {
			r.addAt(Error, line, col, "the file is not valid UTF-8 (byte 0x%02x); save it as UTF-8", data[i])
			return false
		}
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return true
}

// entry is one key of a YAML map, with the node that holds it.
type entry struct {
	key string
	mv  *ast.MappingValueNode
}

// entries lists the keys of m in file order; a key that is not a scalar or that repeats is an
// error (YAML forbids repeats, and which one wins would be a guess).
func (r *reader) entries(prefix string, m *ast.MappingNode) []entry {
	var out []entry
	seen := map[string]*ast.MappingValueNode{}
	for _, mv := range m.Values {
		k, ok := keyText(mv)
		if !ok {
			r.errorf(mv, "%sexpected a name as key, got %s", prefixColon(prefix), kindOf(mv.Key))
			r.probs[len(r.probs)-1].Field = prefix
			continue
		}
		if k == "<<" {
			r.errorf(mv, "%sYAML merge keys (<<) are not supported here; write the fields out", prefixColon(prefix))
			r.probs[len(r.probs)-1].Field = prefix
			continue
		}
		if first, dup := seen[k]; dup {
			line, _ := nodePos(first)
			r.fieldf(Error, pathJoin(prefix, k), mv, "duplicate key; it is already set on line %d", line+r.lineOff)
			continue
		}
		seen[k] = mv
		out = append(out, entry{k, mv})
	}
	return out
}

func prefixColon(prefix string) string {
	if prefix == "" {
		return ""
	}
	return prefix + ": "
}

// rootMap returns the map at the top of a parsed YAML document, or nil with an error. An empty
// document is an empty map.
func (r *reader) rootMap(f *ast.File) *ast.MappingNode {
	var body ast.Node
	for _, d := range f.Docs {
		if d == nil || d.Body == nil {
			continue
		}
		if _, isComment := d.Body.(*ast.CommentGroupNode); isComment {
			continue
		}
		if body != nil {
			r.errorf(d.Body, "the frontmatter holds more than one YAML document; keep one map of fields")
			return nil
		}
		body = d.Body
	}
	if body == nil {
		return &ast.MappingNode{BaseNode: &ast.BaseNode{}}
	}
	m, ok := unwrap(body).(*ast.MappingNode)
	if !ok {
		r.errorf(body, "the frontmatter must be a map of fields (name: value), got %s", kindOf(body))
		return nil
	}
	return m
}
