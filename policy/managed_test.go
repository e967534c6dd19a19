//go:build unix

package policy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
)

// asAdmin makes the user running the test the managed layer's owner for the test's length, so
// that it runs without root too; the other-owner case needs root to chown.
func asAdmin(t *testing.T) {
	t.Helper()
	old := managedOwner
	managedOwner = uint32(os.Getuid())
	t.Cleanup(func() { managedOwner = old })
}

// The managed guards file decides beside the user's and the project's guards, the most
// restrictive winning, so neither can loosen it; yolo does not either. It is named as the
// source of its decisions.
func TestManagedGuardsCannotBeLoosened(t *testing.T) {
	asAdmin(t)
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi"), Managed: filepath.Join(root, "etc", "guards.yaml")}
	testfiles.Write(t, d.Managed, "# the team's rules\nbash:\n  \"curl *\": deny\n  \"git push *\": ask\n")
	if err := os.Chmod(filepath.Dir(d.Managed), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(d.Managed, 0o644); err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, d.GlobalGuards(), "bash:\n  \"*\": allow\n")
	testfiles.Write(t, d.ProjectGuards(), "bash:\n  \"*\": allow\n")
	testfiles.Write(t, d.StateFile(), `{"yolo": true}`)
	trusted(t, d)
	pol := forOpen(t, d)
	tests := []struct {
		value string
		want  engine.Action
		where string
	}{
		{"curl x", engine.Deny, "managed guard " + d.Managed + ":3"},
		{"git push origin", engine.Ask, "managed guard " + d.Managed + ":4"},
		{"ls", engine.Allow, ""},
	}
	for _, tt := range tests {
		got := pol.DecideTool("bash", tt.value)
		if got.Action != tt.want {
			t.Errorf("bash %q = %s (%s), want %s", tt.value, got.Action, got.Source(), tt.want)
		}
		if tt.where != "" && (got.Rule == nil || got.Rule.Source.Location() != tt.where) {
			t.Errorf("bash %q decided by %v, want %s", tt.value, got.Rule, tt.where)
		}
	}
	if got := pol.DecideTool("bash", "curl x").Explain(); !strings.Contains(got, "(managed guard "+d.Managed+":3)") {
		t.Errorf("Explain = %q, want the managed guard named", got)
	}
}

// A managed guards file that root does not own alone (another owner, writable by the group or
// others, a folder others may write, a link) is not used, and a problem says why.
func TestManagedGuardsOnlyWhenTheAdministratorsAlone(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, path string)
		want  string
	}{
		{"writable by the group", func(t *testing.T, path string) { chmod(t, path, 0o664) }, "lets the group or others write it"},
		{"writable by others", func(t *testing.T, path string) { chmod(t, path, 0o646) }, "lets the group or others write it"},
		{"in a folder others may write", func(t *testing.T, path string) { chmod(t, filepath.Dir(path), 0o777) }, "its folder"},
		{"a link", func(t *testing.T, path string) {
			real := path + ".real"
			if err := os.Rename(path, real); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(real, path); err != nil {
				t.Fatal(err)
			}
		}, "not a regular file"},
		{"owned by another user", func(t *testing.T, path string) {
			if os.Getuid() != 0 {
				if os.Getenv("CI") == "true" {
					t.Fatal("changing a file's owner needs root, which CI runs as")
				}
				t.Skip("changing a file's owner needs root")
			}
			if err := os.Chown(path, 4242, 4242); err != nil {
				t.Fatal(err)
			}
		}, "owned by uid 4242"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			asAdmin(t)
			root := t.TempDir()
			path := filepath.Join(root, "etc", "guards.yaml")
			testfiles.Write(t, path, "bash:\n  \"curl *\": deny\n")
			chmod(t, filepath.Dir(path), 0o755)
			chmod(t, path, 0o644)
			tt.setup(t, path)
			d := locations.Dirs{Agent: filepath.Join(root, "agent"), Managed: path}
			files, probs := LoadGuards(d)
			if len(files) != 0 {
				t.Errorf("the managed file was used: %+v", files)
			}
			if len(probs) != 1 || !strings.Contains(probs[0].Message, "the managed guards file is not used") || !strings.Contains(probs[0].Message, tt.want) {
				t.Errorf("problems = %v, want one saying %q", probs, tt.want)
			}
		})
	}
}

func chmod(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// Find points the managed layer at the system's file, whatever the environment says.
func TestFindNamesTheSystemsManagedFile(t *testing.T) {
	d := locations.Find(func(string) string { return "/elsewhere" }, t.TempDir(), "")
	if d.Managed != "/etc/agentmgr/guards.yaml" {
		t.Errorf("Managed = %q, want /etc/agentmgr/guards.yaml", d.Managed)
	}
}
