package gui

import (
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/internal/unidiff"
)

// colorDiff paints a unified diff in g: added lines green, removed lines red, hunk headers in
// the info colour; the file headers and any text around the diff stay plain. The +/- marks
// stay, so the diff reads without colour too. Lines are told apart by unidiff.Kinds, which
// counts each hunk's lines: a removed "---" fence is red, not taken for a file header.
func colorDiff(g *widget.TextGrid) {
	styles := map[unidiff.Kind]*widget.CustomTextGridStyle{
		unidiff.Added:   {FGColor: tokenColors["success"]},
		unidiff.Removed: {FGColor: tokenColors["error"]},
		unidiff.Hunk:    {FGColor: tokenColors["info"]},
	}
	for i, k := range unidiff.Kinds(g.Text()) {
		if s, ok := styles[k]; ok {
			g.SetRowStyle(i, s)
		}
	}
	g.Refresh()
}
