package ownedfile

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/agentmgr/agentmgr/internal/escape"
)

// File describes one file agentmgr owns in another program's config folder. Its template
// carries the header line and two placeholders, each a comment followed by a JSON string
// literal (also a valid JavaScript and TypeScript one) on a line of its own:
//
//	const BINARY<Annotation> = /*agentmgr:binary*/ "…";
//	const VERSION<Annotation> = /*agentmgr:version*/ "…";
type File struct {
	Dir, Name  string // where it lives inside the config folder: <root>/<Dir>/<Name>
	Header     string // its first line: a file without it is not agentmgr's
	Source     string // the template
	Annotation string // what follows the constant's name in the template: ": string" in TypeScript
	Noun       string // what it is, in messages: "extension", "plugin"
	Program    string // the program that loads it, in messages: "pi", "OpenCode"
	Command    string // agentmgr's subcommand that installs it: "pi", "opencode"

	marks *regexp.Regexp
}

// The placeholders install fills in.
const (
	binaryMark  = "/*agentmgr:binary*/ "
	versionMark = "/*agentmgr:version*/ "
)

// New is f, ready to render and parse.
func New(f File) *File {
	f.marks = regexp.MustCompile(`(?m)^const (BINARY|VERSION)` + regexp.QuoteMeta(f.Annotation) +
		` = /\*agentmgr:(binary|version)\*/ ("(?:[^"\\]|\\.)*");`)
	return &f
}

// Path is the file inside the config folder root.
func (f *File) Path(root string) string { return filepath.Join(root, f.Dir, f.Name) }

// Render is the file as install writes it, calling the binary at binary (an absolute path)
// and naming agentmgr's version.
func (f *File) Render(binary, version string) []byte {
	out := f.fill(f.Source, binaryMark, binary)
	return []byte(f.fill(out, versionMark, version))
}

// fill replaces the string literal after mark with s.
func (f *File) fill(src, mark, s string) string {
	i := strings.Index(src, mark)
	if i < 0 {
		panic(f.Command + ": the embedded " + f.Noun + " lacks " + mark)
	}
	start := i + len(mark)
	end := start + escape.QuotedLen(src[start:])
	lit, _ := json.Marshal(s)
	return src[:start] + string(lit) + src[end:]
}

// Stamp is what an installed file says about itself.
type Stamp struct {
	Binary  string // the binary it starts
	Version string // the agentmgr version that wrote it
}

// Parse reads the binary and version a file was written with. A file that is not agentmgr's
// is an error.
func (f *File) Parse(data []byte) (Stamp, error) {
	src := string(data)
	if !strings.HasPrefix(src, f.Header) {
		return Stamp{}, fmt.Errorf("it does not start with %q: not agentmgr's %s", f.Header, f.Noun)
	}
	var in Stamp
	for _, m := range f.marks.FindAllStringSubmatch(src, -1) {
		var s string
		if err := json.Unmarshal([]byte(m[3]), &s); err != nil {
			return Stamp{}, fmt.Errorf("its %s is not a string literal: %w", m[1], err)
		}
		if m[1] == "BINARY" {
			in.Binary = s
		} else {
			in.Version = s
		}
	}
	if in.Binary == "" {
		return Stamp{}, fmt.Errorf("it names no agentmgr binary")
	}
	return in, nil
}
