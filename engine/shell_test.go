package engine

import "testing"

func TestDecideShell(t *testing.T) {
	t.Parallel()
	p := &Policy{Persona: Compile(rules("bash", "*", "allow", "bash", "rm *", "deny", "bash", "git push *", "ask"))}
	tests := []struct {
		name, cmd string
		want      Action
		units     int
	}{
		{"plain allowed", "ls -la", Allow, 1},
		{"rm anywhere denies", "ls && rm -rf /", Deny, 2},
		{"quoted rm", `"rm" -rf '/'`, Deny, 1},
		{"path rm by base name", "/bin/rm x", Deny, 1},
		{"inside if", "if true; then rm x; fi", Deny, 2},
		{"ask beats allow", "git status; git push origin", Ask, 2},
		{"deny beats ask", "git push && rm x", Deny, 2},
		{"wrapper and inner", "sudo rm x", Deny, 2},
		{"non-literal name asks", "$CMD x", Ask, 1},
		{"does not parse asks", "echo 'unterminated", Ask, 1},
		{"echo of rm text is harmless", `echo "rm -rf /"`, Allow, 1},
		{"empty command", "", Allow, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := p.DecideTool("bash", tt.cmd)
			if d.Action != tt.want {
				t.Errorf("bash %q = %s, want %s; units %+v", tt.cmd, d.Action, tt.want, d.Units)
			}
			if len(d.Units) < tt.units {
				t.Errorf("bash %q has %d units, want at least %d", tt.cmd, len(d.Units), tt.units)
			}
			var strictest Action = Allow
			for _, u := range d.Units {
				strictest = Stricter(strictest, u.Action)
				if u.Text != "" && u.Suggestion == "" {
					t.Errorf("unit %q has no always suggestion", u.Text)
				}
			}
			if strictest != d.Action {
				t.Errorf("call action %s is not the strictest unit action %s", d.Action, strictest)
			}
		})
	}
}

func TestShellToolsShareTheBashKey(t *testing.T) {
	t.Parallel()
	p := &Policy{Persona: Compile(rules("bash", "rm *", "deny"))}
	for _, tool := range []string{"bash", "shell", "run", "exec"} {
		if d := p.DecideTool(tool, "rm x"); d.Action != Deny || d.Permission != "bash" {
			t.Errorf("tool %s: %s on key %q, want deny on bash", tool, d.Action, d.Permission)
		}
	}
}

func TestDecideToolValues(t *testing.T) {
	t.Parallel()
	p := &Policy{Persona: Compile(rules("bash", "*", "allow", "bash", "rm *", "deny", "edit", "*", "allow", "edit", "*.env", "ask"))}
	tests := []struct {
		name   string
		tool   string
		values []string
		want   Action
		units  int
	}{
		{"shell commands all allowed", "bash", []string{"ls", "git status"}, Allow, 2},
		{"one shell command denied", "bash", []string{"ls", "cd x && rm y"}, Deny, 3},
		{"paths with an ask", "write", []string{"a.go", ".env"}, Ask, 0},
		{"no values is one empty value", "bash", nil, Allow, 1},
	}
	for _, tt := range tests {
		d := p.DecideToolValues(tt.tool, tt.values)
		if d.Action != tt.want || len(d.Units) != tt.units {
			t.Errorf("%s: %s %v = %s with %d units, want %s with %d", tt.name, tt.tool, tt.values, d.Action, len(d.Units), tt.want, tt.units)
		}
	}
}

// TestShellFileUnits checks that files a command writes or reads are decided like the edit and
// read tools' paths: under the edit and read rules, under each of their names when the policy
// knows where the call runs, and outside the project by external_directory.
func TestShellFileUnits(t *testing.T) {
	t.Parallel()
	rs := rules("*", "*", "allow", "edit", "~/.ssh/*", "deny", "read", "*.key", "deny", "external_directory", "*", "ask")
	p := (&Policy{Persona: CompileWithHome(rs, "/home/u")}).At(&Place{Cwd: "/home/u/proj", Project: "/home/u/proj", Home: "/home/u"})
	checkBash(t, p, []bashCase{
		{"echo x > out.txt", Allow},
		{"echo x > ../.ssh/authorized_keys", Deny},
		{"echo x | tee -a $HOME/.ssh/authorized_keys", Deny},
		{"cp id.pub /home/u/proj/../.ssh/authorized_keys", Deny},
		{"echo x > /etc/motd", Ask},
		{"cat < server.key", Deny},
		{"echo x > \"$OUT\"", Ask},
		{"echo x 2>/dev/null >&2", Allow},
	})
}

// TestCodeRunnersNeedANamingRule checks that a unit running code from its arguments or
// environment is only allowed by a rule that names the program, option or variable.
func TestCodeRunnersNeedANamingRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Ruleset
		cmd   string
		want  Action
	}{
		{"catch-all is no consent", rules("bash", "*", "allow"), "python3 -c 'print(1)'", Ask},
		{"a rule naming the interpreter", rules("bash", "*", "allow", "bash", "python3 *", "allow"), "python3 -c 'print(1)'", Allow},
		{"git diff * is no consent to --output", rules("bash", "git diff *", "allow"), "git diff --output=x", Ask},
		{"a rule naming the option", rules("bash", "git diff --output=*", "allow"), "git diff --output=x", Allow},
		{"an ordinary git diff", rules("bash", "git diff *", "allow"), "git diff HEAD~1 -- 'src/*.go'", Allow},
		{"environment needs naming", rules("bash", "*", "allow"), "GIT_PAGER=cat git log", Ask},
		{"a rule naming the variable", rules("bash", "*", "allow", "bash", "GIT_PAGER=* git log *", "allow"), "GIT_PAGER=cat git log", Allow},
		{"a deny on the command still applies", rules("bash", "*", "allow", "bash", "rm *", "deny"), "LD_PRELOAD=x.so rm y", Deny},
		{"harmless environment", rules("bash", "*", "allow"), "CGO_ENABLED=0 go build", Allow},
		{"yolo is the person's consent", rules("bash", "ls", "allow"), "python3 -c 'x'", Allow},
	}
	for _, tt := range tests {
		p := &Policy{Persona: Compile(tt.rules), Yolo: tt.name == "yolo is the person's consent"}
		if d := p.DecideTool("bash", tt.cmd); d.Action != tt.want {
			t.Errorf("%s: %q = %s, want %s (%s)", tt.name, tt.cmd, d.Action, tt.want, d.Reason)
		}
	}
}
