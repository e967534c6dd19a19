package personas

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// parseYAML parses frontmatter text. Duplicate keys are let through so that the reader can
// report them with file lines and the first occurrence; goccy's own message counts lines
// from the start of the frontmatter, not of the file.
func parseYAML(src []byte) (f *ast.File, err error) {
	defer func() {
		// A YAML library bug must not take the program down: the file is reported instead.
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("the YAML parser failed on this text (%v)", r)
		}
	}()
	// goccy/go-yaml v1.19 counts an extra line after each comment that ends in "\r\n", so CRLF
	// text is parsed with "\n" endings: lines and columns stay those of the file.
	if bytes.Contains(src, []byte("\r\n")) {
		src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	}
	if f, ok, err := parseLargeMapping(src); ok {
		return f, err
	}
	return parser0(src)
}

// parser0 is goccy's parse with the options every persona read uses.
func parser0(src []byte) (*ast.File, error) {
	return parser.ParseBytes(src, parser.ParseComments, parser.AllowDuplicateMapKey())
}

// unwrap looks through tags and anchors to the node that holds the value.
func unwrap(n ast.Node) ast.Node {
	for {
		switch v := n.(type) {
		case *ast.TagNode:
			n = v.Value
		case *ast.AnchorNode:
			n = v.Value
		case *ast.MappingKeyNode:
			n = v.Value
		default:
			return n
		}
	}
}

// nodePos is the 1-based line and column where n starts, in the coordinates of the parsed
// text. A mapping entry starts at its key.
func nodePos(n ast.Node) (int, int) {
	switch v := n.(type) {
	case nil:
		return 1, 1
	case *ast.MappingValueNode:
		return nodePos(v.Key)
	case *ast.MappingNode:
		if !v.IsFlowStyle && len(v.Values) > 0 {
			return nodePos(v.Values[0])
		}
	case *ast.LiteralNode:
		if v.Start != nil {
			return v.Start.Position.Line, v.Start.Position.Column
		}
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 1, 1
	}
	line, col := tk.Position.Line, tk.Position.Column
	if line < 1 {
		line = 1
	}
	if col < 1 {
		col = 1
	}
	return line, col
}

// scalarText returns the text of a scalar node as a string field reads it: strings as they
// are, numbers and booleans as written (`name: 007` is "007"), null as "". ok is false for
// maps, lists and aliases.
func scalarText(n ast.Node) (s string, null bool, ok bool) {
	switch v := unwrap(n).(type) {
	case nil:
		return "", true, true
	case *ast.NullNode:
		return "", true, true
	case *ast.StringNode:
		return v.Value, false, true
	case *ast.LiteralNode:
		if v.Value == nil {
			return "", false, true
		}
		return v.Value.Value, false, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		return v.GetToken().Value, false, true
	}
	return "", false, false
}

// kindOf names a node's kind for messages: "a map", "a list", "an alias", ...
func kindOf(n ast.Node) string {
	switch unwrap(n).(type) {
	case *ast.MappingNode:
		return "a map"
	case *ast.SequenceNode:
		return "a list"
	case *ast.AliasNode:
		return "an alias"
	case *ast.NullNode, nil:
		return "nothing"
	case *ast.BoolNode:
		return "a boolean"
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "a number"
	}
	return "a string"
}

// keyText is the text of a mapping key; ok is false for keys that are not scalars.
func keyText(mv *ast.MappingValueNode) (string, bool) {
	if mv.Key == nil {
		return "", false
	}
	if _, isMerge := mv.Key.(*ast.MergeKeyNode); isMerge {
		return "<<", true
	}
	s, null, ok := scalarText(mv.Key)
	if null {
		return "", false
	}
	return s, ok
}

// FieldPath is the key path of key inside the field at parent ("" for the top level), written
// as Problem.Field writes it: permissions.bash."rm *".
func FieldPath(parent, key string) string { return pathJoin(parent, key) }

// pathJoin extends a field path for messages: permissions.bash."rm *".
func pathJoin(prefix, key string) string {
	seg := key
	if !isPlainSegment(key) {
		seg = strconv.Quote(key)
	}
	if prefix == "" {
		return seg
	}
	return prefix + "." + seg
}

func isPlainSegment(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// syntaxMessage turns a goccy error message into a sentence without its position prefix. It
// names the language the person wrote: YAML frontmatter, or the legacy list's JSON.
func (r *reader) syntaxMessage(msg string) string {
	msg = strings.TrimSpace(msg)
	switch {
	case r.json && msg == "":
		return "the file is not valid JSON"
	case r.json:
		return "invalid JSON: " + msg
	case msg == "":
		return "the frontmatter is not valid YAML"
	}
	return "invalid YAML: " + msg
}
