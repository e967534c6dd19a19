package gui

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/gui/personalist"
)

func TestBrokenFileMoveToTrashAndUndo(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	broken := filepath.Join(s.Dirs().GlobalAgents(), "broken.md")
	was, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	clickPersona(t, s, broken)
	trash := findButton(s.screen.View(), "Move to trash")
	if trash == nil {
		t.Fatal("a broken file offers no Move to trash")
	}
	test.Tap(trash)
	test.Tap(findButton(topDialog(s), "Move to trash"))
	settle(t, s, q)
	if _, err := os.Stat(broken); !os.IsNotExist(err) {
		t.Fatalf("the broken file is still there: %v", err)
	}
	if listHas(s.screen.List().Items(), broken, func(personalist.ListItem) bool { return true }) {
		t.Error("the broken file is still listed")
	}
	if !s.notice.box.Visible() || !strings.Contains(s.notice.text.Text, "Moved broken.md to the trash") {
		t.Fatalf("no undo notice (%q)", s.notice.text.Text)
	}
	test.Tap(s.notice.action)
	settle(t, s, q)
	if got, _ := os.ReadFile(broken); string(got) != string(was) {
		t.Fatalf("Undo restored %q, want the file as it was", got)
	}
	if s.ws.Selected() != broken {
		t.Errorf("after Undo the selection is %q, want the broken file", s.ws.Selected())
	}
}

func TestBrokenFileMoveToTrashCanBeCancelled(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	broken := filepath.Join(s.Dirs().GlobalAgents(), "broken.md")
	clickPersona(t, s, broken)
	test.Tap(findButton(s.screen.View(), "Move to trash"))
	test.Tap(findButton(topDialog(s), choiceCancel))
	settle(t, s, q)
	if _, err := os.Stat(broken); err != nil {
		t.Errorf("Cancel still moved the file: %v", err)
	}
}

func TestBrokenFileOpensInTheDesktopEditor(t *testing.T) {
	s := newTestShell(t, fixtureDirs(t))
	var opened []*url.URL
	s.files.openURL = func(u *url.URL) error { opened = append(opened, u); return nil }
	broken := filepath.Join(s.Dirs().GlobalAgents(), "broken.md")
	clickPersona(t, s, broken)
	test.Tap(findButton(s.screen.View(), "Open in editor"))
	if len(opened) != 1 || opened[0].Scheme != "file" || filepath.FromSlash(opened[0].Path) != broken {
		t.Errorf("opened %v, want the file URL of %s", opened, broken)
	}
}

// A broken file is fixed in the app: its text is shown with the reader's errors, which follow
// the typing, and Save writes it; the list then has the persona instead of the broken file.
func TestBrokenFileIsFixedInTheRawView(t *testing.T) {
	s, q := newQueuedShell(t, fixtureDirs(t))
	broken := filepath.Join(s.Dirs().GlobalAgents(), "broken.md")
	clickPersona(t, s, broken)
	v := s.screen.View().raw
	if v == nil {
		t.Fatal("a broken file has no raw text view")
	}
	if !strings.Contains(v.probs.Text, "broken.md:5:9") || !v.save.Disabled() {
		t.Errorf("before editing: problems %q (want broken.md:5:9), save disabled %v", v.probs.Text, v.save.Disabled())
	}
	v.text.SetText(strings.Replace(v.text.Text, "bash: block", "bash: deny", 1))
	if strings.Contains(v.probs.Text, "broken.md:5:9") || v.save.Disabled() {
		t.Fatalf("after the fix: problems %q, save disabled %v", v.probs.Text, v.save.Disabled())
	}
	test.Tap(v.save)
	settle(t, s, q)
	if got, _ := os.ReadFile(broken); !strings.Contains(string(got), "bash: deny") {
		t.Fatalf("the file was not written: %q", got)
	}
	if s.ws.Selected() != "broken" || s.ws.Draft() == nil || s.ws.Draft().Broken() {
		t.Errorf("after saving the fix: selected %q; want the persona broken, loaded", s.ws.Selected())
	}
}
