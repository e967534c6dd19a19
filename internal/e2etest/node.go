package e2etest

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
)

// NodeScript is a Node script a test runs to ask a runtime's own code (an extension, a policy
// engine) what it does, and how it runs.
type NodeScript struct {
	Node   string   // the node binary
	Flags  []string // node's own flags, before the script
	Script string   // the script: absolute, or relative to the test's folder
	Args   []string // the script's arguments
	Dir    string   // the folder it runs in; "" for the test's
	Env    []string // its environment; nil for the test's
}

// Output runs the script with in encoded as JSON on its stdin (nothing when in is nil) and
// returns what it printed on stdout. The script failing fails the test with its stderr.
func (s NodeScript) Output(t testing.TB, in any) []byte {
	t.Helper()
	// The script is found from the test's folder whatever folder it runs in.
	script, err := filepath.Abs(s.Script)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(s.Node, append(append(append([]string{}, s.Flags...), script), s.Args...)...)
	cmd.Dir, cmd.Env = s.Dir, s.Env
	if in != nil {
		data, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdin = bytes.NewReader(data)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s%s", filepath.Base(script), err, out, stderr.String())
	}
	return out
}

// JSON runs the script like Output and decodes what it printed, JSON, into out. Output that is
// not JSON fails the test.
func (s NodeScript) JSON(t testing.TB, in, out any) {
	t.Helper()
	data := s.Output(t, in)
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("%s printed %q: %v", filepath.Base(s.Script), data, err)
	}
}
