package gui

import (
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/internal/unidiff"
)

// TestColorDiffPaintsEachLineAsWhatItIs: removed lines red, added green, hunk headers in the
// info colour, the file headers plain; a removed "---" fence is red like any removed line.
func TestColorDiffPaintsEachLineAsWhatItIs(t *testing.T) {
	g := widget.NewTextGrid()
	g.SetText(unidiff.Diff("a.md", "a.md", []byte("---\nname: x\n---\n"), []byte("name: x\n+++\n")))
	colorDiff(g)
	want := []string{"", "", "info", "error", "", "error", "success"} // "--- a.md", "+++ a.md", "@@", "----", " name: x", "----", "++++"
	if len(g.Rows) < len(want) {
		t.Fatalf("%d rows:\n%s", len(g.Rows), g.Text())
	}
	for i, token := range want {
		var got any
		if s, ok := g.Rows[i].Style.(*widget.CustomTextGridStyle); ok {
			got = s.FGColor
		}
		if token == "" && got != nil || token != "" && got != tokenColors[token] {
			t.Errorf("row %d %q painted %v, want %q", i, g.Row(i).Cells, got, token)
		}
	}
}
