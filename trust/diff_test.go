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

const helperTrusted = "---\ndescription: h\npermissions: build\n---\n"

// copyPath is where the copy of content is kept.
func copyPath(d locations.Dirs, content string) string {
	return filepath.Join(d.TrustCopies(), copyName(sumOf([]byte(content))))
}

// Each file changed since the trust is shown as a diff against the content the trust covers;
// where that content cannot be shown, the diff says so plainly instead.
func TestDiffsShowWhatChangedSinceTheTrust(t *testing.T) {
	helper := func(d locations.Dirs) string { return filepath.Join(d.ProjectAgents(), "helper.md") }
	tests := []struct {
		name   string
		change func(t *testing.T, d locations.Dirs)
		want   []FileDiff // Diff and Note: substrings, in order
	}{
		{"a persona changed", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, helper(d), "---\ndescription: h\npermissions: yolo\n---\n")
		}, []FileDiff{{Path: "agents/helper.md", Change: "changed", Diff: "--- agents/helper.md (trusted)\n+++ agents/helper.md (now)\n@@ -1,4 +1,4 @@\n ---\n description: h\n-permissions: build\n+permissions: yolo\n ---\n"}}},
		{"a guards file added", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, d.ProjectGuards(), "bash: allow\n")
		}, []FileDiff{{Path: "agent-manager/guards.yaml", Change: "added", Diff: "--- /dev/null\n+++ agent-manager/guards.yaml (now)\n@@ -0,0 +1 @@\n+bash: allow\n"}}},
		{"a persona removed, another added", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, filepath.Join(d.ProjectAgents(), "other.md"), "")
			if err := os.Remove(helper(d)); err != nil {
				t.Fatal(err)
			}
		}, []FileDiff{
			{Path: "agents/other.md", Change: "added", Note: "the file is empty"},
			{Path: "agents/helper.md", Change: "removed", Diff: "--- agents/helper.md (trusted)\n+++ /dev/null\n@@ -1,4 +0,0 @@\n----\n-description: h\n"},
		}},
		{"a persona added whose name holds a newline", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, filepath.Join(d.ProjectAgents(), "x\nhelper.md unchanged.md"), "bash: allow\n")
		}, []FileDiff{{Path: "agents/x\nhelper.md unchanged.md", Change: "added", Diff: "--- /dev/null\n+++ \"agents/x\\nhelper.md unchanged.md\" (now)\n@@ -0,0 +1 @@\n+bash: allow\n"}}},
		{"trusted before copies were kept", func(t *testing.T, d locations.Dirs) {
			if err := os.RemoveAll(d.TrustCopies()); err != nil {
				t.Fatal(err)
			}
			testfiles.Write(t, helper(d), "changed\n")
		}, []FileDiff{{Path: "agents/helper.md", Change: "changed", Note: "trusted before agentmgr kept copies"}}},
		{"a copy that does not hold what was trusted", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, copyPath(d, helperTrusted), "permissions: build\n")
			testfiles.Write(t, helper(d), "changed\n")
		}, []FileDiff{{Path: "agents/helper.md", Change: "changed", Note: "does not hold what was trusted"}}},
		{"a file grown past what a diff compares", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, helper(d), strings.Repeat("x\n", maxDiffLines))
		}, []FileDiff{{Path: "agents/helper.md", Change: "changed", Note: "too many lines differ to compare here"}}},
		{"a file now too big to read", func(t *testing.T, d locations.Dirs) {
			testfiles.Write(t, helper(d), strings.Repeat("x", MaxFileSize+1))
		}, []FileDiff{{Path: "agents/helper.md", Change: "changed", Note: "it is now bigger than"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := project(t)
			mustTrust(t, d)
			if diffs := Diffs(d, Of(d)); diffs != nil {
				t.Fatalf("Diffs of a trusted project = %+v, want none", diffs)
			}
			tt.change(t, d)
			st := Of(d)
			got := Diffs(d, st)
			if st.State != Changed || len(got) != len(tt.want) {
				t.Fatalf("Of = %v %v; Diffs = %+v, want %d", st.State, st.Changes, got, len(tt.want))
			}
			for i, w := range tt.want {
				g := got[i]
				if g.Path != w.Path || g.Change != w.Change || !strings.Contains(g.Diff, w.Diff) || !strings.Contains(g.Note, w.Note) || (g.Diff == "") == (g.Note == "") {
					t.Errorf("diff %d = %+v\nwant %+v (Diff and Note contained, one of them set)", i, g, w)
				}
			}
		})
	}
}

