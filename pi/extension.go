package pi

import (
	_ "embed"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

//go:embed extension/index.ts
var source string

// Header is the first line of the extension: a file without it is not agentmgr's, and is
// never overwritten or removed.
const Header = "// agentmgr's pi extension:"

// extension is agentmgr's file in pi's extensions folder. Its placeholders are TypeScript
// constants typed string.
var extension = ownedfile.New(ownedfile.File{
	Dir: DirName, Name: FileName, Header: Header, Source: source, Annotation: ": string",
	Noun: "extension", Program: "pi", Command: "pi",
})

// Render is the extension as install writes it, calling the binary at binary (an absolute
// path) and naming agentmgr's version.
func Render(binary, version string) []byte { return extension.Render(binary, version) }

// Installed is what an installed extension file says about itself.
type Installed = ownedfile.Stamp

// Parse reads the binary and version an extension file was written with. A file that is not
// agentmgr's extension is an error.
func Parse(data []byte) (Installed, error) { return extension.Parse(data) }
