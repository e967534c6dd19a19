package builtin

import (
	"embed"
	"io/fs"
)

//go:embed personas/*.md
var files embed.FS

// Names lists the built-in personas in catalog order.
var Names = []string{"planner", "builder"}

// Default is the persona that is active when none has been chosen.
const Default = "planner"

// File returns the Markdown source of the built-in persona name.
func File(name string) ([]byte, error) {
	return fs.ReadFile(files, "personas/"+name+".md")
}
