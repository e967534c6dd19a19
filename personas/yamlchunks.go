package personas

import (
	"bytes"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
)

// goccy/go-yaml v1.19 parses a block mapping of n entries by recursing once per entry, each
// level copying the entries after it: n² work. A persona of 40,000 rules took 17 s, one of
// 100,000 outlived every hook's timeout. So a large run of sibling entries is parsed in chunks
// and the chunks' entries are joined into the mapping: the text of each chunk is parsed alone,
// its tokens moved down to the lines they have in the file, so that every line and column (all
// that is read of a position) is the file's.

// chunkEntries is how many entries of one mapping are parsed at a time.
const chunkEntries = 256

// chunkMinLines is the size below which the text is parsed whole: a few thousand entries
// parse in milliseconds.
var chunkMinLines = 2048

// entryRun is a run of sibling entries of one block mapping: the lines (0-based) where each
// entry starts, all at one indentation, and the line after the run.
type entryRun struct {
	starts []int
	end    int
}

// parseLargeMapping parses src in chunks when it holds a large run of entries (see above);
// ok is false when it does not, or when the text around the run does not parse (the caller
// then parses src whole, which reports the error where it is). A chunk that does not parse
// gives its error.
func parseLargeMapping(src []byte) (f *ast.File, ok bool, err error) {
	lines := bytes.SplitAfter(src, []byte("\n"))
	if len(lines) < chunkMinLines {
		return nil, false, nil
	}
	run, found := largestRun(lines)
	if !found || len(run.starts) < 2*chunkEntries {
		return nil, false, nil
	}
	// The whole text with the run cut after its first chunk (its lines left empty).
	main := joinLines(lines, 0, run.starts[chunkEntries], run.end, len(lines))
	f, err = parser0(main)
	if err != nil {
		return nil, false, nil
	}
	m := mappingAt(f, run.starts[0]+1)
	if m == nil {
		return nil, false, nil
	}
	for c := chunkEntries; c < len(run.starts); c += chunkEntries {
		to := run.end
		if c+chunkEntries < len(run.starts) {
			to = run.starts[c+chunkEntries]
		}
		part, err := parseAt(bytes.Join(lines[run.starts[c]:to], nil), run.starts[c])
		if err != nil {
			// The chunk's error is at the file's line (its tokens were moved there); parsing
			// the whole text again to find it would take the n² time this avoids.
			return nil, true, err
		}
		if len(part.Docs) != 1 {
			return nil, false, nil
		}
		pm, isMap := part.Docs[0].Body.(*ast.MappingNode)
		if !isMap {
			return nil, false, nil
		}
		m.Values = append(m.Values, pm.Values...)
	}
	return f, true, nil
}

// parseAt parses text that starts on line skip+1 of the file: its tokens' lines are moved
// down by skip before the parser reads them.
func parseAt(text []byte, skip int) (*ast.File, error) {
	tokens := lexer.Tokenize(string(text))
	for _, tk := range tokens {
		if tk.Position != nil {
			tk.Position.Line += skip
		}
	}
	return parser.Parse(tokens, parser.ParseComments, parser.AllowDuplicateMapKey())
}

// joinLines is the text of lines with those before from, and from cut to resume, left empty:
// every kept line stays at its line number.
func joinLines(lines [][]byte, from, cut, resume, end int) []byte {
	var b bytes.Buffer
	for i := 0; i < end; i++ {
		switch {
		case i < from, i >= cut && i < resume:
			if bytes.HasSuffix(lines[i], []byte("\n")) {
				b.WriteByte('\n')
			}
		default:
			b.Write(lines[i])
		}
	}
	return b.Bytes()
}

// largestRun finds the longest run of block-mapping entries at one indentation, with only
// deeper lines, blank lines and comments between them. A run holding a sequence entry, a
// document marker or a tab is not one.
func largestRun(lines [][]byte) (entryRun, bool) {
	type open struct {
		indent int
		run    entryRun
		bad    bool
	}
	var stack []open
	var best entryRun
	closeTo := func(indent, at int) {
		for len(stack) > 0 && stack[len(stack)-1].indent > indent {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			top.run.end = at
			if !top.bad && len(top.run.starts) > len(best.starts) {
				best = top.run
			}
		}
	}
	for i, l := range lines {
		// A carriage return that ends no line (CRLF's ends one) is a line break to the YAML
		// parser but not to this split: such a file is parsed whole (the fuzzer found it).
		if j := bytes.IndexByte(l, '\r'); j >= 0 && j < len(bytes.TrimRight(l, "\n"))-1 {
			return entryRun{}, false
		}
		t := bytes.TrimLeft(l, " ")
		indent := len(l) - len(t)
		t = bytes.TrimRight(t, "\r\n ")
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		// An entry with an empty key (": 0") is read differently alone and in context by the
		// YAML parser; such a file is parsed whole (the fuzzer found it).
		if t[0] == '\t' || t[0] == ':' || bytes.HasPrefix(t, []byte("---")) || bytes.HasPrefix(t, []byte("...")) {
			return entryRun{}, false
		}
		closeTo(indent, i)
		if len(stack) > 0 && stack[len(stack)-1].indent == indent {
			top := &stack[len(stack)-1]
			top.run.starts = append(top.run.starts, i)
			top.bad = top.bad || !isKeyLine(t)
			continue
		}
		stack = append(stack, open{indent: indent, run: entryRun{starts: []int{i}}, bad: !isKeyLine(t)})
	}
	closeTo(-1, len(lines))
	return best, len(best.starts) > 0
}

// isKeyLine reports whether the trimmed line t starts a plain block-mapping entry ("key:" or
// "key: value", the key plain or quoted), not a sequence entry or a flow or complex key.
func isKeyLine(t []byte) bool {
	switch t[0] {
	case '-', '?', '[', '{', '&', '*', '!', '|', '>', '%', '@', '`':
		return false
	}
	return bytes.Contains(t, []byte(":"))
}

// mappingAt finds the block mapping of f whose first entry's key is on line (1-based).
func mappingAt(f *ast.File, line int) *ast.MappingNode {
	var found *ast.MappingNode
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		if n == nil || found != nil {
			return
		}
		switch v := n.(type) {
		case *ast.MappingNode:
			if len(v.Values) > 0 && v.Values[0].Key != nil && v.Values[0].Key.GetToken().Position.Line == line {
				found = v
				return
			}
			for _, mv := range v.Values {
				walk(mv.Value)
			}
		case *ast.MappingValueNode:
			walk(v.Value)
		case *ast.TagNode:
			walk(v.Value)
		case *ast.AnchorNode:
			walk(v.Value)
		case *ast.SequenceNode:
			for _, x := range v.Values {
				walk(x)
			}
		}
	}
	for _, d := range f.Docs {
		walk(d.Body)
	}
	return found
}
