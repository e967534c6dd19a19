package gui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/personas"
)

func TestProjectPiFor(t *testing.T) {
	root := t.TempDir()
	repo := filepath.Join(root, "repo")
	sub := filepath.Join(repo, "src", "pkg")
	plain := filepath.Join(root, "plain")
	for _, d := range []string{filepath.Join(repo, ".git"), sub, plain} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ name, wd, home, want string }{
		{"the repository root, from below it", sub, "", filepath.Join(repo, ".pi")},
		{"the working directory outside a repository", plain, "", filepath.Join(plain, ".pi")},
		{"never the home's .pi", plain, plain, ""},
		{"no working directory", "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := projectPiFor(tc.wd, tc.home); got != tc.want {
				t.Errorf("projectPiFor(%q, %q) = %q, want %q", tc.wd, tc.home, got, tc.want)
			}
		})
	}
}

func TestNewProjectPersonaMakesTheProjectsAgentsFolder(t *testing.T) {
	repo := t.TempDir()
	sub := filepath.Join(repo, "src")
	for _, d := range []string{filepath.Join(repo, ".git"), sub} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(sub)
	s, q := newQueuedShell(t, fixtureDirs(t))
	s.files.newPersona()
	dlg := topDialog(s)
	var scope *widget.RadioGroup
	walk(dlg, func(o fyne.CanvasObject) {
		if r, ok := o.(*widget.RadioGroup); ok {
			scope = r
		}
	})
	if scope == nil {
		t.Fatal("no scope choice in the New dialog")
	}
	project := personas.ScopeProject.String()
	if !containsString(scope.Options, project) {
		t.Fatalf("scope choices %q lack %q without a .pi folder", scope.Options, project)
	}
	scope.SetSelected(project)
	want := filepath.Join(repo, ".pi", "agents")
	if !hasLabel(dlg, "Creates "+want) {
		t.Errorf("the dialog does not say it creates %s", want)
	}
	findEntry(dlg, "lower-case name, e.g. reviewer").SetText("helper")
	test.Tap(findButton(dlg, "Create"))
	settle(t, s, q)
	if _, err := os.Stat(filepath.Join(want, "helper.md")); err != nil {
		t.Fatalf("no project persona file: %v", err)
	}
	if s.ws.Selected() != "helper" {
		t.Errorf("after Create: selected %q, want helper", s.ws.Selected())
	}
	// A project's files are used once the person trusts the project (docs/trust.md): until
	// then the new persona is listed as not used, and why.
	un := s.ws.Catalog().Unused()
	if len(un) != 1 || un[0].Persona == nil || un[0].Persona.Name != "helper" || un[0].Why != "not used: project not trusted" {
		t.Errorf("the catalog does not list helper as a project persona not used yet: %+v", un)
	}
}
