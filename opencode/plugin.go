package opencode

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

//go:embed plugin/agentmgr.js
var source string

// The placeholders install fills in: each is followed by a JSON string literal, which is also
// a valid JavaScript one.
const (
	binaryMark  = "/*agentmgr:binary*/ "
	versionMark = "/*agentmgr:version*/ "
)

// Header is the first line of the plugin: a file without it is not agentmgr's, and is never
// overwritten or removed.
const Header = "// agentmgr's OpenCode plugin:"

// Render is the plugin as install writes it, calling the binary at binary (an absolute path)
// and naming agentmgr's version.
func Render(binary, version string) []byte {
	out := fill(source, binaryMark, binary)
	return []byte(fill(out, versionMark, version))
}

// fill replaces the string literal after mark with s.
func fill(src, mark, s string) string {
	i := strings.Index(src, mark)
	if i < 0 {
		panic("opencode: the embedded plugin lacks " + mark)
	}
	start := i + len(mark)
	end := start + literalLen(src[start:])
	lit, _ := json.Marshal(s)
	return src[:start] + string(lit) + src[end:]
}

// literalLen is the length of the JSON string literal at the start of s.
func literalLen(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(s)
}

// Installed is what an installed plugin file says about itself.
type Installed struct {
	Binary  string // the binary it starts
	Version string // the agentmgr version that wrote it
}

var markRE = regexp.MustCompile(`(?m)^const (BINARY|VERSION) = /\*agentmgr:(binary|version)\*/ ("(?:[^"\\]|\\.)*");`)

// Parse reads the binary and version a plugin file was written with. A file that is not
// agentmgr's plugin is an error.
func Parse(data []byte) (Installed, error) {
	src := string(data)
	if !strings.HasPrefix(src, Header) {
		return Installed{}, fmt.Errorf("it does not start with %q: not agentmgr's plugin", Header)
	}
	var in Installed
	for _, m := range markRE.FindAllStringSubmatch(src, -1) {
		var s string
		if err := json.Unmarshal([]byte(m[3]), &s); err != nil {
			return Installed{}, fmt.Errorf("its %s is not a string literal: %w", m[1], err)
		}
		if m[1] == "BINARY" {
			in.Binary = s
		} else {
			in.Version = s
		}
	}
	if in.Binary == "" {
		return Installed{}, fmt.Errorf("it names no agentmgr binary")
	}
	return in, nil
}
