package locations

import (
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
)

func mkdirs(t *testing.T, root string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	mkdirs(t, root, "home/.pi/agent/agents", "home/code/app/.pi/agents", "home/code/app/src/deep", "home/code/other")
	tests := []struct {
		name, env, cwd    string
		wantAgent, wantPj string
	}{
		{"default agent dir and nearest project", "", "home/code/app/src/deep", "home/.pi/agent", "home/code/app/.pi"},
		{"the home .pi folder is not a project", "", "home/code/other", "home/.pi/agent", ""},
		{"env moves the agent dir", filepath.Join(root, "elsewhere"), "home/code/app", "elsewhere", "home/code/app/.pi"},
		{"env with a tilde", "~/custom", "home/code/other", "home/custom", ""},
		{"env that is only a tilde", "~", "home/code/other", "home", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == AgentDirEnv {
					return tt.env
				}
				return ""
			}
			d := Find(getenv, home, filepath.Join(root, tt.cwd))
			wantPj := ""
			if tt.wantPj != "" {
				wantPj = filepath.Join(root, tt.wantPj)
			}
			if d.Agent != filepath.Join(root, tt.wantAgent) || d.Project != wantPj {
				t.Errorf("Find(%s) with %s=%q = %+v, want agent %s project %q", tt.cwd, AgentDirEnv, tt.env, d, tt.wantAgent, wantPj)
			}
		})
	}
}

func TestDefaultReadsTheEnvironment(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv(AgentDirEnv, "~/piX")
	if got, want := Default("").Agent, filepath.Join(home, "piX"); got != want {
		t.Errorf("Default agent dir = %s, want %s", got, want)
	}
}

func TestEveryFileIsUnderItsRoot(t *testing.T) {
	d := Dirs{Agent: filepath.Join("a", "agent"), Project: filepath.Join("p", ".pi")}
	tests := []struct{ name, got, want string }{
		{"global agents", d.GlobalAgents(), "a/agent/agents"},
		{"project agents", d.ProjectAgents(), "p/.pi/agents"},
		{"legacy", d.LegacyFile(), "a/agent/pi-agent-manager.json"},
		{"state", d.StateFile(), "a/agent/agent-manager/state.json"},
		{"trash", d.TrashDir(), "a/agent/agent-manager/trash"},
		{"trust store", d.TrustStore(), "a/agent/agent-manager/trust.json"},
		{"trusted copies", d.TrustCopies(), "a/agent/agent-manager/trusted"},
		{"pi's trust store", d.PiTrustStore(), "a/agent/trust.json"},
		{"pi's settings", d.PiSettings(), "a/agent/settings.json"},
		{"project folder", d.ProjectDir(), "p"},
		{"global guards", d.GlobalGuards(), "a/agent/agent-manager/guards.yaml"},
		{"project guards", d.ProjectGuards(), "p/.pi/agent-manager/guards.yaml"},
		{"project state", d.ProjectStateDir(), "p/.pi/agent-manager"},
		{"persona index", d.PersonaIndex(), "a/agent/agent-manager/cache/persona-names.txt"},
		{"sessions", d.SessionsDir(), "a/agent/agent-manager/sessions"},
		{"subagents", d.SubagentsDir(), "a/agent/agent-manager/subagents"},
		{"review log", d.ReviewLog(), "a/agent/agent-manager/log/review.jsonl"},
		{"inbox", d.InboxDir(), "a/agent/agent-manager/inbox"},
		{"keybindings", d.Keybindings(), "a/agent/keybindings.json"},
		{"global extensions", d.GlobalExtensions(), "a/agent/extensions"},
		{"project extensions", d.ProjectExtensions(), "p/.pi/extensions"},
	}
	for _, tt := range tests {
		if tt.got != filepath.FromSlash(tt.want) {
			t.Errorf("%s = %s, want %s", tt.name, tt.got, tt.want)
		}
	}
	if g := d.GuardsFiles(); len(g) != 2 || g[0] != d.GlobalGuards() || g[1] != d.ProjectGuards() {
		t.Errorf("GuardsFiles = %v", g)
	}
	none := Dirs{Agent: "a"}
	for name, got := range map[string]string{"project agents": none.ProjectAgents(), "project guards": none.ProjectGuards(),
		"project extensions": none.ProjectExtensions(), "project state": none.ProjectStateDir()} {
		if got != "" {
			t.Errorf("%s without a project = %q, want none", name, got)
		}
	}
	if g := none.GuardsFiles(); len(g) != 1 {
		t.Errorf("GuardsFiles without a project = %v, want the user's only", g)
	}
}

