package policy

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestResolveLinks(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "proj", "src"), 0o755))
	must(os.MkdirAll(filepath.Join(root, "outside"), 0o755))
	must(os.Symlink(filepath.Join(root, "outside"), filepath.Join(root, "proj", "link")))
	must(os.Symlink(filepath.Join(root, "outside", "new.txt"), filepath.Join(root, "proj", "dangling")))
	must(os.Symlink("loop", filepath.Join(root, "proj", "loop")))
	tests := []struct{ in, want string }{
		{"proj/src/a.go", "proj/src/a.go"},   // no link, file not there yet
		{"proj/link/x/y", "outside/x/y"},     // a link in the middle
		{"proj/dangling", "outside/new.txt"}, // a write through a dangling link lands on its target
		{"proj/src/../link/z", "outside/z"},  // dot-dot before a link
		{"proj/loop/x", "proj/loop/x"},       // a loop stays as spelt
		{"proj//src/./b", "proj/src/b"},      // cleaned
	}
	for _, tt := range tests {
		got := ResolveLinks(filepath.ToSlash(filepath.Join(root, tt.in)))
		if want := filepath.ToSlash(filepath.Join(root, tt.want)); got != want {
			t.Errorf("ResolveLinks(%q) = %q, want %q", tt.in, got, want)
		}
	}
}

func TestPlaceForFindsTheRepositoryRoot(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	sub := filepath.Join(root, "repo", "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "repo", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if pl := PlaceFor(sub); pl == nil || pl.Project != filepath.ToSlash(filepath.Join(root, "repo")) || pl.Cwd != filepath.ToSlash(sub) {
		t.Errorf("PlaceFor(%q) = %+v, want project %q", sub, pl, filepath.Join(root, "repo"))
	}
	plain := filepath.Join(root, "plain")
	os.Mkdir(plain, 0o755)
	if pl := PlaceFor(plain); pl == nil || pl.Project != filepath.ToSlash(plain) {
		t.Errorf("PlaceFor(%q) without a repository = %+v, want the cwd as project", plain, pl)
	}
	if PlaceFor("") != nil || PlaceFor("rel/dir") != nil {
		t.Errorf("PlaceFor of an empty or relative cwd should be nil")
	}
}

func TestAtDecidesThroughRealLinks(t *testing.T) {
	root, _ := filepath.EvalSymlinks(t.TempDir())
	proj := filepath.Join(root, "proj")
	os.MkdirAll(filepath.Join(proj, ".git"), 0o755)
	os.MkdirAll(filepath.Join(root, "secrets"), 0o755)
	if err := os.Symlink(filepath.Join(root, "secrets"), filepath.Join(proj, "s")); err != nil {
		t.Fatal(err)
	}
	rs := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "read", Pattern: filepath.ToSlash(root) + "/secrets/*", Action: engine.Deny},
	}
	pol := At(engine.NewPolicy(rs), proj)
	if d := pol.DecideTool("read", "s/key"); d.Action != engine.Deny {
		t.Errorf("reading through a link into a denied folder: %s, want deny", d.Explain())
	}
	if d := pol.DecideTool("read", "src/a.go"); d.Action != engine.Allow {
		t.Errorf("reading in the project: %s, want allow", d.Explain())
	}
}
