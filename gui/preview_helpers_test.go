package gui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

// part2Dirs copies testdata/part2 into a temporary folder, so that tests may write into it:
// an agent dir with personas, guards, keybindings and a review log, and a project .pi folder.
func part2Dirs(t *testing.T) locations.Dirs {
	t.Helper()
	dst := copyTestdata(t, "part2")
	d := locations.Dirs{Agent: filepath.Join(dst, "agentdir"), Project: filepath.Join(dst, "project", ".pi")}
	// The fixture's project personas are the person's own: trusted, as `agentmgr trust` does.
	if _, err := trust.Trust(d, time.Now()); err != nil {
		t.Fatal(err)
	}
	return d
}

// part2Shell builds a shell over the part 2 fixture on the test driver, with a fixed home so
// that paths in previews do not depend on the machine.
func part2Shell(t *testing.T) *Shell {
	t.Helper()
	t.Setenv("HOME", "/home/u")
	return newTestShell(t, part2Dirs(t), Screens()...)
}

// findButtonPrefix finds, depth first, the button whose text starts with prefix.
func findButtonPrefix(o fyne.CanvasObject, prefix string) *widget.Button {
	switch v := o.(type) {
	case *widget.Button:
		if strings.HasPrefix(v.Text, prefix) {
			return v
		}
	case *fyne.Container:
		for _, c := range v.Objects {
			if b := findButtonPrefix(c, prefix); b != nil {
				return b
			}
		}
	case *container.Scroll:
		return findButtonPrefix(v.Content, prefix)
	}
	return nil
}

// labelTexts lists, depth first, the text of every label under o.
func labelTexts(o fyne.CanvasObject) []string {
	var out []string
	switch v := o.(type) {
	case *widget.Label:
		out = append(out, v.Text)
	case *fyne.Container:
		for _, c := range v.Objects {
			out = append(out, labelTexts(c)...)
		}
	case *container.Scroll:
		out = append(out, labelTexts(v.Content)...)
	}
	return out
}
