package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/preview"
)

func TestPreviewTabFollowsUnsavedEdits(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("reviewer")
	v := NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	kind := func(tool string) preview.Kind {
		st, ok := v.Status(tool)
		if !ok {
			t.Fatalf("the preview has no row for %s", tool)
		}
		return st.Kind
	}
	if k := kind("write"); k != preview.KindHidden {
		t.Fatalf("reviewer write = %s, want hidden", k)
	}
	if k := kind("bash"); k != preview.KindDepends {
		t.Fatalf("reviewer bash = %s, want depends", k)
	}
	s.ws.Draft().Update(func(d *personaedit.Draft) {
		d.Rules = append(d.Rules, personaedit.RuleRow{Permission: "edit", Pattern: "docs/*", Action: engine.Ask})
	})
	if k := kind("write"); k != preview.KindDepends {
		t.Errorf("after an unsaved edit asking for docs/*, reviewer write = %s, want depends", k)
	}
	if !strings.Contains(v.envelope.Text(), "write") || !strings.Contains(v.block.Text(), `<persona name="reviewer"`) {
		t.Errorf("envelope or block missing:\n%s\n%s", v.envelope.Text(), v.block.Text())
	}
	if !strings.Contains(v.mode.Text, "Permission mode: plan") {
		t.Errorf("mode line = %q", v.mode.Text)
	}
}

func TestPreviewTabAddsToolsToEveryPreview(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("builder")
	v := NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	v.newTool.SetText("mcp_github_create_pr")
	v.addTool()
	st, ok := v.Status("mcp_github_create_pr")
	if !ok || st.Kind != preview.KindAllow {
		t.Fatalf("added tool: %+v %v, want allow by builder's catch-all", st, ok)
	}
	if last := len(v.Statuses()) - 1; v.selected != last {
		t.Errorf("after adding a tool the selected row is %d, want the new tool's row %d (so it is in view, with its detail)", v.selected, last)
	}
	if mx := screenOf[*MatrixScreen](t, s, MatrixTitle).Matrix(); !strings.Contains(strings.Join(mx.Tools, " "), "mcp_github_create_pr") {
		t.Errorf("the matrix did not pick up the added tool: %q", mx.Tools)
	}
	v.list.Select(len(v.Statuses()) - 1)
	if b := findButtonPrefix(v.detail, "Forget this tool"); b == nil {
		t.Fatalf("no way to forget an added tool")
	} else {
		b.OnTapped()
	}
	if _, ok := v.Status("mcp_github_create_pr"); ok {
		t.Errorf("the forgotten tool is still previewed")
	}
}

func TestPreviewTabDetailTriesOutcomesInTheSimulator(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("reviewer")
	v := NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	for i, st := range v.Statuses() {
		if st.Tool == "bash" {
			v.list.Select(i)
		}
	}
	texts := strings.Join(labelTexts(v.detail), "\n")
	for _, want := range []string{"deny for any value no narrower rule names", `allow, e.g. "git diff"`, `deny, e.g. "git push"`, "reviewers never push"} {
		if !strings.Contains(texts, want) {
			t.Errorf("bash detail does not say %q:\n%s", want, texts)
		}
	}
	b := findButtonPrefix(v.detail, "Try")
	if b == nil {
		t.Fatal("no Try button")
	}
	b.OnTapped()
	if r := screenOf[*SimulatorScreen](t, s, SimulatorTitle).Result(); r == nil || r.Agent != "reviewer" || r.Tool != "bash" {
		t.Errorf("Try left the simulator at %+v", r)
	}
}

func TestPreviewAndMatrixSayWhenShellRulesAreBypassable(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("reviewer")
	v := NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	if a := v.ShellAdvice(); !strings.Contains(a, "allow-list") || strings.Contains(a, "bypassable") {
		t.Errorf("reviewer's shell line = %q, want an allow-list, not called bypassable", a)
	}
	s.ws.Draft().Update(func(d *personaedit.Draft) {
		d.Rules = append(d.Rules,
			personaedit.RuleRow{Permission: "bash", Pattern: "*", Action: engine.Allow},
			personaedit.RuleRow{Permission: "bash", Pattern: "rm *", Action: engine.Deny})
	})
	if a := v.ShellAdvice(); !strings.Contains(a, "bypassable") || !strings.Contains(a, "allow-list form") {
		t.Errorf("after unsaved edits making bash a deny-list, reviewer's shell line = %q, want it called bypassable with the allow-list advice", a)
	}
	m := screenOf[*MatrixScreen](t, s, MatrixTitle)
	m.Refresh()
	if got := m.ShellSummary(); !strings.HasPrefix(got, "Shell rules: reviewer: allowed by default") || !strings.Contains(got, "allow-list form") || !strings.Contains(got, "builder: allowed by default, 4 patterns ask first") {
		t.Errorf("matrix shell summary = %q, want the edited reviewer first, called bypassable, and builder's asks", got)
	}
}

