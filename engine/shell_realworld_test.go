package engine

import "testing"

// realCase is one line of shell/testdata/realworld.jsonl: a command from a public project's CI
// workflow (a run block), Makefile recipe or script, with where it comes from (repository and
// path), what the built-in builder means to answer and, for git log and diff, the reviewer.
type realCase struct {
	Cmd      string `json:"cmd"`
	Source   string `json:"source"`
	Builder  Action `json:"builder"`
	Reviewer Action `json:"reviewer"`
}

// builtinBuilder is the built-in builder's rules (docs/rules.md): everything allowed, the
// shell asks for rm, sudo, chmod and chown, no web tools.
var builtinBuilder = rules(
	"*", "*", "allow",
	"bash", "rm *", "ask",
	"bash", "sudo *", "ask",
	"bash", "chmod *", "ask",
	"bash", "chown *", "ask",
	"webfetch", "*", "deny",
	"websearch", "*", "deny",
)

// maxRealWorldFalseAlarms is how many real-world commands the builder may ask about although
// its rules mean to allow them. They stay asking on purpose:
//   - a program only known at run time ($BUILD_CMD set by an earlier step, "$BIN",
//     ./bin/$podman, "${MSBUILD_PATH}\MSBuild.exe"): the gate reads it from the agent's
//     environment when it is set there, and nothing else says what it runs;
//   - arithmetic over an array built from command output (arr=($(… | tr . '\n'));
//     $((${arr[2]}+1))): the elements are whatever the command printed, and bash evaluates
//     them as expressions (arithmetic over programs that print only numbers, $(date +%s) or
//     gh … --jq length, is allowed: see intoutput.go);
//   - !(...) as a command name, which is an extglob pattern when extglob is on;
//   - sed with a script from a variable not assigned one literal (it could hold e or w);
//   - PowerShell syntax ($env:X=…), which bash reads as a command named by an expansion;
//   - a bare assignment to a variable of a code-loading family (CARGO_TEST_OPTIONS="..."):
//     a child sees it only when the name is exported, and the gate cannot know it is not (the
//     agent's shell sources a snapshot of the person's start-up files, which may export it or
//     set -a, and its own environment may lack what they export).
//
// ("$@" run in a function's body is decided as each visible call's words: funcargs.go.)
// The test fails when the figure grows.
const maxRealWorldFalseAlarms = 20

// TestRealWorldCommands checks the real-world corpus: no command the builder means to ask (rm,
// sudo, chmod, chown and their effect families, a downloaded script run by a shell, a write of
// git's executable configuration) runs
// unasked; at most maxRealWorldFalseAlarms of the others ask; and the reviewer persona
// (`git diff *`, `git log *`) asks for none of its git log and diff commands.
func TestRealWorldCommands(t *testing.T) {
	cases := readCorpus[realCase](t, "realworld.jsonl", 400)
	for i, c := range cases {
		if c.Source == "" || c.Builder == "" {
			t.Fatalf("realworld.jsonl:%d: every command needs its source and the builder's answer", i+1)
		}
	}
	builder := &Policy{Persona: CompileWithHome(builtinBuilder, "/home/u")}
	reviewer := &Policy{Persona: CompileWithHome(reviewerPersona, "/home/u")}
	alarms, reviewed := 0, 0
	for _, c := range cases {
		d := builder.DecideTool("bash", c.Cmd)
		switch {
		case c.Builder == Ask && d.Action == Allow:
			t.Errorf("%s: %q = allow, want ask (a hole)\n%s", c.Source, c.Cmd, describeDecision(d))
		case c.Builder == Allow && d.Action != Allow:
			alarms++
			t.Logf("false alarm: %s: %q = %s\n%s", c.Source, c.Cmd, d.Action, describeDecision(d))
		}
		if c.Reviewer != "" {
			reviewed++
			if d := reviewer.DecideTool("bash", c.Cmd); d.Action != c.Reviewer {
				t.Errorf("reviewer: %s: %q = %s, want %s\n%s", c.Source, c.Cmd, d.Action, c.Reviewer, describeDecision(d))
			}
		}
	}
	t.Logf("builder: %d false alarms in %d real-world commands; reviewer: %d git log and diff commands", alarms, len(cases), reviewed)
	if alarms > maxRealWorldFalseAlarms {
		t.Errorf("builder: %d false alarms, want at most %d", alarms, maxRealWorldFalseAlarms)
	}
	if reviewed < 85 {
		t.Errorf("%d reviewer commands, want at least 85", reviewed)
	}
}
