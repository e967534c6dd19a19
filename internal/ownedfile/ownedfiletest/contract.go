// Package ownedfiletest is the contract a runtime package's owned file (the pi extension, the
// OpenCode plugin) must pass through that package's exported functions: render and parse,
// install, update and uninstall, what uninstall keeps, and a file that is not agentmgr's. The
// pi and opencode packages run the same cases on their embedded files; internal/ownedfile's
// own tests cover the mechanics on small templates.
package ownedfiletest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// Runtime is a runtime package's owned file as its exported functions give it.
type Runtime struct {
	Header    string // the file's first line
	Noun      string // what the package's errors call it: "extension", "plugin"
	Render    func(binary, version string) []byte
	Parse     func(data []byte) (ownedfile.Stamp, error)
	Path      func(root string) string
	Install   func(root, binary, version string) (ownedfile.Outcome, error)
	Uninstall func(root string) (bool, error)
	// NotOurs is a file the program would load in the file's place that is not agentmgr's.
	NotOurs string
	// Neighbours are files the program or the person keeps in the config folder, which
	// uninstall must leave.
	Neighbours []Neighbour
}

// Neighbour is a file in the config folder that is not agentmgr's.
type Neighbour struct {
	Path    string // relative to the config folder
	Content string
}

// Run runs the contract on r; each case has a config folder of its own.
func Run(t *testing.T, r Runtime) {
	cases := []struct {
		name string
		run  func(t *testing.T, r Runtime, root string)
	}{
		{"render_then_parse_gives_back_binary_and_version", renderParse},
		{"install_updates_and_uninstall_removes_what_it_created", installUpdateUninstall},
		{"uninstall_keeps_what_it_did_not_write", uninstallKeeps},
		{"a_file_that_is_not_agentmgrs_is_never_touched", foreignUntouched},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, r, filepath.Join(t.TempDir(), "config")) })
	}
}

func renderParse(t *testing.T, r Runtime, _ string) {
	for _, bin := range []string{"/usr/local/bin/agentmgr", `/opt/odd "name"/back\slash/agentmgr`, "/home/zoë/bin/agentmgr"} {
		RenderParse(t, r, bin, "1.2.3")
		if !strings.HasPrefix(string(r.Render(bin, "1.2.3")), r.Header) {
			t.Errorf("the %s does not start with its header %q", r.Noun, r.Header)
		}
	}
	if _, err := r.Parse([]byte(r.NotOurs)); err == nil {
		t.Errorf("Parse accepted a %s that is not agentmgr's: %q", r.Noun, r.NotOurs)
	}
}

func installUpdateUninstall(t *testing.T, r Runtime, root string) {
	steps := []struct {
		binary, version string
		want            ownedfile.Outcome
	}{
		{"/a/agentmgr", "1.0.0", ownedfile.Written},
		{"/a/agentmgr", "1.0.0", ownedfile.Unchanged},
		{"/a/agentmgr", "1.1.0", ownedfile.Updated},
		{"/b/agentmgr", "1.1.0", ownedfile.Updated},
	}
	for _, s := range steps {
		got, err := r.Install(root, s.binary, s.version)
		if err != nil || got != s.want {
			t.Fatalf("Install(%s, %s) = %s, %v; want %s", s.binary, s.version, got, err, s.want)
		}
		in, err := r.Parse([]byte(testfiles.Read(t, r.Path(root))))
		if err != nil || in.Binary != s.binary || in.Version != s.version {
			t.Fatalf("after Install(%s, %s) the file says %+v, %v", s.binary, s.version, in, err)
		}
	}
	removed, err := r.Uninstall(root)
	if err != nil || !removed {
		t.Fatalf("Uninstall = %v, %v", removed, err)
	}
	if _, err := os.Stat(root); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after uninstall %s still exists (%v); install created it, uninstall must remove it", root, err)
	}
	if removed, err := r.Uninstall(root); removed || err != nil {
		t.Errorf("a second Uninstall = %v, %v; want nothing to do", removed, err)
	}
}

func uninstallKeeps(t *testing.T, r Runtime, root string) {
	keep := append([]Neighbour(nil), r.Neighbours...)
	for _, n := range keep {
		testfiles.Write(t, filepath.Join(root, n.Path), n.Content)
	}
	if _, err := r.Install(root, "/a/agentmgr", "1"); err != nil {
		t.Fatal(err)
	}
	// A file the person put beside agentmgr's keeps its folder.
	beside, err := filepath.Rel(root, filepath.Join(filepath.Dir(r.Path(root)), "notes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	keep = append(keep, Neighbour{beside, "mine"})
	testfiles.Write(t, filepath.Join(root, beside), "mine")
	if _, err := r.Uninstall(root); err != nil {
		t.Fatal(err)
	}
	for _, n := range keep {
		if data, err := os.ReadFile(filepath.Join(root, n.Path)); err != nil || string(data) != n.Content {
			t.Errorf("uninstall removed or changed %s, which it did not write (%q, %v)", n.Path, data, err)
		}
	}
	if _, err := os.Stat(r.Path(root)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the %s is still there (%v)", r.Noun, err)
	}
}

func foreignUntouched(t *testing.T, r Runtime, root string) {
	testfiles.Write(t, r.Path(root), r.NotOurs)
	if _, err := r.Install(root, "/a/agentmgr", "1"); err == nil || !strings.Contains(err.Error(), "not agentmgr's "+r.Noun) {
		t.Errorf("Install over a foreign file: %v; want a refusal naming the %s", err, r.Noun)
	}
	if _, err := r.Uninstall(root); err == nil {
		t.Error("Uninstall removed a foreign file")
	}
	if got := testfiles.Read(t, r.Path(root)); got != r.NotOurs {
		t.Errorf("the foreign file changed: %q", got)
	}
	if _, err := r.Install(filepath.Join(filepath.Dir(root), "fresh"), "agentmgr", "1"); err == nil {
		t.Error("Install accepted a relative binary path")
	}
}

// RenderParse checks that the binary and version r renders a file with are what Parse reads
// back from it.
func RenderParse(t *testing.T, r Runtime, binary, version string) {
	t.Helper()
	in, err := r.Parse(r.Render(binary, version))
	if err != nil || in.Binary != binary || in.Version != version {
		t.Fatalf("Parse(Render(%q, %q)) = %+v, %v", binary, version, in, err)
	}
}

// Fuzz fuzzes r's file: any binary path and version survive install and status (Render, then
// Parse), and Parse never panics on what it reads from disk. A runtime package's fuzz target
// calls it, so that each embedded file is fuzzed and keeps its own findings.
func Fuzz(f *testing.F, r Runtime) {
	for _, s := range []string{"/usr/bin/agentmgr", `/a "b"/c\d`, "/x\n/y", "/\u2028/z", "", `"; const BINARY = /*agentmgr:binary*/ "/evil";`} {
		f.Add(s, "1.0")
	}
	f.Fuzz(func(t *testing.T, binary, version string) {
		_, _ = r.Parse([]byte(binary))
		_, _ = r.Parse([]byte(r.Header + "\n" + binary))
		if binary == "" || !utf8.ValidString(binary) || !utf8.ValidString(version) {
			return
		}
		RenderParse(t, r, binary, version)
	})
}
