package opencode

import (
	_ "embed"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
)

//go:embed plugin/agentmgr.js
var source string

// Header is the first line of the plugin: a file without it is not agentmgr's, and is never
// overwritten or removed.
const Header = "// agentmgr's OpenCode plugin:"

// plugin is agentmgr's file in an OpenCode config folder. Its placeholders are plain
// JavaScript constants.
var plugin = ownedfile.New(ownedfile.File{
	Dir: DirName, Name: FileName, Header: Header, Source: source,
	Noun: "plugin", Program: "OpenCode", Command: "opencode",
})

// Render is the plugin as install writes it, calling the binary at binary (an absolute path)
// and naming agentmgr's version.
func Render(binary, version string) []byte { return plugin.Render(binary, version) }

// Installed is what an installed plugin file says about itself.
type Installed = ownedfile.Stamp

// Parse reads the binary and version a plugin file was written with. A file that is not
// agentmgr's plugin is an error.
func Parse(data []byte) (Installed, error) { return plugin.Parse(data) }
