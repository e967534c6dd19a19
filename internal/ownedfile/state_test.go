package ownedfile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestCheck(t *testing.T) {
	f := jsFile()
	dir := t.TempDir()
	bin := filepath.Join(dir, "agentmgr")
	testfiles.Write(t, bin, "#!/bin/sh\n")
	gone := filepath.Join(dir, "gone")
	for _, tc := range []struct {
		name   string
		before string // "" for none
		want   State  // Scope and Path are filled in by the test
	}{
		{"not installed", "", State{}},
		{"current", string(f.Render(bin, "1.0")), State{Installed: true, Current: true, Binary: bin, Version: "1.0"}},
		{"outdated", string(f.Render(bin, "0.9")), State{Installed: true, Binary: bin, Version: "0.9"}},
		{"binary gone", string(f.Render(gone, "1.0")), State{Installed: true, Binary: gone, Version: "1.0", BinaryMissing: true}},
		{"someone else's", "export default {};\n", State{Installed: true,
			Problem: `it does not start with "// agentmgr's test file:": not agentmgr's plugin`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			if tc.before != "" {
				testfiles.Write(t, f.Path(root), tc.before)
			}
			want := tc.want
			want.Scope, want.Path = "project", f.Path(root)
			if got := f.Check("project", root, bin, "1.0"); got != want {
				t.Errorf("Check =\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}

func TestCheckUnreadable(t *testing.T) {
	root := t.TempDir()
	f := jsFile()
	// A folder where the file should be cannot be read as one.
	if err := os.MkdirAll(f.Path(root), 0o755); err != nil {
		t.Fatal(err)
	}
	st := f.Check("global", root, "/b", "1")
	if st.Installed || st.Problem == "" {
		t.Errorf("Check = %+v, want not installed with a problem", st)
	}
}

// Scopes checks the global folder, and the project's only when there is one of its own.
func TestScopes(t *testing.T) {
	f := jsFile()
	global, project := t.TempDir(), t.TempDir()
	testfiles.Write(t, f.Path(project), string(f.Render("/b", "1.0")))
	for _, tc := range []struct {
		name, project string
		wantProject   bool
	}{
		{"no project", "", false},
		{"the project is the global folder", global, false},
		{"a project of its own", project, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, p := f.Scopes(global, tc.project, "/b", "1.0")
			if g != f.Check("global", global, "/b", "1.0") {
				t.Errorf("global = %+v, want Check's", g)
			}
			if (p != nil) != tc.wantProject || p != nil && *p != f.Check("project", project, "/b", "1.0") {
				t.Errorf("project = %+v, want Check's: %v", p, tc.wantProject)
			}
		})
	}
}

func TestUsable(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   *State
		want bool
	}{
		{"nil", nil, false},
		{"not installed", &State{}, false},
		{"installed", &State{Installed: true}, true},
		{"outdated", &State{Installed: true, Current: false, Version: "0.1"}, true},
		{"not agentmgr's", &State{Installed: true, Problem: "x"}, false},
		{"binary gone", &State{Installed: true, BinaryMissing: true}, false},
	} {
		if got := tc.st.Usable(); got != tc.want {
			t.Errorf("%s: Usable = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestAdvise(t *testing.T) {
	f := jsFile()
	ok := State{Scope: "global", Path: "/g", Installed: true, Current: true, Binary: "/b", Version: "1"}
	proj := func(s State) *State { s.Scope, s.Path = "project", "/p"; return &s }
	for _, tc := range []struct {
		name          string
		global        State
		project       *State
		want          []string
		wantInstalled bool
	}{
		{"nothing installed", State{Scope: "global"}, nil, []string{}, false},
		{"nothing installed, with a project", State{Scope: "global"}, proj(State{}), []string{}, false},
		{"all well", ok, nil, []string{}, true},
		{"not agentmgr's", State{Scope: "global", Path: "/g", Installed: true, Problem: "no header"}, nil,
			[]string{"/g is not agentmgr's plugin (no header); move it away, then run `agentmgr tester install`"}, true},
		{"binary gone in the project", State{Scope: "global"}, proj(State{Installed: true, Current: true, Binary: "/b", BinaryMissing: true}),
			[]string{"the project plugin starts /b, which is gone, so Tester blocks every tool call; run `agentmgr tester install --project`"}, true},
		{"outdated", State{Scope: "global", Installed: true, Binary: "/old", Version: "0.1"}, nil,
			[]string{"the global plugin was written by another agentmgr (0.1, /old); run `agentmgr tester install` to update it"}, true},
		{"both scopes", ok, proj(ok), []string{"the plugin is installed both globally and in the project; Tester loads both, and both decide every call: run `agentmgr tester uninstall --project` to keep one"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, installed := f.Advise(tc.global, tc.project)
			if !reflect.DeepEqual(got, tc.want) || installed != tc.wantInstalled {
				t.Errorf("Advise = %q, %v\nwant %q, %v", got, installed, tc.want, tc.wantInstalled)
			}
			for _, a := range got {
				if strings.Contains(a, "\n") {
					t.Errorf("advice %q spans lines", a)
				}
			}
		})
	}
}
