package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNamedGroups(t *testing.T) {
	p := homePolicy(
		"*", "*", "allow",
		"edit", "@shell-startup", "deny",
		"read", "@ssh-keys", "deny",
		"read", "@cloud-credentials", "ask",
	)
	tests := []struct {
		tool, value string
		want        Action
	}{
		{"edit", "~/.zshenv", Deny},
		{"edit", "/home/u/.config/fish/config.fish", Deny},
		{"edit", "~/.config/systemd/user/x.service", Deny},
		{"edit", "/etc/profile.d/x.sh", Deny},
		{"edit", "~/notes.md", Allow},
		{"read", "~/.ssh/id_ed25519", Deny},
		{"read", "~/.aws/credentials", Ask},
		{"bash", "echo 'x' >> ~/.profile", Deny},
		{"bash", "cat ~/.ssh/id_rsa", Deny},
		{"bash", "grep -r KEY ~", Ask},
		{"bash", "tar cf x.tar ~/.kube", Ask},
		{"bash", "ls ~", Allow},
	}
	for _, tt := range tests {
		checkDecide(t, p, tt.tool, tt.value, tt.want)
	}
	if d := p.DecideTool("edit", "~/.zshenv"); d.Rule == nil || d.Rule.Pattern != "@shell-startup" {
		t.Errorf("the decision names %v, want the group rule", d.Rule)
	}
}

func TestLintProposesTheGroup(t *testing.T) {
	var msgs []string
	for _, f := range Lint(rules("*", "*", "allow", "edit", "*.bashrc", "deny", "read", "~/.ssh/*", "deny", "edit", "~/.npmrc", "ask", "edit", "@ssh-keys", "deny"), LintOptions{}) {
		if f.Kind == LintGroup {
			msgs = append(msgs, f.Message)
		}
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`edit: {"@shell-startup": deny}`, `read: {"@ssh-keys": deny}`, `edit: {"@package-auth": ask}`} {
		if !strings.Contains(all, want) {
			t.Errorf("lint does not propose %s:\n%s", want, all)
		}
	}
	if strings.Contains(all, `edit: {"@ssh-keys"`) {
		t.Errorf("lint proposes a group the key already names:\n%s", all)
	}
}

// TestDocsListTheGroups checks that docs/rules.md lists every group and its patterns.
func TestDocsListTheGroups(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range Groups {
		if !strings.Contains(string(data), "`@"+g.Name+"`") {
			t.Errorf("docs/rules.md does not list the group @%s", g.Name)
		}
		for _, p := range g.Patterns {
			if !strings.Contains(string(data), "`"+p+"`") {
				t.Errorf("docs/rules.md does not list %s of @%s", p, g.Name)
			}
		}
	}
}
