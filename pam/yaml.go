package pam

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// The AM parses frontmatter with yaml@2, whose default is the YAML 1.2 core schema: only these
// plain scalars are not strings. So `hidden: yes` is the string "yes", `steps: 0o17` is 15,
// and `name: 123` is a number (which breaks the AM; see validate).
var (
	coreInt   = regexp.MustCompile(`^[-+]?[0-9]+$`)
	coreOct   = regexp.MustCompile(`^0o[0-7]+$`)
	coreHex   = regexp.MustCompile(`^0x[0-9a-fA-F]+$`)
	coreFloat = regexp.MustCompile(`^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$`)
	coreExp   = regexp.MustCompile(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$`)
)

// resolvePlain types a plain (unquoted) scalar as the YAML 1.2 core schema does.
func resolvePlain(s string) Value {
	switch s {
	case "", "~", "null", "Null", "NULL":
		return Value{Kind: Null}
	case "true", "True", "TRUE":
		return Value{Kind: Bool, Bool: true}
	case "false", "False", "FALSE":
		return Value{Kind: Bool}
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return Value{Kind: Number, Num: math.Inf(1)}
	case "-.inf", "-.Inf", "-.INF":
		return Value{Kind: Number, Num: math.Inf(-1)}
	case ".nan", ".NaN", ".NAN":
		return Value{Kind: Number, Num: math.NaN()}
	}
	switch {
	case coreInt.MatchString(s), coreFloat.MatchString(s), coreExp.MatchString(s):
		f, err := strconv.ParseFloat(s, 64)
		if err == nil || math.IsInf(f, 0) {
			return Value{Kind: Number, Num: f}
		}
	case coreOct.MatchString(s):
		return Value{Kind: Number, Num: parseBase(s[2:], 8)}
	case coreHex.MatchString(s):
		return Value{Kind: Number, Num: parseBase(s[2:], 16)}
	}
	return Value{Kind: String, Str: s}
}

// parseBase reads digits of a base as a float, as JavaScript's parseInt does for long ones.
func parseBase(digits string, base int) float64 {
	var f float64
	for _, c := range digits {
		d, _ := strconv.ParseUint(string(c), base, 8)
		f = f*float64(base) + float64(d)
	}
	return f
}

// parseFrontmatter parses the text between the AM's first two `---` lines into a Value.
// lineOff is added to the parser's lines so that they are the file's.
func parseFrontmatter(src string, lineOff int) (v Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			v, err = Value{}, fmt.Errorf("the YAML parser failed on this text (%v)", r)
		}
	}()
	// goccy/go-yaml miscounts lines after a comment ending in "\r\n"; yaml@2 reads "\r\n" as
	// one line break, so the text means the same with "\n".
	src = strings.ReplaceAll(src, "\r\n", "\n")
	// yaml@2 breaks lines only at "\n" (and "\r\n"): a lone "\r" is text to it, but a line break
	// to goccy. Hiding it as a private-use character keeps the line where yaml@2 sees it; it is
	// turned back into "\r" in strings.
	src = strings.ReplaceAll(src, "\r", loneCR)
	f, err := parser.ParseBytes([]byte(src), 0, parser.AllowDuplicateMapKey())
	if err != nil {
		return Value{}, err
	}
	var body ast.Node
	docs := 0
	for _, d := range f.Docs {
		if d == nil || d.Body == nil {
			continue
		}
		docs++
		if body == nil {
			body = d.Body
		}
	}
	if docs > 1 {
		return Value{}, fmt.Errorf("source contains multiple documents")
	}
	c := converter{anchors: map[string]Value{}, lineOff: lineOff}
	return c.value(body)
}

// loneCR stands for a "\r" that no "\n" follows while goccy parses.
const loneCR = "\ue000"

func unhideCR(s string) string { return strings.ReplaceAll(s, loneCR, "\r") }

type converter struct {
	anchors map[string]Value
	lineOff int
}

func (c *converter) line(n ast.Node) int {
	if n == nil {
		return 0
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 0
	}
	return tk.Position.Line + c.lineOff
}

func quoted(tk *token.Token) bool {
	return tk != nil && (tk.Type == token.SingleQuoteType || tk.Type == token.DoubleQuoteType)
}

func (c *converter) value(n ast.Node) (Value, error) {
	line := c.line(n)
	switch v := n.(type) {
	case nil:
		return Value{Kind: Null}, nil
	case *ast.NullNode:
		return Value{Kind: Null, Line: line}, nil
	case *ast.StringNode:
		if quoted(v.GetToken()) {
			return Value{Kind: String, Str: unhideCR(v.Value), Line: line}, nil
		}
		r := resolvePlain(unhideCR(v.Value))
		r.Line = line
		return r, nil
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.InfinityNode, *ast.NanNode:
		r := resolvePlain(n.GetToken().Value)
		r.Line = line
		return r, nil
	case *ast.LiteralNode:
		s := ""
		if v.Value != nil {
			s = v.Value.Value
		}
		return Value{Kind: String, Str: unhideCR(s), Line: line}, nil
	case *ast.MergeKeyNode:
		// yaml@2 reads YAML 1.2, which has no merge keys: "<<" is an ordinary key.
		return Value{Kind: String, Str: "<<", Line: line}, nil
	case *ast.MappingNode:
		return c.mapping(v.Values, line)
	case *ast.MappingValueNode:
		return c.mapping([]*ast.MappingValueNode{v}, line)
	case *ast.MappingKeyNode:
		return c.value(v.Value)
	case *ast.SequenceNode:
		out := Value{Kind: Array, Line: line}
		for _, it := range v.Values {
			iv, err := c.value(it)
			if err != nil {
				return Value{}, err
			}
			out.Items = append(out.Items, iv)
		}
		return out, nil
	case *ast.AnchorNode:
		iv, err := c.value(v.Value)
		if err != nil {
			return Value{}, err
		}
		if v.Name != nil {
			c.anchors[v.Name.GetToken().Value] = iv
		}
		return iv, nil
	case *ast.AliasNode:
		name := ""
		if v.Value != nil {
			name = v.Value.GetToken().Value
		}
		iv, ok := c.anchors[name]
		if !ok {
			return Value{}, fmt.Errorf("unresolved alias (the anchor must be set before the alias): %s", name)
		}
		iv.Line = line
		return iv, nil
	case *ast.TagNode:
		return c.tagged(v, line)
	}
	return Value{}, fmt.Errorf("unsupported YAML node %T at line %d", n, line)
}

// tagged applies the core schema's explicit tags; an unknown tag leaves a scalar a string, as
// yaml@2 does (with a warning the AM never shows).
func (c *converter) tagged(v *ast.TagNode, line int) (Value, error) {
	tag := ""
	if v.Start != nil {
		tag = v.Start.Value
	}
	inner, err := c.value(v.Value)
	if err != nil {
		return Value{}, err
	}
	if inner.Kind == Array || inner.Kind == Object {
		return inner, nil
	}
	text := scalarSource(v.Value)
	switch tag {
	case "!!null":
		return Value{Kind: Null, Line: line}, nil
	case "!!bool", "!!int", "!!float":
		r := resolvePlain(text)
		r.Line = line
		return r, nil
	}
	return Value{Kind: String, Str: text, Line: line}, nil
}

// scalarSource is a scalar's text before typing.
func scalarSource(n ast.Node) string {
	switch v := n.(type) {
	case nil, *ast.NullNode:
		if n != nil && n.GetToken() != nil {
			return n.GetToken().Value
		}
		return ""
	case *ast.StringNode:
		return v.Value
	case *ast.LiteralNode:
		if v.Value != nil {
			return v.Value.Value
		}
		return ""
	}
	if tk := n.GetToken(); tk != nil {
		return tk.Value
	}
	return ""
}

func (c *converter) mapping(pairs []*ast.MappingValueNode, line int) (Value, error) {
	var b objectBuilder
	var seen []Value
	for _, mv := range pairs {
		k, err := c.value(mv.Key)
		if err != nil {
			return Value{}, err
		}
		if k.Kind != Array && k.Kind != Object {
			for _, s := range seen {
				if sameScalar(s, k) {
					return Value{}, fmt.Errorf("map keys must be unique (line %d)", c.line(mv.Key))
				}
			}
			seen = append(seen, k)
		}
		val, err := c.value(mv.Value)
		if err != nil {
			return Value{}, err
		}
		key := k.JSString()
		if k.Kind == Null {
			key = "" // yaml@2 turns a null key into ""
		}
		b.set(Field{Key: key, Value: val, Line: c.line(mv.Key)})
	}
	return b.value(line), nil
}

// sameScalar is yaml@2's duplicate-key test: same type and same value.
func sameScalar(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Bool:
		return a.Bool == b.Bool
	case Number:
		return a.Num == b.Num
	}
	return a.Str == b.Str
}
