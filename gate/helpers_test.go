package gate

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// testRules reads a ruleset from a JSON list of {permission, pattern, action, reason}.
func testRules(t testing.TB, path string) engine.Ruleset {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rs engine.Ruleset
	if err := json.Unmarshal(data, &rs); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rs.WithSource(engine.Source{Kind: engine.FromRequest})
}

// fixedPolicy decides every call with rules, as persona "tester", without session rules.
func fixedPolicy(rs engine.Ruleset) decide.PolicyFunc {
	return func(decide.Call) (string, *engine.Policy, error) {
		return "tester", engine.NewPolicy(rs), nil
	}
}

// checkGolden compares got (JSON) with the golden file, or rewrites it under -update.
func checkGolden(t *testing.T, path string, got any) {
	t.Helper()
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(data, want) {
		t.Errorf("%s:\ngot  %s\nwant %s", filepath.Base(path), data, want)
	}
}

func wantVerdict(t *testing.T, v decide.Verdict, action engine.Action, by approvals.Resolver, reason string) {
	t.Helper()
	if v.Action != action || v.DecidedBy != by || !strings.Contains(v.Reason, reason) {
		t.Errorf("verdict = %s by %q (%s)\nwant %s by %q with reason containing %q", v.Action, v.DecidedBy, v.Reason, action, by, reason)
	}
}

// parseCase is a hook payload and the call a client's parser must make of it.
type parseCase struct {
	name    string
	payload []byte
	key     string
	value   string
	also    []string
	cwd     string // the call's folder; "" leaves it unchecked
	noValue bool
	opaque  string // a part of the reason the call is at least ask; "" for none
}

// checkParse runs parse on each case's payload: the call must be client's, with the case's
// key, value, further values, folder and no-value flag, and hold the case's opaque reason.
func checkParse(t *testing.T, client decide.Client, parse func([]byte) (decide.Call, error), tests []parseCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parse(tt.payload)
			if err != nil {
				t.Fatalf("parsing the %s payload: %v", client, err)
			}
			if c.Client != client || c.Key != tt.key || c.Value != tt.value || !reflect.DeepEqual(c.Also, tt.also) || tt.cwd != "" && c.Cwd != tt.cwd || c.NoValue != tt.noValue {
				t.Errorf("call = client %s key %s value %q also %q cwd %s novalue %v\nwant %s %s %q %q %s %v", c.Client, c.Key, c.Value, c.Also, c.Cwd, c.NoValue, client, tt.key, tt.value, tt.also, tt.cwd, tt.noValue)
			}
			if tt.opaque == "" && c.Opaque != "" || !strings.Contains(c.Opaque, tt.opaque) {
				t.Errorf("opaque = %q, want %q", c.Opaque, tt.opaque)
			}
		})
	}
}
