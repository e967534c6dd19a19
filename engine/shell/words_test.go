package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// firstWord parses src and returns the first word of its first command.
func firstWord(t *testing.T, src string) *syntax.Word {
	t.Helper()
	f, err := parse(src)
	if err != nil {
		t.Fatalf("parse(%q): %v", src, err)
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		t.Fatalf("parse(%q): first statement is not a simple command", src)
	}
	return call.Args[0]
}

func TestRenderWord(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src     string
		text    string
		literal bool
		split   bool
	}{
		{`plain`, "plain", true, false},
		{`"double"`, "double", true, false},
		{`'single'`, "single", true, false},
		{`a\ b`, "a b", true, false},
		{`\*`, "*", true, false},
		{`"\$x\"\\\a"`, `$x"\\a`, true, false},
		{`$'a\tb\x41\101\u00e9\cA'`, "a\tbAA\u00e9\x01", true, false},
		{`$'cut\x00here'`, "cut", true, false},
		{`$HOME/x`, "$HOME/x", false, true},
		{`"$HOME/x"`, "$HOME/x", false, false},
		{`$(cmd)`, "$(cmd)", false, true},
		{"`cmd`", "`cmd`", false, true},
		{`$((1+2))`, "$((1+2))", false, true},
		{`<(cmd)`, "<(cmd)", false, false},
		{`*.go`, "*.go", false, false},
		{`a?`, "a?", false, false},
		{`[ab]`, "[ab]", false, false},
		{`[`, "[", true, false},
		{`{a,b}`, "{a,b}", false, false},
		{`{1..3}`, "{1..3}", false, false},
		{`{}`, "{}", true, false},
		{`{a}`, "{a}", true, false},
		{`{"a",b}`, "{a,b}", false, false},
		{`'{a,b}'`, "{a,b}", true, false},
		{`~/bin`, "~/bin", true, false},
	}
	for _, tc := range cases {
		w := renderWord(tc.src, firstWord(t, tc.src))
		if w.text != tc.text || w.literal != tc.literal || w.split != tc.split {
			t.Errorf("renderWord(%s) = {%q literal=%v split=%v}, want {%q literal=%v split=%v}",
				tc.src, w.text, w.literal, w.split, tc.text, tc.literal, tc.split)
		}
	}
}

func TestAnsiC(t *testing.T) {
	t.Parallel()
	checkResults(t, "ansiC", ansiC, []result[string]{
		{`no escapes`, "no escapes"},
		{`\a\b\e\E\f\n\r\t\v`, "\a\b\x1b\x1b\f\n\r\t\v"},
		{`\\\'\"\?`, `\'"?`},
		{`\0`, ""},
		{`a\101b`, "aAb"},
		{`\x7`, "\x07"},
		{`\xZ`, `\xZ`},
		{`\u263a`, "\u263a"},
		{`\U0001F600`, "\U0001F600"},
		{`\UFFFFFFFF`, "\uFFFD"},
		{`\cA\c`, "\x01\\c"},
		{`\q`, `\q`},
		{`trailing\`, `trailing\`},
	})
}

func TestHeredocEscapes(t *testing.T) {
	t.Parallel()
	checkResults(t, "heredocLit", heredocLit, []result[string]{
		{`plain $x`, `plain $x`},
		{`\$x \` + "`" + `y\` + "`" + ` \\ \"q\"`, "$x `y` \\ \\\"q\\\""},
		{"line\\\ncontinued", "linecontinued"},
	})
}

func TestBracketNesting(t *testing.T) {
	t.Parallel()
	checkResults(t, "bracketNesting", bracketNesting, []result[int]{
		{"", 0},
		{"a (b) {c}", 1},
		{"((a)) [[b]]", 2},
		{")))(", 1},
		{strings.Repeat("$(", 10), 10},
	})
}

func TestIsAssignment(t *testing.T) {
	t.Parallel()
	// A word with a $ in it is not literal: it may expand to anything.
	isLiteralAssignment := func(s string) bool { return isAssignment(word{text: s, literal: !strings.Contains(s, "$")}) }
	checkResults(t, "isAssignment", isLiteralAssignment, []result[bool]{
		{"FOO=1", true},
		{"_x2=", true},
		{"A=b=c", true},
		{"=1", false},
		{"2X=1", true},  // env sets any NAME=VALUE word
		{"a-b=1", true}, // and so runs nothing named a-b=1
		{"BASH_FUNC_f%%=() { rm x; }", true},
		{"$X=1", false}, // not literal: may expand to anything
		{"rm", false},
	})
}
