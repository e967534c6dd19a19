package engine

import "testing"

func TestPathRulesHoldForEveryToolAndCommand(t *testing.T) {
	t.Parallel()
	const home = "/home/u"
	place := linkPlace(home, [2]string{"/proj/envlink", "/proj/.env"})
	secrets := rules("*", "*", "allow", "path", "*", "allow", "path", "*.env", "deny", "path", "~/.ssh/*", "deny", "path", "*.pem", "ask")
	tests := []struct {
		name  string
		rules Ruleset
		tool  string
		value string
		want  Action
	}{
		{"a read allow does not loosen a path deny", secrets, "read", ".env", Deny},
		{"an edit of a protected file is denied", secrets, "write", "config/prod.env", Deny},
		{"a path ask stands over a tool allow", secrets, "read", "certs/server.pem", Ask},
		{"a symlink to a protected file is denied", secrets, "read", "envlink", Deny},
		{"an ordinary file is left to the tool's rules", secrets, "read", "src/main.go", Allow},
		{"a command argument meets the path deny", secrets, "bash", "cat .env", Deny},
		{"an argument under the home meets the path deny", secrets, "bash", "cp ~/.ssh/id_rsa /proj/x", Deny},
		{"an argument after cd is joined to the directory", secrets, "bash", "cd config && cat prod.env", Deny},
		{"a redirection meets the path deny", secrets, "bash", "echo x > .env", Deny},
		{"a command without protected arguments is allowed", secrets, "bash", "ls src", Allow},
		{"a catch-all deny is no path rule", rules("*", "*", "deny", "read", "*", "allow"), "read", "src/a.go", Allow},
		{"external_directory holds for command arguments when named",
			rules("*", "*", "allow", "external_directory", "*", "ask"), "bash", "cat /etc/passwd", Ask},
		{"external_directory holds for climbing arguments",
			rules("*", "*", "allow", "external_directory", "*", "ask"), "bash", "ls ../other", Ask},
		{"an allowed outside folder is allowed",
			rules("*", "*", "allow", "external_directory", "*", "ask", "external_directory", "~/dev/*", "allow"), "bash", "cat ~/dev/a/b", Allow},
		{"devices are never outside",
			rules("*", "*", "allow", "external_directory", "*", "deny"), "bash", "ls > /dev/null", Allow},
		{"a catch-all ask leaves command arguments to the shell rules",
			rules("*", "*", "ask", "bash", "*", "allow"), "bash", "cat /etc/hosts", Allow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPolicy(tc.rules).At(place)
			p.Persona = CompileWithHome(tc.rules, home)
			if d := p.DecideTool(tc.tool, tc.value); d.Action != tc.want {
				t.Errorf("%s %q = %s (%s), want %s", tc.tool, tc.value, d.Action, d.Reason, tc.want)
			}
		})
	}
}

func TestWrapperFloorKeepsWrappersAsked(t *testing.T) {
	t.Parallel()
	floor := rules("bash", "*", "allow", "bash", "rm *", "deny", "wrappers", "*", "ask")
	tests := []struct {
		name    string
		rules   Ruleset
		command string
		yolo    bool
		want    Action
	}{
		{"sudo asks", floor, "sudo ls", false, Ask},
		{"env asks", floor, "env FOO=1 make", false, Ask},
		{"find -exec asks", floor, "find . -name x -exec cat {} ;", false, Ask},
		{"find without -exec is allowed", floor, "find . -name x", false, Allow},
		{"bash -c asks", floor, "bash -c 'ls'", false, Ask},
		{"eval asks", floor, "eval ls", false, Ask},
		{"yolo keeps the floor", floor, "xargs ls", true, Ask},
		{"a deny inside stays a deny", floor, "sudo rm -rf /", false, Deny},
		{"no floor without a wrappers rule", rules("bash", "*", "allow"), "sudo ls", false, Allow},
		{"a catch-all sets no floor", rules("*", "*", "ask", "bash", "*", "allow"), "timeout 5 ls", false, Allow},
		{"the floor names the wrapper", rules("bash", "*", "allow", "wrappers", "*", "ask", "wrappers", "nice", "allow"), "nice ls", false, Allow},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPolicy(tc.rules)
			p.Yolo = tc.yolo
			if d := p.DecideTool("bash", tc.command); d.Action != tc.want {
				t.Errorf("%q = %s (%s), want %s", tc.command, d.Action, d.Reason, tc.want)
			}
		})
	}
}
