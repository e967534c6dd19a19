package e2etest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// nodeStandIn is a script sh runs in node's place: it prints its arguments, folder, $X and
// its stdin as one JSON object, or, with the argument fail, fails with a line on stderr, or,
// with prose, prints what is not JSON.
const nodeStandIn = `case "$1" in
fail) echo "the script broke" >&2; exit 3 ;;
prose) echo "not json" ;;
*) printf '{"args":"%s","dir":"%s","x":"%s","in":' "$*" "$PWD" "$X"; cat; printf '}\n' ;;
esac
`

func standIn(t *testing.T, dir string, args ...string) NodeScript {
	script := filepath.Join(dir, "standin.sh")
	if err := os.WriteFile(script, []byte(nodeStandIn), 0o644); err != nil {
		t.Fatal(err)
	}
	return NodeScript{Node: "/bin/sh", Flags: []string{"-e"}, Script: script, Args: args, Dir: dir, Env: []string{"X=y"}}
}

// JSON hands node its flags, the script and its arguments in order, runs it in its folder and
// environment with the input on stdin, and decodes what it prints.
func TestNodeScriptJSON(t *testing.T) {
	dir := t.TempDir()
	var got struct {
		Args, Dir, X string
		In           map[string]int
	}
	standIn(t, dir, "a", "b").JSON(t, map[string]int{"n": 1}, &got)
	if got.Args != "a b" || got.Dir != dir || got.X != "y" || got.In["n"] != 1 {
		t.Errorf("the script saw %+v; want arguments a b, folder %s, X=y and input n=1", got, dir)
	}
}

// TestNodeScriptFails runs itself as a child: a script that fails, or prints what is not JSON,
// fails the test, naming the script and what it printed.
func TestNodeScriptFails(t *testing.T) {
	if arg := os.Getenv("E2ETEST_NODE_CHILD"); arg != "" {
		var v any
		standIn(t, t.TempDir(), arg).JSON(t, nil, &v)
		return
	}
	for _, tc := range []struct {
		name, arg string
		output    []string
	}{
		{"a failing script", "fail", []string{"standin.sh: exit status 3", "the script broke"}},
		{"output that is not JSON", "prose", []string{`standin.sh printed "not json\n"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestNodeScriptFails$", "-test.v")
			cmd.Env = append(os.Environ(), "E2ETEST_NODE_CHILD="+tc.arg)
			out, err := cmd.CombinedOutput()
			for _, want := range append([]string{"--- FAIL: TestNodeScriptFails"}, tc.output...) {
				if err == nil || !strings.Contains(string(out), want) {
					t.Errorf("child: %v, without %q\n%s", err, want, out)
				}
			}
		})
	}
}
