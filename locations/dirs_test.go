package locations

import (
	"os"
	"os/user"
	"path/filepath"
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
		{"global guards", d.GlobalGuards(), "a/agent/agent-manager/guards.yaml"},
		{"project guards", d.ProjectGuards(), "p/.pi/agent-manager/guards.yaml"},
		{"project state", d.ProjectStateDir(), "p/.pi/agent-manager"},
		{"persona index", d.PersonaIndex(), "a/agent/agent-manager/cache/persona-names.json"},
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
