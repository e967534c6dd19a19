package gui

import (
	"strings"

	"fyne.io/fyne/v2/widget"
)

// colorDiff paints a unified diff in g: added lines green, removed lines red, hunk headers in
// the info colour. The +/- marks stay, so the diff reads without colour too.
func colorDiff(g *widget.TextGrid) {
	added := &widget.CustomTextGridStyle{FGColor: tokenColors["success"]}
	removed := &widget.CustomTextGridStyle{FGColor: tokenColors["error"]}
	hunk := &widget.CustomTextGridStyle{FGColor: tokenColors["info"]}
	for i, row := range strings.Split(g.Text(), "\n") {
		switch {
		case strings.HasPrefix(row, "+++"), strings.HasPrefix(row, "---"):
			continue
		case strings.HasPrefix(row, "+"):
			g.SetRowStyle(i, added)
		case strings.HasPrefix(row, "-"):
			g.SetRowStyle(i, removed)
		case strings.HasPrefix(row, "@@"):
			g.SetRowStyle(i, hunk)
		}
	}
	g.Refresh()
}
