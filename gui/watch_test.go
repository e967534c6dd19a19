package gui

import (
	"time"

	"github.com/agentmgr/agentmgr/trust"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/agentmgr/agentmgr/gui/personaedit"
	"github.com/agentmgr/agentmgr/gui/personalist"
)

func TestWatchingReloadsOutsideChanges(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	if err := s.StartWatching(); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(s.Dirs().GlobalAgents(), "writer.md"), "---\ndescription: Writes docs.\npermissions: build\n---\nWrite.\n")
	waitUI(t, q, "the new persona in the list", func() bool {
		return listHas(s.screen.List().Items(), "writer", func(personalist.ListItem) bool { return true })
	})

	// The state file is watched too: pi or the CLI switching agents shows in the title.
	writeFile(t, s.Dirs().StateFile(), `{"active": "writer"}`)
	waitUI(t, q, "the active agent from the state file", func() bool { return s.ws.Active() == "writer" })
}

func TestWatchingTurnsAnOutsideChangeUnderEditsIntoAConflict(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	if err := s.StartWatching(); err != nil {
		t.Fatal(err)
	}
	clickPersona(t, s, "reviewer")
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "Mine." })
	path := s.ws.Draft().Path()
	data, _ := os.ReadFile(path)
	writeFile(t, path, string(data)+"\nTheirs.\n")
	waitUI(t, q, "the conflict banner", func() bool { return s.ws.Draft().Conflict() == personaedit.ConflictChanged })
	v := s.screen.View()
	if !v.banner.Visible() {
		t.Fatal("the banner is hidden during a conflict")
	}
	// Before choosing, the person can see what the other program changed.
	test.Tap(findButton(v.banner, "Compare…"))
	cmp := topDialog(s)
	var tabs *container.AppTabs
	walk(cmp, func(o fyne.CanvasObject) {
		if t, ok := o.(*container.AppTabs); ok {
			tabs = t
		}
	})
	if tabs == nil || len(tabs.Items) != 4 {
		t.Fatal("Compare… shows no versions")
	}
	grid := func(i int) string {
		var text string
		walk(tabs.Items[i].Content, func(o fyne.CanvasObject) {
			if g, ok := o.(*widget.TextGrid); ok {
				text = g.Text()
			}
		})
		return text
	}
	if !strings.Contains(grid(0), "+Theirs.") || !strings.Contains(grid(1), "Theirs.") ||
		!strings.Contains(grid(2), "description: Mine.") || grid(3) != string(data) {
		t.Errorf("versions: their changes %q, on disk %q, yours %q, started from %q", grid(0), grid(1), grid(2), grid(3))
	}
	test.Tap(findButton(cmp, "Close"))
	test.Tap(findButton(v.banner, "Keep mine"))
	if v.banner.Visible() || s.ws.Draft().Conflict() != personaedit.ConflictKeptMine {
		t.Fatalf("after Keep mine: banner %v conflict %v", v.banner.Visible(), s.ws.Draft().Conflict())
	}
	test.Tap(v.save)
	dlg := topDialog(s)
	if dlg == nil || findButton(dlg, "Save mine") == nil {
		t.Fatal("saving after Keep mine did not ask a second time")
	}
	test.Tap(findButton(dlg, "Save mine"))
	settle(t, s, q)
	got, _ := os.ReadFile(path)
	if want := "description: Mine."; !contains(got, want) || !contains(got, "Theirs.") {
		t.Errorf("saved file should hold both changes:\n%s", got)
	}
}

func TestReloadFromDiskDropsEdits(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	clickPersona(t, s, "reviewer")
	s.ws.Draft().Update(func(d *personaedit.Draft) { d.Description = "Mine." })
	path := s.ws.Draft().Path()
	data, _ := os.ReadFile(path)
	writeFile(t, path, string(data)+"\nTheirs.\n")
	s.Reload()
	settle(t, s, q)
	if s.ws.Draft().Conflict() != personaedit.ConflictChanged {
		t.Fatalf("conflict = %v after reloading an outside change", s.ws.Draft().Conflict())
	}
	test.Tap(findButton(s.screen.View().banner, "Reload from disk"))
	settle(t, s, q)
	if m := s.ws.Draft(); m.Dirty() || m.Conflict() != personaedit.ConflictNone || !contains([]byte(m.Draft().Prompt), "Theirs.") {
		t.Errorf("after Reload from disk: dirty %v conflict %v prompt %q", m.Dirty(), m.Conflict(), m.Draft().Prompt)
	}
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }

// The previews decide with the guards files: editing one, the user's or the project's, reloads
// the app, so that the Simulator answers what the gate already answers.
func TestWatchingReloadsOnAGuardsChange(t *testing.T) {
	d := fixtureDirs(t)
	d.Project = filepath.Join(t.TempDir(), ".pi")
	for _, dir := range []string{d.StateDir(), d.ProjectStateDir()} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s, q := newQueuedShell(t, d)
	if err := s.StartWatching(); err != nil {
		t.Fatal(err)
	}
	src := previewStateOf(s).src
	// The built-in guard is always there, before the files.
	guarded := func(n int) func() bool { return func() bool { return len(src.Guards()) == 1+n } }
	waitUI(t, q, "no guards files at first", guarded(0))
	writeFile(t, d.GlobalGuards(), "edit:\n  \"*.env\": deny\n")
	waitUI(t, q, "the user's guards file in the previews", guarded(1))
	// A project's guards count once the person trusts the project as it now is (agentmgr
	// trust): the trust store changing reloads the app as well.
	writeFile(t, d.ProjectGuards(), "bash:\n  \"rm *\": deny\n")
	if _, err := trust.Trust(d, time.Now()); err != nil {
		t.Fatal(err)
	}
	waitUI(t, q, "the trusted project's guards file in the previews", guarded(2))
	// Changed again by anyone (the agent included), the project's guards are no longer used.
	writeFile(t, d.ProjectGuards(), "bash:\n  \"rm *\": ask\n")
	waitUI(t, q, "the changed project's guards file out of the previews", guarded(1))
}