// Home reads $HOME first, from the environment it is given; Find keeps the home it was given
// with the folders, for the rules' `~`.
func TestHomeIsReadOneWay(t *testing.T) {
	env := map[string]string{"HOME": "/home/given"}
	getenv := func(k string) string { return env[k] }
	if got := Home(getenv); got != "/home/given" {
		t.Errorf("Home = %q, want $HOME of the given environment", got)
	}
	d := Find(getenv, Home(getenv), "")
	if d.Home != "/home/given" || d.Agent != "/home/given/.pi/agent" {
		t.Errorf("Find = %+v, want home /home/given and its agent dir", d)
	}
}

// With $HOME empty the home comes from the user database, never "": an empty home would put
// the agent dir under the working directory (.pi/agent) and the app would write there.
func TestHomeWithoutHOMEIsTheUsersHome(t *testing.T) {
	u, err := user.Current()
	if err != nil || u.HomeDir == "" {
		t.Fatalf("the user database does not know this user: %v", err)
	}
	t.Setenv("HOME", "")
	got := Home(func(string) string { return "" })
	if got != u.HomeDir {
		t.Errorf("Home with $HOME empty = %q, want the user's home %q", got, u.HomeDir)
	}
	if d := Find(func(string) string { return "" }, got, ""); !filepath.IsAbs(d.Agent) {
		t.Errorf("agent dir %q is not absolute", d.Agent)
	}
}

// The search for .pi stops at the repository root (a .git folder or file), and passes over a
// .pi folder that neither the user nor root owns.
func TestFindStopsAtTheRepositoryAndAtForeignFolders(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	mkdirs(t, root, "home", "outer/.pi/agents", "outer/repo/.git", "outer/repo/src", "outer/wt/src",
		"plain/.pi/agents", "plain/sub/deep")
	if err := os.WriteFile(filepath.Join(root, "outer", "wt", ".git"), []byte("gitdir: ../repo/.git\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, cwd, want string }{
		{"a .pi above the repository is not the repository's", "outer/repo/src", ""},
		{"a worktree's .git file is a repository root too", "outer/wt/src", ""},
		{"outside a repository the nearest .pi up counts", "plain/sub/deep", "plain/.pi"},
	}
	for _, tt := range tests {
		d := Find(func(string) string { return "" }, home, filepath.Join(root, tt.cwd))
		want := ""
		if tt.want != "" {
			want = filepath.Join(root, tt.want)
		}
		if d.Project != want {
			t.Errorf("%s: Project = %q, want %q", tt.name, d.Project, want)
		}
	}
	if os.Getuid() != 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("a folder of another user needs root to make, which CI runs as")
		}
		t.Skip("a folder of another user needs root to make")
	}
	if err := os.Chown(filepath.Join(root, "plain", ".pi"), 4242, 4242); err != nil {
		t.Fatal(err)
	}
	d := Find(func(string) string { return "" }, home, filepath.Join(root, "plain", "sub", "deep"))
	if d.Project != "" || !strings.Contains(d.Ignored, "owned by uid 4242") {
		t.Errorf("a .pi of uid 4242: Project = %q, Ignored = %q; want it passed over and said", d.Project, d.Ignored)
	}
	// A link owned by the user to a folder another user owns is passed over too.
	mkdirs(t, root, "linked/sub")
	if err := os.Symlink(filepath.Join(root, "plain", ".pi"), filepath.Join(root, "linked", ".pi")); err != nil {
		t.Fatal(err)
	}
	if d := Find(func(string) string { return "" }, home, filepath.Join(root, "linked", "sub")); d.Project != "" {
		t.Errorf("a link to another user's .pi: Project = %q, want none", d.Project)
	}
}

// A relative agent dir (a repository's settings can set the variable) makes the folders
// unusable, never read against the working directory; so does a home that is unknown.
func TestRelativeAgentDirIsUnusable(t *testing.T) {
	tests := []struct{ name, env, home, want string }{
		{"relative", ".pi/agent", "/home/x", "is not an absolute path"},
		{"dot", ".", "/home/x", "is not an absolute path"},
		{"tilde without a home", "~/agent", "", "is not an absolute path"},
		{"no home and no variable", "", "", "no home directory"},
		{"a relative home", "", "home", "no home directory"},
	}
	for _, tt := range tests {
		d := Find(func(k string) string {
			if k == AgentDirEnv {
				return tt.env
			}
			return ""
		}, tt.home, t.TempDir())
		if d.Agent != "" || d.Check() == nil || !strings.Contains(d.Check().Error(), tt.want) {
			t.Errorf("%s: agent %q, Check %v; want no agent dir and an error saying %q", tt.name, d.Agent, d.Check(), tt.want)
		}
	}
	if d := Find(func(string) string { return "/abs/agent" }, "/home/x", ""); d.Check() != nil || d.Agent != "/abs/agent" {
		t.Errorf("an absolute agent dir: %+v", d)
	}
}
