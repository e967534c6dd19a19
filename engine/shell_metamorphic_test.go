package engine

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// singleQuoted quotes s for the shell as one word.
func singleQuoted(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// wrappings put a command inside a construct that still runs it. Each
// returns "" when it does not apply (a here-document around a command that
// has one of its own).
var wrappings = []struct {
	name string
	wrap func(cmd string) string
}{
	{"cd_prefix", func(c string) string { return "cd dir && " + c }},
	{"true_and", func(c string) string { return "true && " + c }},
	{"false_or", func(c string) string { return "false || " + c }},
	{"semicolon_after", func(c string) string { return "ls; " + c }},
	{"subshell", func(c string) string { return "( " + c + "\n)" }},
	{"group", func(c string) string { return "{ " + c + "\n}" }},
	{"if_then", func(c string) string { return "if true; then " + c + "\nfi" }},
	{"if_condition", func(c string) string { return "if " + c + "\nthen :; fi" }},
	{"for_body", func(c string) string { return "for x in 1; do " + c + "\ndone" }},
	{"while_body", func(c string) string { return "while true; do " + c + "\nbreak; done" }},
	{"case_body", func(c string) string { return "case x in x) " + c + "\n;; esac" }},
	{"function_body", func(c string) string { return "f() { " + c + "\n}; f" }},
	{"command_substitution", func(c string) string { return "echo \"$(" + c + "\n)\"" }},
	{"process_substitution", func(c string) string { return "cat <(" + c + "\n)" }},
	{"pipe_in", func(c string) string { return "echo x | " + c }},
	{"pipe_out", func(c string) string { return "{ " + c + "\n} | cat" }},
	{"background", func(c string) string { return "{ " + c + "\n} &" }},
	{"negated", func(c string) string { return "! { " + c + "\n}" }},
	{"null_redirect", func(c string) string { return "{ " + c + "\n} > /dev/null 2>&1" }},
	{"bash_c", func(c string) string { return "bash -c " + singleQuoted(c) }},
	{"bash_Oc", func(c string) string { return "bash -Oc extglob " + singleQuoted(c) }},
	{"sh_ec", func(c string) string { return "sh -ec " + singleQuoted(c) }},
	{"eval", func(c string) string { return "eval " + singleQuoted(c) }},
	{"bash_herestring", func(c string) string { return "bash <<< " + singleQuoted(c) }},
	{"bash_heredoc", func(c string) string {
		if strings.Contains(c, "AGENTMGR_EOF") {
			return ""
		}
		return "bash <<'AGENTMGR_EOF'\n" + c + "\nAGENTMGR_EOF"
	}},
	{"watch", func(c string) string { return "watch " + singleQuoted(c) }},
	{"su_c", func(c string) string { return "su -c " + singleQuoted(c) + " root" }},
	{"ssh", func(c string) string { return "ssh host " + singleQuoted(c) }},
	{"script_c", func(c string) string { return "script -qc " + singleQuoted(c) + " /dev/null" }},
	{"tmux_new", func(c string) string { return "tmux new -d " + singleQuoted(c) }},
	{"nix_shell_run", func(c string) string { return "nix-shell --run " + singleQuoted(c) }},
	{"parallel", func(c string) string { return "parallel ::: " + singleQuoted(c) }},
	{"trap", func(c string) string { return "trap " + singleQuoted(c) + " EXIT" }},
	{"find_exec_sh", func(c string) string { return "find . -exec sh -c " + singleQuoted(c) + " \\;" }},
	{"at", func(c string) string { return "at now <<< " + singleQuoted(c) }},
	{"sg", func(c string) string { return "sg users " + singleQuoted(c) }},
}

// prefixWrappers run the simple command that follows them; they only
// apply to a command that is one simple command.
var prefixWrappers = []string{
	"sudo", "env", "env -i", "env FOO=1", "timeout 5", "nice -n 5", "nohup", "setsid", "stdbuf -oL", "time", "command",
	"exec", "chrt -o 0", "taskset 1", "ionice -c3", "unbuffer", "setpriv --nnp", "unshare -r", "systemd-run --user",
	"ssh-agent", "dbus-run-session", "xvfb-run -a", "fakeroot", "strace -f", "valgrind -q", "firejail --quiet",
	"bwrap --bind / /", "docker run --rm img", "docker exec ctr", "kubectl exec pod --", "uv run", "flock l", "xargs",
	"busybox", "toybox", "FOO=1", "screen -dm", "nix develop -c",
}

// isSimpleCommand reports whether cmd parses as exactly one simple command
// without assignments before it (after a wrapper, FOO=1 would be the name
// of the command to run, not an assignment).
func isSimpleCommand(cmd string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	s := f.Stmts[0]
	call, ok := s.Cmd.(*syntax.CallExpr)
	return ok && len(call.Args) > 0 && len(call.Assigns) == 0 && !s.Negated && !s.Background
}

// runsNothing reports whether d decided a command with nothing to run (it
// was matched as the empty string).
func runsNothing(d Decision) bool {
	for _, u := range d.Units {
		if u.Text != "" {
			return false
		}
	}
	return true
}

func parses(cmd string) bool {
	_, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	return err == nil
}

// TestWrappingNeverLoosens is the metamorphic test: wrapping a command in
// any construct that still runs it never gives a less restrictive answer,
// under either persona, for every corpus and ordinary command.
func TestWrappingNeverLoosens(t *testing.T) {
	t.Parallel()
	var inputs []string
	for _, c := range readCorpus[corpusCase](t, "corpus.jsonl", 300) {
		inputs = append(inputs, c.Cmd)
	}
	inputs = append(inputs, ordinaryCommands...)
	for _, c := range readCorpus[closedCase](t, "closed_corpus.jsonl", 600) {
		inputs = append(inputs, c.Cmd)
	}
	inputs = append(inputs, readOrdinary(t)...)
	inputs = shortSample(inputs)
	personas := map[string]*Policy{
		"allowlist": {Persona: CompileWithHome(allowlistPersona, "/home/u")},
		"builder":   {Persona: CompileWithHome(builderPersona, "/home/u")},
		"ci":        {Persona: CompileWithHome(ciPersona, "/home/u")},
	}
	for _, cmd := range inputs {
		if !parses(cmd) {
			continue
		}
		var outs []string
		for _, w := range wrappings {
			if out := w.wrap(cmd); out != "" && parses(out) {
				outs = append(outs, out)
			}
		}
		if isSimpleCommand(cmd) {
			for _, p := range prefixWrappers {
				// xargs gives its command no standard input: a here-document
				// after it feeds xargs, so the command no longer runs it.
				if p == "xargs" && strings.Contains(cmd, "<<") {
					continue
				}
				outs = append(outs, p+" "+cmd)
			}
		}
		for name, pol := range personas {
			d := pol.DecideTool("bash", cmd)
			before := d.Action
			if before == Allow || runsNothing(d) {
				continue
			}
			for _, out := range outs {
				if after := pol.DecideTool("bash", out); after.Action.rank() < before.rank() {
					t.Errorf("%s: %q is %s but %q only %s\n%s", name, cmd, before, out, after.Action, describeDecision(after))
				}
			}
		}
	}
}

// shortSample is every eighth of inputs under -short (the quick tier), all of them otherwise:
// the metamorphic checks multiply each input by every wrapping and persona.
func shortSample(inputs []string) []string {
	if !testing.Short() {
		return inputs
	}
	var out []string
	for i := 0; i < len(inputs); i += 8 {
		out = append(out, inputs[i])
	}
	return out
}