func TestPreviewTabShowsManyToolsAtTheDefaultSize(t *testing.T) {
	s := part2Shell(t)
	s.SelectPersona("reviewer")
	v := tabOf[*PreviewTab](t, s, PreviewTitle)
	row := newStatusRow().MinSize().Height
	if rows := int(v.list.Size().Height / row); rows < 12 {
		t.Errorf("the tool list shows %d rows at 1180x760; want at least 12", rows)
	}
}

func TestPreviewTabShowsRuleSourcesRelativeToTheirFolder(t *testing.T) {
	s := part2Shell(t)
	tests := []struct {
		persona, want string
	}{
		{"reviewer", "(agents/reviewer.md:"},
		{"deployer", "(.pi/agents/deployer.md:"},
	}
	for _, tt := range tests {
		s.SelectPersona(tt.persona)
		v := NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
		for i, st := range v.Statuses() {
			if st.Tool == "bash" {
				v.list.Select(i)
			}
		}
		texts := strings.Join(labelTexts(v.detail), "\n")
		if !strings.Contains(texts, filepath.FromSlash(tt.want)) {
			t.Errorf("%s: the bash detail does not name its source as %q:\n%s", tt.persona, tt.want, texts)
		}
		if strings.Contains(texts, s.Dirs().Agent) || strings.Contains(texts, filepath.Dir(s.Dirs().Project)) {
			t.Errorf("%s: the bash detail still shows absolute paths:\n%s", tt.persona, texts)
		}
	}
}

// Every tool's row says its whole reason at 800x600: the text wraps (nothing is cut with "…")
// and the row is as high as the wrapped text, so a long deny reason is read in full.
func TestPreviewRowsShowTheWholeReason(t *testing.T) {
	dirs := fixtureDirs(t)
	reason := "grep is denied for this persona because the review must rely only on the repository, never on pages from the network that could carry instructions"
	file := "---\ndescription: Long reasons.\npermissions:\n  \"*\": allow\n  grep: {action: deny, reason: \"" + reason + "\"}\n---\nBody.\n"
	if err := os.WriteFile(filepath.Join(dirs.GlobalAgents(), "longwhy.md"), []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newTestShell(t, dirs)
	s.SelectPersona("longwhy")
	v := NewPreviewTab(previewStateOf(s), tabDepsOf(s), s.ws.Draft())
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(800, 600))
	if got := v.RowSummary("grep"); !strings.Contains(got, reason) {
		t.Errorf("grep's row says %q; want the whole reason %q", got, reason)
	}
	row := newStatusRow().(*fyne.Container).Objects[0].(*widget.Label)
	if row.Truncation != fyne.TextTruncateOff || row.Wrapping != fyne.TextWrapWord {
		t.Errorf("the reason label truncates (%v) or does not wrap (%v)", row.Truncation, row.Wrapping)
	}
	one := v.RowHeight("read")
	long := v.RowHeight("grep")
	if one <= 0 || long < 2*one-theme.Padding()*2 {
		t.Errorf("grep's row is %v high, read's %v; want the long reason's row to take several lines", long, one)
	}
	if n := len(v.Statuses()); n < 20 {
		t.Errorf("the preview lists %d tools; want every known tool", n)
	}
}

// At 800x600 in the window, the tool list keeps a width in which its reasons can be read: the
// detail pane's lines wrap instead of claiming the width.
func TestPreviewListKeepsItsWidthAt800x600(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t), Screens()...)
	s.Window().Resize(fyne.NewSize(800, 600))
	clickPersona(t, s, "reviewer")
	v := tabOf[*PreviewTab](t, s, PreviewTitle)
	if w := v.list.Size().Width; w < 250 {
		t.Errorf("the Preview's tool list is %v px wide at 800x600; want room for the reasons (250 or more)", w)
	}
	fits(t, s, "Preview", 800, 600)
}
