package runtimeinstall

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/opencode"
	"github.com/agentmgr/agentmgr/pi"
)

// runtimeFixture is one runtime's screen model over folders in a temporary directory, with
// what a test needs to put files there as another agentmgr or another program would.
type runtimeFixture struct {
	name            string
	model           func() *Model
	global, project string // the config folders the file goes into
	bin             string // the binary the app would install
	install         func(root, binary, version string) (ownedfile.Outcome, error)
	path            func(root string) string
}

func fixtures(t *testing.T) []runtimeFixture {
	t.Helper()
	var out []runtimeFixture
	{
		home := t.TempDir()
		bin := writeBinary(t, home)
		d := locations.Dirs{Agent: filepath.Join(home, "agent"), Project: filepath.Join(home, "proj", ".pi")}
		out = append(out, runtimeFixture{name: "pi", model: func() *Model { return Pi(d, bin, "2.0") },
			global: d.GlobalExtensions(), project: d.ProjectExtensions(), bin: bin, install: pi.Install, path: pi.Path})
	}
	{
		root := t.TempDir()
		bin := writeBinary(t, root)
		d := opencode.Dirs{Global: filepath.Join(root, "config", "opencode"), Project: filepath.Join(root, ".opencode"), Root: root}
		out = append(out, runtimeFixture{name: "opencode", model: func() *Model { return OpenCode(d, bin, "2.0") },
			global: d.Global, project: d.Project, bin: bin, install: opencode.Install, path: opencode.Path})
	}
	return out
}

// eachRuntime runs test as a subtest for each runtime's fixture.
func eachRuntime(t *testing.T, test func(*testing.T, runtimeFixture)) {
	for _, f := range fixtures(t) {
		t.Run(f.name, func(t *testing.T) { test(t, f) })
	}
}

// modelAfterInstall is f's model after the file starting binary, of version, was installed
// into folder (as another agentmgr would have).
func (f runtimeFixture) modelAfterInstall(t *testing.T, folder, binary, version string) *Model {
	t.Helper()
	if _, err := f.install(folder, binary, version); err != nil {
		t.Fatal(err)
	}
	return f.model()
}

// wantOffer fails the test unless the screen offers action (its button; "" for none) and its
// summary says summary, in the state named when.
func wantOffer(t *testing.T, m *Model, when, action, summary string) {
	t.Helper()
	if m.Action() != action || !strings.Contains(m.Summary(), summary) {
		t.Fatalf("%s: action %q, summary %q", when, m.Action(), m.Summary())
	}
}

func writeBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "agentmgr")
	if err := os.WriteFile(bin, []byte("x"), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// Both screens walk the same states with the same button: none (Install), installed by this
// app (nothing), installed by another agentmgr (Update), a file that is not agentmgr's
// (nothing, and it is left alone).
func TestInstallThenCurrent(t *testing.T) {
	eachRuntime(t, func(t *testing.T, f runtimeFixture) {
		m := f.model()
		wantOffer(t, m, "fresh", "Install", "is not installed")
		if err := m.Run(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(f.path(f.global)); err != nil {
			t.Fatalf("Run wrote nothing: %v", err)
		}
		if m.Action() != "" || !strings.Contains(m.Summary(), "installed and current") || !strings.HasPrefix(m.Message(), "installed "+f.path(f.global)+"; ") {
			t.Fatalf("after Install: action %q, summary %q, message %q", m.Action(), m.Summary(), m.Message())
		}
		if got := strings.Join(m.Details(), "\n"); !strings.Contains(got, "global: "+f.path(f.global)+" (starts "+f.bin+")") {
			t.Errorf("details = %q", got)
		}
	})
}

func TestUpdateAnOlderFile(t *testing.T) {
	eachRuntime(t, func(t *testing.T, f runtimeFixture) {
		m := f.modelAfterInstall(t, f.global, f.bin, "1.0")
		wantOffer(t, m, "older", "Update", "another agentmgr (1.0)")
		if err := m.Run(); err != nil || m.Action() != "" || !strings.HasPrefix(m.Message(), "updated ") {
			t.Fatalf("after Update: %v, action %q, message %q", err, m.Action(), m.Message())
		}
	})
}

func TestAForeignFileOffersNothing(t *testing.T) {
	eachRuntime(t, func(t *testing.T, f runtimeFixture) {
		path := f.path(f.global)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("// mine\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		m := f.model()
		wantOffer(t, m, "foreign", "", "Another file")
		if details := strings.Join(m.Details(), "\n"); !strings.Contains(details, "move it away") {
			t.Errorf("details = %q, want the advice", details)
		}
		if err := m.Run(); err != nil {
			t.Fatalf("Run with nothing to do: %v", err)
		}
		if data, _ := os.ReadFile(path); string(data) != "// mine\n" {
			t.Errorf("the foreign file was changed: %q", data)
		}
	})
}

func TestAGoneBinaryBlocksEveryCall(t *testing.T) {
	eachRuntime(t, func(t *testing.T, f runtimeFixture) {
		gone := filepath.Join(t.TempDir(), "agentmgr")
		m := f.modelAfterInstall(t, f.global, gone, "2.0")
		if m.Action() != "Update" || !strings.Contains(m.Summary(), "starts an agentmgr that is gone") || !strings.Contains(m.Summary(), "blocks every tool call") {
			t.Fatalf("gone binary: action %q, summary %q", m.Action(), m.Summary())
		}
	})
}

// A file in the project only is said so, with the global Install still offered: the
// runtime loads the project's file (before, the pi screen said pi did not follow the active
// agent).
func TestProjectOnlyIsSaid(t *testing.T) {
	eachRuntime(t, func(t *testing.T, f runtimeFixture) {
		m := f.modelAfterInstall(t, f.project, f.bin, "2.0")
		wantOffer(t, m, "project only", "Install", "installed for this project only")
		if got := strings.Join(m.Details(), "\n"); !strings.Contains(got, "project: "+f.path(f.project)) || !strings.Contains(got, "global: "+f.path(f.global)) {
			t.Errorf("details = %q, want both scopes", got)
		}
	})
}

// A failed install says what failed, keeps the action, and returns the error.
func TestInstallFailureIsTold(t *testing.T) {
	m := New(Runtime{Thing: "thing", Check: func() State { return State{} },
		Install: func() (ownedfile.Outcome, error) { return "", errors.New("disk full") },
		Also:    func() error { t.Error("Also ran after a failed install"); return nil }})
	if err := m.Run(); err == nil || m.Message() != "Install failed: disk full" || m.Action() != "Install" {
		t.Fatalf("Run = %v, message %q, action %q", err, m.Message(), m.Action())
	}
}
