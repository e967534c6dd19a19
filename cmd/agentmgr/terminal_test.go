package main

import (
	"io"
	"strings"
	"testing"
)

// escaper's description, reason and rule text carry terminal escape sequences and a carriage
// return that would rewrite "deny" as "allow" on the screen.
const escaper = "---\nname: escaper\ndescription: \"fine\\e]0;owned\\a\\e[2J\"\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": {action: deny, reason: \"no\\rallow\\e[31m\"}\n---\nBody.\n"

// On a terminal, list, show and check print a persona's control characters escaped; to a pipe
// the text is left as written.
func TestTerminalOutputEscapesControlCharacters(t *testing.T) {
	for _, args := range [][]string{{"list"}, {"show", "escaper"}, {"check", "--agent", "escaper", "bash", "rm -rf x"}} {
		t.Run(args[0], func(t *testing.T) {
			e, out, errb := testEnv(t, "")
			writeAgent(t, "escaper.md", escaper)
			e.isTerminal = func(io.Writer) bool { return true }
			if code := run(args, e); code != 0 {
				t.Fatalf("%v: exit %d, %s", args, code, errb)
			}
			text := out.String() + errb.String()
			if strings.ContainsAny(text, "\x1b\r\a") {
				t.Errorf("%v printed raw control characters on a terminal: %q", args, text)
			}
			if !strings.Contains(text, `\x1b`) {
				t.Errorf("%v printed no escaped sequence: %q", args, text)
			}
		})
	}
}

func TestEscapeControls(t *testing.T) {
	for in, want := range map[string]string{
		"plain\tline\n": "plain\tline\n",
		"a\x1b[31mred":  `a\x1b[31mred`,
		"over\rwrite":   `over\x0dwrite`,
		"c1\u009bcsi":   `c1\u009bcsi`,
		"del\x7f":       `del\x7f`,
		"emoji 🚀 ok":    "emoji 🚀 ok",
	} {
		if got := escapeControls(in); got != want {
			t.Errorf("escapeControls(%q) = %q, want %q", in, got, want)
		}
	}
}
