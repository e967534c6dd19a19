package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
)

// project makes an agent dir and a project with one persona file.
func project(t *testing.T) locations.Dirs {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "work", "proj", ".pi")}
	testfiles.Write(t, filepath.Join(d.ProjectAgents(), "helper.md"), "---\ndescription: h\npermissions: build\n---\n")
	return d
}

// pi's trust store decides as pi does: the nearest folder named true or false, null meaning
// no decision there; its defaultProjectTrust for a folder none names ("ask" is untrusted:
// nobody can be asked in the middle of a call).
func TestPiDecides(t *testing.T) {
	tests := []struct {
		name     string
		store    string // %s is the project folder, %p its parent
		settings string
		want     State
		wantBy   string
	}{
		{"nothing recorded", "", "", Untrusted, "no trust decision recorded"},
		{"the project trusted", `{"%s": true}`, "", Trusted, "trusted in pi's trust.json"},
		{"the parent trusted", `{"%p": true}`, "", Trusted, "trusted in pi's trust.json"},
		{"the nearest wins", `{"%p": true, "%s": false}`, "", Untrusted, "refused in pi's trust.json"},
		{"null is no decision", `{"%s": null, "%p": true}`, "", Trusted, "(%p)"},
		{"the first of two keys for one folder", `{"%s/": false, "%s": true}`, "", Untrusted, "refused"},
		{"a relative key names nothing", `{"proj": true}`, "", Untrusted, "no trust decision"},
		{"default always", "", `{"defaultProjectTrust": "always"}`, Trusted, "defaultProjectTrust is always"},
		{"default never", "", `{"defaultProjectTrust": "never"}`, Untrusted, "defaultProjectTrust is never"},
		{"an unknown default is ask", "", `{"defaultProjectTrust": "sometimes"}`, Untrusted, "no trust decision"},
		{"a decision beats the default", `{"%s": false}`, `{"defaultProjectTrust": "always"}`, Untrusted, "refused"},
		{"a broken store decides nothing", `{"%s": "yes"}`, "", Untrusted, "no trust decision"},
		{"a byte-order mark is read past", "\uFEFF" + `{"%s": true}`, "", Trusted, "trusted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := project(t)
			fill := func(s string) string {
				s = strings.ReplaceAll(s, "%s", filepath.ToSlash(d.ProjectDir()))
				return strings.ReplaceAll(s, "%p", filepath.ToSlash(filepath.Dir(d.ProjectDir())))
			}
			if tt.store != "" {
				testfiles.Write(t, d.PiTrustStore(), fill(tt.store))
			}
			if tt.settings != "" {
				testfiles.Write(t, d.PiSettings(), tt.settings)
			}
			st := Of(d)
			if st.State != tt.want || !strings.Contains(st.By, fill(tt.wantBy)) {
				t.Errorf("Of = %v (%s), want %v (%s)", st.State, st.By, tt.want, fill(tt.wantBy))
			}
		})
	}
}

// agentmgr's own decision on a project wins over pi's, and names what it covers: any change,
// addition or removal makes the project Changed until it is trusted again.
func TestAgentmgrTrustCoversTheFiles(t *testing.T) {
	d := project(t)
	testfiles.Write(t, d.PiTrustStore(), `{"`+filepath.ToSlash(d.ProjectDir())+`": true}`)
	if st, err := Revoke(d, time.Now()); err != nil || st.State != Untrusted || !strings.Contains(st.NotUsed(), "project not trusted") {
		t.Fatalf("Revoke = %+v, %v; want untrusted whatever pi says", st, err)
	}
	st, err := Trust(d, time.Now())
	if err != nil || st.State != Trusted || len(st.Files) != 1 || st.Files[0].Path != "agents/helper.md" {
		t.Fatalf("Trust = %+v, %v", st, err)
	}
	guards := d.ProjectGuards()
	steps := []struct {
		name string
		do   func()
		want string
	}{
		{"a guards file added", func() { testfiles.Write(t, guards, "bash: deny\n") }, "agent-manager/guards.yaml added"},
		{"trusted again", func() { mustTrust(t, d) }, ""},
		{"a persona changed", func() { testfiles.Write(t, filepath.Join(d.ProjectAgents(), "helper.md"), "changed") }, "agents/helper.md changed"},
		{"trusted again", func() { mustTrust(t, d) }, ""},
		{"a persona removed", func() { os.Remove(filepath.Join(d.ProjectAgents(), "helper.md")) }, "agents/helper.md removed"},
	}
	for _, s := range steps {
		s.do()
		st := Of(d)
		if s.want == "" && st.State != Trusted || s.want != "" && (st.State != Changed || !strings.Contains(st.NotUsed(), s.want)) {
			t.Errorf("%s: %v %q, want %q", s.name, st.State, st.NotUsed(), s.want)
		}
	}
}

