package engine

import "testing"

// ciPersona is an allow-list persona as a project's CI agent would have it: commands ask by
// default, the project's tools are allowed by name, edits are allowed but for a few
// protected files, reads are allowed but for the SSH keys.
var ciPersona = rules(
	"*", "*", "ask",
	"read", "*", "allow",
	"read", "~/.ssh/*", "deny",
	"edit", "*", "allow",
	"edit", "*.env", "deny",
	"edit", "~/.bashrc", "deny",
	"edit", "~/.ssh/*", "deny",
	"edit", "~/.profile", "deny",
	"edit", "~/.gitconfig", "deny",
	"read", "~/.aws/*", "deny",
	"bash", "rm *", "deny",
	"bash", "go *", "allow",
	"bash", "gofmt *", "allow",
	"bash", "git *", "allow",
	"bash", "git push *", "ask",
	"bash", "make", "allow",
	"bash", "make *", "allow",
	"bash", "npm *", "allow",
	"bash", "yarn *", "allow",
	"bash", "pnpm *", "allow",
	"bash", "cargo *", "allow",
	"bash", "python3 -m pytest *", "allow",
	"bash", "python -m pytest *", "allow",
	"bash", "pytest *", "allow",
	"bash", "ls", "allow",
	"bash", "ls *", "allow",
	"bash", "cat *", "allow",
	"bash", "head *", "allow",
	"bash", "tail *", "allow",
	"bash", "wc *", "allow",
	"bash", "grep *", "allow",
	"bash", "rg *", "allow",
	"bash", "find *", "allow",
	"bash", "sed *", "allow",
	"bash", "sort *", "allow",
	"bash", "echo *", "allow",
	"bash", "printf *", "allow",
	"bash", "mkdir *", "allow",
	"bash", "tar *", "allow",
	"bash", "diff *", "allow",
	"bash", "jq *", "allow",
	"bash", "cd *", "allow",
	"bash", "test *", "allow",
	"bash", "[ *", "allow",
	"bash", "timeout *", "allow",
	"bash", "xargs *", "allow",
	"bash", "tee *", "allow",
	"bash", "set *", "allow",
	"bash", "export *", "allow",
	"bash", "declare *", "allow",
	"bash", "docker build *", "allow",
	"bash", "docker run *", "allow",
	"bash", "docker compose up *", "allow",
	"bash", "kubectl get *", "allow",
	"bash", "uname *", "allow",
	"bash", "date *", "allow",
	"bash", "pwd", "allow",
	"bash", "true", "allow",
	"bash", "du *", "allow",
	"bash", "df *", "allow",
	"bash", "sha256sum *", "allow",
	"bash", "base64 *", "allow",
	"bash", "curl -fsSL https://example.com/*", "allow",
	"bash", "shellcheck *", "allow",
	"bash", "golangci-lint *", "allow",
	"bash", "staticcheck *", "allow",
	"bash", "terraform fmt *", "allow",
	"bash", "cp *", "allow",
	"bash", "mv *", "allow",
	"bash", "touch *", "allow",
	"bash", "env *", "allow",
	"bash", "unzip *", "allow",
	"bash", "rsync *", "allow",
)

// readOrdinary reads shell/testdata/ordinary.jsonl: commands in the style of projects' CI
// files, which must stay allowed.
func readOrdinary(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, c := range readCorpus[struct {
		Cmd string `json:"cmd"`
	}](t, "ordinary.jsonl", 1) {
		out = append(out, c.Cmd)
	}
	return out
}

// TestOrdinaryCICommands is the false-alarm check of the closed world: every ordinary command
// is allowed under the builder persona (a deny-list) and under an allow-list persona that
// allows the programs it runs (so the option tables know the options CI files use).
func TestOrdinaryCICommands(t *testing.T) {
	t.Parallel()
	cmds := readOrdinary(t)
	if len(cmds) < 150 {
		t.Fatalf("%d ordinary commands, want at least 150", len(cmds))
	}
	for _, p := range []struct {
		name string
		pol  *Policy
	}{
		{"builder", &Policy{Persona: CompileWithHome(builderPersona, "/home/u")}},
		{"ci", &Policy{Persona: CompileWithHome(ciPersona, "/home/u")}},
	} {
		alarms := 0
		for _, cmd := range cmds {
			if d := p.pol.DecideTool("bash", cmd); d.Action != Allow {
				alarms++
				t.Errorf("%s: %q = %s, want allow (a false alarm)\n%s", p.name, cmd, d.Action, describeDecision(d))
			}
		}
		t.Logf("%s: %d false alarms in %d ordinary commands", p.name, alarms, len(cmds))
	}
}
