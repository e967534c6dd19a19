package pam

import (
	"math"
	"strconv"
	"strings"
)

// Kind is the JavaScript type a YAML value becomes in the AM (yaml@2 with its default YAML 1.2
// core schema, then plain JavaScript objects).
type Kind uint8

// The kinds of Value.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object

	// missing is an absent property (undefined), used only inside this package.
	missing Kind = 255
)

// Value is one frontmatter value as the AM sees it after yaml@2's parse.
type Value struct {
	Kind   Kind
	Bool   bool
	Num    float64
	Str    string
	Items  []Value // Array
	Fields []Field // Object, in JavaScript property order
	Line   int     // 1-based line in the file where the value starts; 0 when unknown
}

// Field is one own property of an Object value.
type Field struct {
	Key   string
	Value Value
	Line  int // line of the key in the file
}

// Get returns the property key of an Object; ok is false when it is absent (undefined).
func (v Value) Get(key string) (Value, bool) {
	for _, f := range v.Fields {
		if f.Key == key {
			return f.Value, true
		}
	}
	return Value{}, false
}

// lineOf is the line of property key, or 0.
func (v Value) lineOf(key string) int {
	for _, f := range v.Fields {
		if f.Key == key {
			return f.Line
		}
	}
	return 0
}

// Truthy is JavaScript's truthiness: null, false, 0, NaN and "" are false; every array and
// object is true.
func (v Value) Truthy() bool {
	switch v.Kind {
	case Null:
		return false
	case Bool:
		return v.Bool
	case Number:
		return v.Num != 0 && !math.IsNaN(v.Num)
	case String:
		return v.Str != ""
	}
	return true
}

// JSString is String(v) in JavaScript, as the AM's messages print values.
func (v Value) JSString() string {
	switch v.Kind {
	case Null:
		return "null"
	case Bool:
		return strconv.FormatBool(v.Bool)
	case Number:
		return jsNumber(v.Num)
	case String:
		return v.Str
	case Array:
		parts := make([]string, len(v.Items))
		for i, it := range v.Items {
			if it.Kind != Null {
				parts[i] = it.JSString()
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// TypeName is typeof v, with "null" for null, as messages describe a value.
func (v Value) TypeName() string {
	switch v.Kind {
	case Null:
		return "null"
	case Bool:
		return "a boolean"
	case Number:
		return "a number"
	case String:
		return "a string"
	case Array:
		return "a list"
	}
	return "a map"
}

// jsNumber formats f as Number.prototype.toString does.
func jsNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	a := math.Abs(f)
	if a >= 1e21 || a < 1e-6 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		sign := exp[:1]
		exp = strings.TrimLeft(exp[1:], "0")
		return mant + "e" + sign + exp
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// arrayIndex reports whether key is a canonical array index ("0" to "4294967294"), the keys
// JavaScript lists first, in numeric order, whatever order they were set in.
func arrayIndex(key string) (uint32, bool) {
	if key == "" || len(key) > 10 || key != "0" && key[0] == '0' {
		return 0, false
	}
	n, err := strconv.ParseUint(key, 10, 64)
	if err != nil || n >= math.MaxUint32 {
		return 0, false
	}
	return uint32(n), true
}

// objectBuilder sets properties in JavaScript's order: a repeated key keeps its first
// position with the last value; array-index keys come first in numeric order.
type objectBuilder struct {
	fields []Field
}

func (b *objectBuilder) set(f Field) {
	for i := range b.fields {
		if b.fields[i].Key == f.Key {
			b.fields[i].Value = f.Value
			return
		}
	}
	b.fields = append(b.fields, f)
}

func (b *objectBuilder) value(line int) Value {
	var idx, rest []Field
	for _, f := range b.fields {
		if _, ok := arrayIndex(f.Key); ok {
			idx = append(idx, f)
		} else {
			rest = append(rest, f)
		}
	}
	// Insertion sort: few keys, and stable.
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0; j-- {
			a, _ := arrayIndex(idx[j-1].Key)
			c, _ := arrayIndex(idx[j].Key)
			if a <= c {
				break
			}
			idx[j-1], idx[j] = idx[j], idx[j-1]
		}
	}
	return Value{Kind: Object, Fields: append(idx, rest...), Line: line}
}
