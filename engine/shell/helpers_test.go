package shell

import (
	"fmt"
	"strings"
	"testing"
)

// want is an expected unit. Only whether AskReason is set is compared; its
// wording is checked by TestAskReasonsAreSentences.
type want struct {
	text, base string
	ask        bool
	suggestion string
	key        string
}

// plain is a unit with no base name and no ask.
func plain(text, suggestion string) want { return want{text: text, suggestion: suggestion} }

// asked is a unit that must be asked about.
func asked(text, suggestion string) want { return want{text: text, ask: true, suggestion: suggestion} }

// pathed is a unit named by a path, with its base-name form.
func pathed(text, base, suggestion string) want {
	return want{text: text, base: base, suggestion: suggestion}
}

// edits is a file the command writes, decided as an edit.
func edits(path, suggestion string) want {
	return want{text: path, suggestion: suggestion, key: EditKey}
}

// reads is a file the command reads with <, decided as a read.
func reads(path, suggestion string) want {
	return want{text: path, suggestion: suggestion, key: ReadKey}
}

// construct is one row of a table of commands and their exact units.
type construct struct {
	name  string
	cmd   string
	units []want
}

func describeUnits(units []Unit) string {
	var b strings.Builder
	for _, u := range units {
		fmt.Fprintf(&b, "\t{text: %q, base: %q, ask: %v, suggestion: %q, key: %q}\n", u.Text, u.Base, u.AskReason != "", u.Suggestion, u.Key)
	}
	return b.String()
}

func describeWants(ws []want) string {
	var b strings.Builder
	for _, w := range ws {
		fmt.Fprintf(&b, "\t{text: %q, base: %q, ask: %v, suggestion: %q, key: %q}\n", w.text, w.base, w.ask, w.suggestion, w.key)
	}
	return b.String()
}

// runConstructs checks that each command gives exactly its units, in order.
func runConstructs(t *testing.T, table []construct) {
	t.Helper()
	for _, tc := range table {
		t.Run(tc.name, func(t *testing.T) {
			got := describeUnits(Analyze(tc.cmd))
			if want := describeWants(tc.units); got != want {
				t.Errorf("Analyze(%q)\nwant:\n%sgot:\n%s", tc.cmd, want, got)
			}
		})
	}
}

// result is one input of a function of a string and what it must return.
type result[T comparable] struct {
	in   string
	want T
}

// checkResults checks that f returns each case's want for its input; fn names f in failures.
func checkResults[T comparable](t *testing.T, fn string, f func(string) T, cases []result[T]) {
	t.Helper()
	for _, c := range cases {
		checkResult(t, fn, f, c.in, c.want)
	}
}

// namedResult is a result with a name, under which its case runs as a subtest.
type namedResult[T comparable] struct {
	name, in string
	want     T
}

// checkNamedResults is checkResults with each case a subtest of its name.
func checkNamedResults[T comparable](t *testing.T, fn string, f func(string) T, cases []namedResult[T]) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkResult(t, fn, f, c.in, c.want)
		})
	}
}

// checkResult checks that f(in) is want; fn names f in the failure.
func checkResult[T comparable](t *testing.T, fn string, f func(string) T, in string, want T) {
	t.Helper()
	if got := f(in); got != want {
		t.Errorf("%s(%q) = %#v, want %#v", fn, in, got, want)
	}
}

// firstNeeds is what a rule must name to allow the first unit of cmd (its Needs).
func firstNeeds(cmd string) string { return Analyze(cmd)[0].Needs }

// naming is a rule pattern, a token and whether the pattern names the token.
type naming struct {
	pattern, token string
	want           bool
}

// checkNaming checks names (Names, NamesPath; fn in failures) on each case.
func checkNaming(t *testing.T, fn string, names func(pattern, token string) bool, cases []naming) {
	t.Helper()
	for _, c := range cases {
		if got := names(c.pattern, c.token); got != c.want {
			t.Errorf("%s(%q, %q) = %v, want %v", fn, c.pattern, c.token, got, c.want)
		}
	}
}