// A trust keeps one copy of each content it covers; trusting again or revoking removes the
// copies no trust refers to any more, and keeps those another project's trust covers.
func TestCopiesFollowTheTrusts(t *testing.T) {
	d := project(t)
	other := d
	other.Project = filepath.Join(filepath.Dir(d.ProjectDir()), "other", ".pi")
	testfiles.Write(t, filepath.Join(other.ProjectAgents(), "helper.md"), helperTrusted)
	changed := "---\ndescription: h2\n---\n"
	mustTrust(t, d)
	mustTrust(t, other)
	testfiles.Write(t, filepath.Join(d.ProjectAgents(), "helper.md"), changed)
	steps := []struct {
		name       string
		do         func() (Status, error)
		kept, gone []string
	}{
		{"trusted again as changed: both contents are covered", func() (Status, error) { return Trust(d, time.Now()) }, []string{helperTrusted, changed}, nil},
		{"the other project revoked: its content goes", func() (Status, error) { return Revoke(other, time.Now()) }, []string{changed}, []string{helperTrusted}},
		{"the project revoked: nothing is kept", func() (Status, error) { return Revoke(d, time.Now()) }, nil, []string{changed}},
	}
	for _, s := range steps {
		if st, err := s.do(); err != nil || len(st.Problems) > 0 {
			t.Fatalf("%s: %+v, %v", s.name, st, err)
		}
		for _, c := range s.kept {
			if got := testfiles.Read(t, copyPath(d, c)); got != c {
				t.Errorf("%s: copy of %q holds %q", s.name, c, got)
			}
		}
		for _, c := range s.gone {
			if _, err := os.Lstat(copyPath(d, c)); !os.IsNotExist(err) {
				t.Errorf("%s: copy of %q is still there (%v)", s.name, c, err)
			}
		}
	}
	if st, err := os.Stat(d.TrustCopies()); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("copies folder mode = %v, %v; want 0700", st.Mode(), err)
	}
}

// A store that cannot be read says nothing of which copies are needed: none is removed.
func TestBrokenStoreRemovesNoCopy(t *testing.T) {
	d := project(t)
	mustTrust(t, d)
	testfiles.Write(t, d.TrustStore(), "{")
	if err := pruneCopies(d); err == nil {
		t.Error("pruneCopies over a broken store: no error")
	}
	if got := testfiles.Read(t, copyPath(d, helperTrusted)); got != helperTrusted {
		t.Errorf("the copy holds %q after a prune over a broken store", got)
	}
}

// What the person is shown is what a trust of the files as shown covers: a file changed
// after the status was read is not shown as a diff of content the status does not list, and
// TrustAsShown refuses to trust it unseen.
func TestTrustAsShownCoversWhatWasShown(t *testing.T) {
	d := project(t)
	helper := filepath.Join(d.ProjectAgents(), "helper.md")
	mustTrust(t, d)
	testfiles.Write(t, helper, "shown\n")
	shown := Of(d)
	testfiles.Write(t, helper, "changed while the person looked\n")
	if diffs := Diffs(d, shown); len(diffs) != 1 || diffs[0].Diff != "" || !strings.Contains(diffs[0].Note, "changed again since") {
		t.Errorf("Diffs of a status read before the last change = %+v, want a note to check again", diffs)
	}
	if _, err := TrustAsShown(d, time.Now(), shown.Files); err == nil || !strings.Contains(err.Error(), "agents/helper.md changed") {
		t.Errorf("TrustAsShown of files changed since shown: err = %v, want a refusal naming the file", err)
	}
	if st := Of(d); st.State != Changed {
		t.Fatalf("after the refusal: %v, want still changed since the trust", st.State)
	}
	again := Of(d)
	if st, err := TrustAsShown(d, time.Now(), again.Files); err != nil || st.State != Trusted {
		t.Errorf("TrustAsShown of the files as they are: %v, %v", st.State, err)
	}
}

// A change in a long file is still shown: the lines both sides share at their start and end
// do not count against what a diff compares.
func TestDiffsOfASmallChangeInALongFile(t *testing.T) {
	d := project(t)
	long := strings.Repeat("- rule\n", 2*maxDiffLines)
	helper := filepath.Join(d.ProjectAgents(), "helper.md")
	testfiles.Write(t, helper, long)
	mustTrust(t, d)
	testfiles.Write(t, helper, long+"- one more\n")
	diffs := Diffs(d, Of(d))
	if len(diffs) != 1 || !strings.HasSuffix(diffs[0].Diff, "+- one more\n") {
		t.Errorf("Diffs = %+v, want the line added", diffs)
	}
}
