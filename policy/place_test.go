package policy

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/testproc"
	"github.com/agentmgr/agentmgr/pathres"
)

func TestPlaceForFindsTheRepositoryRoot(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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

// linkedTree is a folder with the links of a Debian system (var/run -> ../run), an etc/motd
// and a project, and returns its real path.
func linkedTree(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"etc", "run", "var", "proj/.git", "home/.ssh"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "etc", "motd"), []byte("hi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../run", filepath.Join(root, "var", "run")); err != nil {
		t.Fatal(err)
	}
	return root
}

// Every spelling of a file the kernel opens is decided as that file, by every tool that names a
// path and every file a shell command writes or reads.
func TestAtDecidesTheFileTheKernelOpens(t *testing.T) {
	t.Parallel()
	root := linkedTree(t)
	proj := root + "/proj"
	etc := root + "/etc/*"
	rs := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "edit", Pattern: etc, Action: engine.Deny},
		{Permission: "read", Pattern: etc, Action: engine.Deny},
	}
	pol := At(engine.NewPolicy(rs), proj)
	spellings := []string{root + "/var/run/../etc/motd", "../var/run/../etc/motd"}
	if runtime.GOOS == "linux" {
		pid := testproc.Child(t, proj)
		spellings = append(spellings, "/proc/"+pid+"/root"+root+"/etc/motd", "/proc/"+pid+"/cwd/../var/run/../etc/motd", "/proc/self/cwd/../etc/motd")
	}
	for _, p := range spellings {
		calls := []struct{ tool, value string }{
			{"edit", p}, {"write", p}, {"read", p},
			{"bash", "echo hacked > " + p}, {"bash", "cat < " + p}, {"bash", "echo x | tee -a " + p},
		}
		for _, c := range calls {
			if d := pol.DecideTool(c.tool, c.value); d.Action != engine.Deny {
				t.Errorf("%s %q: %s, want deny (the file is %s/etc/motd)", c.tool, c.value, d.Explain(), root)
			}
		}
	}
	if d := pol.DecideTool("bash", "cd "+root+"/var/run && echo x > ../etc/motd"); d.Action != engine.Deny {
		t.Errorf("a write after cd into a link: %s, want deny", d.Explain())
	}
}

func TestAtAsksWhereTheFileCannotBeKnown(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skipf("/proc/PID links are Linux's; this is %s", runtime.GOOS)
	}
	pol := At(engine.NewPolicy(engine.Ruleset{{Permission: "*", Pattern: "*", Action: engine.Allow}}), linkedTree(t)+"/proj")
	for _, c := range []struct{ tool, value string }{
		{"edit", "/proc/999999999/root/etc/motd"},
		{"write", "/proc/self/fd/9"},
		{"read", "/proc/999999999/cwd/x"},
		{"bash", "echo x > /proc/self/fd/9"},
	} {
		if d := pol.DecideTool(c.tool, c.value); d.Action != engine.Ask || !strings.Contains(d.Reason, "may not be the file") {
			t.Errorf("%s %q: %s, want ask saying the file is not known", c.tool, c.value, d.Explain())
		}
	}
}

// On a volume that folds case (probed here, since Linux's volumes do not), every case
// variant of a protected name meets its rule.
func TestAtFoldsCaseWhereTheVolumeDoes(t *testing.T) {
	t.Parallel()
	root := linkedTree(t)
	home := root + "/home"
	rs := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "edit", Pattern: "~/.ssh/*", Action: engine.Deny},
		{Permission: "read", Pattern: "~/.ssh/*", Action: engine.Deny},
		{Permission: "edit", Pattern: "*.env", Action: engine.Ask},
		{Permission: "read", Pattern: "*.env", Action: engine.Ask},
	}
	tests := []struct {
		folds bool
		tool  string
		value string
		want  engine.Action
	}{
		{true, "edit", "~/.SSH/authorized_keys", engine.Deny},
		{true, "write", home + "/.Ssh/authorized_keys", engine.Deny},
		{true, "read", "~/.SSH/id_rsa", engine.Deny},
		{true, "bash", "echo key >> ~/.SSH/authorized_keys", engine.Deny},
		{true, "edit", "prod.ENV", engine.Ask},
		{true, "bash", "cat < prod.Env", engine.Ask},
		{false, "edit", "prod.ENV", engine.Allow},
		{false, "read", "~/.SSH/id_rsa", engine.Allow},
	}
	for _, tt := range tests {
		folds := tt.folds
		place := placeWith(root+"/proj", pathres.Resolver{Cwd: root + "/proj", Folds: func(string) bool { return folds }})
		pol := (&engine.Policy{Persona: engine.CompileWithHome(rs, home)}).At(place)
		if d := pol.DecideTool(tt.tool, tt.value); d.Action != tt.want {
			t.Errorf("%s %q on a volume folding %v: %s, want %s", tt.tool, tt.value, tt.folds, d.Explain(), tt.want)
		}
	}
}