// A refusal never depends on the copies kept for showing diffs: when their folder cannot be
// made or locked, Revoke still records it, and says what it could not clean up. The trust it
// replaces would otherwise stay in force.
func TestRevokeWithoutTheCopiesFolder(t *testing.T) {
	d := project(t)
	mustTrust(t, d)
	if err := os.RemoveAll(d.TrustCopies()); err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, d.TrustCopies(), "a file where the copies' folder goes\n")
	st, err := Revoke(d, time.Now())
	if err != nil || st.State != Untrusted || len(st.Problems) != 1 || !strings.Contains(st.Problems[0], "copies") {
		t.Fatalf("Revoke = %v %v, problems %q; want the project refused and the copies named as a problem", st.State, err, st.Problems)
	}
	if st := Of(d); st.State != Untrusted {
		t.Errorf("after Revoke the project is %v, want refused", st.State)
	}
	// A trust keeps copies, and is not recorded without them.
	if _, err := Trust(d, time.Now()); err == nil {
		t.Error("Trust without a folder for its copies: no error")
	}
}

func mustTrust(t *testing.T, d locations.Dirs) {
	t.Helper()
	if _, err := Trust(d, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// A broken agentmgr store may hold the person's refusal: nothing is trusted while it cannot be
// read, pi's trust notwithstanding, and Trust does not overwrite it.
func TestBrokenStoreTrustsNothing(t *testing.T) {
	d := project(t)
	testfiles.Write(t, d.PiTrustStore(), `{"`+filepath.ToSlash(d.ProjectDir())+`": true}`)
	testfiles.Write(t, d.TrustStore(), "{\"version\": 1,\n \"projects\": {,}}")
	st := Of(d)
	if st.State != Untrusted || len(st.Problems) != 1 || !strings.Contains(st.Problems[0], "line 2, column") {
		t.Errorf("Of = %v %v, want untrusted with the store's problem positioned", st.State, st.Problems)
	}
	if _, err := Trust(d, time.Now()); err == nil || !strings.Contains(err.Error(), "fix or remove it first") {
		t.Errorf("Trust over a broken store: err = %v", err)
	}
	testfiles.Write(t, d.TrustStore(), `{"version": 2, "projects": {}}`)
	if st := Of(d); st.State != Untrusted {
		t.Errorf("a store of a later version: %v, want untrusted", st.State)
	}
}

// Trust keeps the store's other projects and keys; two decisions in a row both stay.
func TestStoreKeepsOtherProjectsAndKeys(t *testing.T) {
	d := project(t)
	testfiles.Write(t, d.TrustStore(), `{"version": 1, "note": "kept", "projects": {"/other": {"trusted": false, "at": "2026-01-01T00:00:00Z"}}}`)
	mustTrust(t, d)
	data, err := os.ReadFile(d.TrustStore())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"note": "kept"`, `"/other"`, `"` + d.ProjectDir() + `"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("store lost %s:\n%s", want, data)
		}
	}
	if st, err := os.Stat(d.TrustStore()); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("store mode = %v, %v; want 0600", st.Mode(), err)
	}
}

// Without a project, or with nothing in it a trust covers, there is nothing to decide.
func TestNoFilesNoTrust(t *testing.T) {
	d := project(t)
	if err := os.RemoveAll(d.ProjectAgents()); err != nil {
		t.Fatal(err)
	}
	if st := Of(d); st.State != NoFiles || !st.Uses() || st.Note() != "" {
		t.Errorf("Of an empty project = %+v", st)
	}
	d.Project = ""
	if st := Of(d); st.State != NoFiles {
		t.Errorf("Of no project = %+v", st)
	}
	if _, err := Trust(d, time.Now()); err == nil {
		t.Errorf("Trust without a project: no error")
	}
}
