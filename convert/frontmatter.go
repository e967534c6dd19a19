package convert

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/personas"
)

// splitFrontmatter separates a Markdown file into its frontmatter text and body, as the persona
// reader splits it (personas.SplitFrontmatter). A file without frontmatter has none and is all
// body. line is the file line the frontmatter text starts on.
func splitFrontmatter(data []byte) (fm string, body string, line int, ok bool) {
	fm, body, ok = personas.SplitFrontmatter(data)
	if !ok {
		return "", body, 0, false
	}
	return fm, body, 2, true
}

// frontmatterOf checks that data is UTF-8 and splits off its frontmatter block (fm, whose
// first line is line of the file) and the body after it; a file without one is refused with
// what was expected of it.
func frontmatterOf(source string, data []byte, expected string) (fm, body string, line int, err error) {
	if err := checkUTF8(source, data); err != nil {
		return "", "", 0, err
	}
	fm, body, line, ok := splitFrontmatter(data)
	if !ok {
		return "", "", 0, fmt.Errorf("%s:1:1: expected %s", source, expected)
	}
	return fm, body, line, nil
}

// frontmatterMap is frontmatterOf's block decoded as an ordered map (nil when it is empty or
// not a map), and the body; YAML that does not decode is an error at its line in the file.
func frontmatterMap(source string, data []byte, expected string) (fm yaml.MapSlice, body string, err error) {
	text, body, line, err := frontmatterOf(source, data, expected)
	if err != nil {
		return nil, "", err
	}
	v, err := decodeOrdered(text)
	if err != nil {
		return nil, "", yamlError(source, line, err)
	}
	fm, _ = v.(yaml.MapSlice)
	return fm, body, nil
}

// frontmatterIn is the frontmatter of data as an ordered map (nil when it is empty or not a
// map), where one is there and decodes: ok is false otherwise. For a look at a file that
// is not being imported, whose faults are not reported.
func frontmatterIn(data []byte) (fm yaml.MapSlice, ok bool) {
	text, _, _, ok := splitFrontmatter(data)
	if !ok {
		return nil, false
	}
	v, err := decodeOrdered(text)
	if err != nil {
		return nil, false
	}
	fm, _ = v.(yaml.MapSlice)
	return fm, true
}

// checkUTF8 refuses a source that is not UTF-8, naming the line and column of the first bad
// byte: persona files are UTF-8, and guessing another encoding would change the text.
func checkUTF8(source string, data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return fmt.Errorf("%s:%d:%d: the file is not valid UTF-8 (byte 0x%02x); save it as UTF-8", source, line, col, data[i])
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += n
	}
	return nil
}

// decodeFile decodes a whole YAML or JSON file of another format, as decodeOrdered does, after
// checking it is UTF-8; a bad file's error says where, in source.
func decodeFile(source string, data []byte) (any, error) {
	if err := checkUTF8(source, data); err != nil {
		return nil, err
	}
	v, err := decodeOrdered(string(data))
	if err != nil {
		return nil, yamlError(source, 1, err)
	}
	return v, nil
}

// decodeOrdered reads YAML (or JSON, which YAML contains) keeping the order of every map.
func decodeOrdered(text string) (any, error) {
	var v any
	if err := yaml.UnmarshalWithOptions([]byte(text), &v, yaml.UseOrderedMap()); err != nil {
		return nil, err
	}
	return v, nil
}

// yamlError words a YAML or JSON decoding error with the file, and the line shifted to where
// the text starts in the file.
func yamlError(source string, firstLine int, err error) error {
	msg := err.Error()
	if m := posRE.FindStringSubmatch(msg); m != nil {
		var l, c int
		fmt.Sscanf(m[1]+" "+m[2], "%d %d", &l, &c)
		first, _, _ := strings.Cut(msg[len(m[0]):], "\n")
		return fmt.Errorf("%s:%d:%d: %s", source, l+firstLine-1, c, strings.TrimSpace(first))
	}
	first, _, _ := strings.Cut(msg, "\n")
	return fmt.Errorf("%s: %s", source, first)
}

var posRE = regexp.MustCompile(`^\[(\d+):(\d+)\]`)

// lenientFrontmatter reads frontmatter that a YAML parser rejects the way Claude Code does:
// every line that starts at column 0 with `key:` opens a field, and the lines after it up to
// the next such line are its value. A value that parses as YAML on its own (a list, a number)
// is read as that; anything else is the text as written.
func lenientFrontmatter(text string) yaml.MapSlice {
	var out yaml.MapSlice
	var key string
	var val []string
	flush := func() {
		if key == "" {
			return
		}
		raw := strings.TrimSpace(strings.Join(val, "\n"))
		var v any = raw
		if parsed, err := decodeOrdered(raw); err == nil && raw != "" {
			switch parsed.(type) {
			case []any, yaml.MapSlice, bool, uint64, int64, float64:
				v = parsed
			case string:
				if !strings.Contains(raw, "\n") {
					v = parsed // unquotes "x" and 'x'
				}
			}
		}
		out = append(out, yaml.MapItem{Key: key, Value: v})
	}
	for _, l := range strings.Split(text, "\n") {
		if m := keyLineRE.FindStringSubmatch(l); m != nil {
			flush()
			key, val = m[1], []string{m[2]}
			continue
		}
		val = append(val, l)
	}
	flush()
	return out
}

var keyLineRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9_-]*):(?:\s+(.*)|)$`)

// get finds key in m.
func get(m yaml.MapSlice, key string) (any, bool) {
	for _, it := range m {
		if fmt.Sprint(it.Key) == key {
			return it.Value, true
		}
	}
	return nil, false
}

// str is v as text: strings as they are, numbers and booleans printed.
func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case yaml.MapSlice, []any:
		b, _ := yaml.MarshalWithOptions(x, yaml.Flow(true))
		return strings.TrimSpace(string(b))
	}
	return fmt.Sprint(v)
}

// asInt reads a whole number from a decoded value.
func asInt(v any) (int, bool) {
	switch x := v.(type) {
	case uint64:
		return int(x), true
	case int64:
		return int(x), true
	case int:
		return x, true
	case float64:
		if x == float64(int(x)) {
			return int(x), true
		}
	}
	return 0, false
}
