package pathres

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testproc"
)

// tree makes a folder with links like a Debian system's (var/run -> ../run) and returns its
// real path.
func tree(t testing.TB) string {
	t.Helper()
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
	for _, d := range []string{"etc", "run", "var", "proj/src", "outside"} {
		must(os.MkdirAll(filepath.Join(root, d), 0o755))
	}
	must(os.WriteFile(filepath.Join(root, "etc", "motd"), []byte("hi"), 0o644))
	must(os.Symlink("../run", filepath.Join(root, "var", "run")))
	must(os.Symlink(filepath.Join(root, "outside"), filepath.Join(root, "proj", "link")))
	must(os.Symlink(filepath.Join(root, "outside", "new.txt"), filepath.Join(root, "proj", "dangling")))
	must(os.Symlink("loop", filepath.Join(root, "proj", "loop")))
	must(os.Symlink("src/../link", filepath.Join(root, "proj", "chain")))
	return root
}

func TestResolveFollowsEachLinkBeforeTheNextDotDot(t *testing.T) {
	root := tree(t)
	tests := []struct {
		name, in, want string
		unsure         bool
	}{
		{"a link's dot-dot is taken in the link's target", "var/run/../etc/motd", "etc/motd", false},
		{"a file not there yet", "proj/src/a.go", "proj/src/a.go", false},
		{"a link in the middle", "proj/link/x/y", "outside/x/y", false},
		{"a write through a dangling link lands on its target", "proj/dangling", "outside/new.txt", false},
		{"dot-dot before a link", "proj/src/../link/z", "outside/z", false},
		{"a link whose target has a dot-dot and a link", "proj/chain/z", "outside/z", false},
		{"a loop stays as spelt, unsure", "proj/loop/x", "proj/loop/x", true},
		{"doubled slashes and dots", "proj//src/./b", "proj/src/b", false},
		{"past a missing name the rest is lexical", "proj/none/../src/c", "proj/src/c", false},
		{"a dot-dot above the root stays at the root", "../../../" + strings.TrimPrefix(root, "/") + "/etc/motd", "etc/motd", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := root + "/" + tt.in
			if strings.HasPrefix(tt.in, "../") {
				in = "/" + tt.in
			}
			got := Resolve(in, root)
			if want := root + "/" + tt.want; got.Path != want || (got.Unsure != "") != tt.unsure {
				t.Errorf("Resolve(%q) = %+v, want %q (unsure %v)", in, got, want, tt.unsure)
			}
		})
	}
}

func TestResolveUsesTheCallersCwdForProcSelf(t *testing.T) {
	requireProc(t)
	root := tree(t)
	tests := []struct {
		name, cwd, in, want string
		unsure              bool
	}{
		{"self's cwd is the program's", root + "/proj", "/proc/self/cwd/../etc/motd", root + "/etc/motd", false},
		{"thread-self's cwd too", root + "/proj", "/proc/thread-self/cwd/src/a", root + "/proj/src/a", false},
		{"a task's cwd", root + "/proj", "/proc/self/task/1/cwd/src/a", root + "/proj/src/a", false},
		{"self's root is the root", root, "/proc/self/root" + root + "/etc/motd", root + "/etc/motd", false},
		{"self's cwd unknown asks", "", "/proc/self/cwd/x", "/proc/self/cwd/x", true},
		{"an open descriptor of the program is not known", root, "/proc/self/fd/7", "/proc/self/fd/7", true},
		{"nor its executable", root, "/proc/self/exe", "/proc/self/exe", true},
		{"a plain entry is read as spelt", root, "/proc/self/environ", "/proc/self/environ", false},
		{"dot-dot out of self", root, "/proc/self/../self/cwd/x", root + "/x", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Resolve(tt.in, tt.cwd)
			if got.Path != tt.want || (got.Unsure != "") != tt.unsure {
				t.Errorf("Resolve(%q) in %q = %+v, want %q (unsure %v)", tt.in, tt.cwd, got, tt.want, tt.unsure)
			}
		})
	}
}

func TestResolveReadsAnotherProcesssLinks(t *testing.T) {
	requireProc(t)
	root := tree(t)
	pid := testproc.Child(t, root+"/proj")
	tests := []struct {
		name, in, want string
		unsure         bool
	}{
		{"its root", "/proc/" + pid + "/root" + root + "/etc/motd", root + "/etc/motd", false},
		{"its cwd", "/proc/" + pid + "/cwd/../etc/motd", root + "/etc/motd", false},
		{"a task's cwd", "/proc/" + pid + "/task/" + pid + "/cwd/src/a", root + "/proj/src/a", false},
		{"its stdin, a pipe, is no file", "/proc/" + pid + "/fd/0", "/proc/" + pid + "/fd/0", true},
		{"a process that does not run", "/proc/999999999/root/etc/motd", "/proc/999999999/root/etc/motd", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Resolve(tt.in, "/")
			if got.Path != tt.want || (got.Unsure != "") != tt.unsure {
				t.Errorf("Resolve(%q) = %+v, want %q (unsure %v)", tt.in, got, tt.want, tt.unsure)
			}
		})
	}
}

func TestResolveAsksTheVolumeWhetherItFolds(t *testing.T) {
	root := tree(t)
	var asked string
	r := Resolver{Cwd: root, Folds: func(p string) bool { asked = p; return true }}
	got := r.Resolve(root + "/proj/link/NEW/prod.ENV")
	if !got.Folds || asked != root+"/outside" {
		t.Errorf("Resolve asked %q, got %+v; want the deepest existing folder %q asked and Folds", asked, got, root+"/outside")
	}
	if got := Resolve(root+"/etc/motd", root); got.Folds {
		t.Errorf("ext4 or tmpfs folds? %+v", got)
	}
}

func TestResolveReadsWindowsNames(t *testing.T) {
	r := Resolver{Windows: true, Folds: func(string) bool { return true }}
	tests := []struct {
		in, want string
		unsure   bool
	}{
		{`C:\Users\me\.ssh\id_rsa. . `, "C:/Users/me/.ssh/id_rsa", false},
		{`c:/proj/prod.env::$DATA`, "C:/proj/prod.env", false},
		{`C:/proj/prod.env:hidden:$DATA`, "C:/proj/prod.env", true},
		{`C:/PROGRA~1/app/config.ini`, "C:/PROGRA~1/app/config.ini", true},
		{`\\?\C:\proj\..\secret.txt`, "C:/secret.txt", false},
		{`\\server\share\dir\x.`, "//server/share/dir/x", false},
	}
	for _, tt := range tests {
		got := r.Resolve(tt.in)
		if got.Path != tt.want || (got.Unsure != "") != tt.unsure {
			t.Errorf("Resolve(%q) = %+v, want %q (unsure %v)", tt.in, got, tt.want, tt.unsure)
		}
	}
}
