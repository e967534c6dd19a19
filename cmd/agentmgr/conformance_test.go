package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

type conformanceCase struct {
	Name    string                     `json:"name"`
	Request json.RawMessage            `json:"request"`
	Expect  map[string]json.RawMessage `json:"expect"`
}

func checkAnswer(t *testing.T, c conformanceCase, answer string) {
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(answer), &got); err != nil {
		t.Fatalf("answer %q is not a JSON object: %v", answer, err)
	}
	for key, want := range c.Expect {
		if key == "error" {
			if _, ok := got["error"]; !ok {
				t.Errorf("request %s: want an error, got %s", c.Request, answer)
			}
			continue
		}
		if key == "units" {
			checkUnits(t, c, want, got["units"], answer)
			continue
		}
		if !jsonEqual(want, got[key]) {
			t.Errorf("request %s: %s = %s, want %s (answer %s)", c.Request, key, got[key], want, answer)
		}
	}
}

func checkUnits(t *testing.T, c conformanceCase, want, got json.RawMessage, answer string) {
	var w, g []map[string]json.RawMessage
	json.Unmarshal(want, &w)
	json.Unmarshal(got, &g)
	if len(w) != len(g) {
		t.Errorf("request %s: %d units, want %d (answer %s)", c.Request, len(g), len(w), answer)
		return
	}
	for i := range w {
		for k, v := range w[i] {
			if !jsonEqual(v, g[i][k]) {
				t.Errorf("request %s: unit %d %s = %s, want %s", c.Request, i, k, g[i][k], v)
			}
		}
	}
}

func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// testEnv is an env over an empty agent dir and project, with stdin set to in.
func testEnv(t *testing.T, in string) (*env, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("PI_CODING_AGENT_DIR", filepath.Join(home, "agent"))
	var out, errb bytes.Buffer
	return &env{stdin: bufio.NewReader(strings.NewReader(in)), stdout: &out, stderr: &errb, cwd: home, getenv: os.Getenv}, &out, &errb
}
