package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestShowEnvelopeJSON(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "reviewer.md", reviewer)
	if code := run([]string{"show", "reviewer", "--envelope", "--json"}, e); code != 0 {
		t.Fatalf("show --envelope --json exited %d: %s", code, errb)
	}
	var got struct{ Agent, Envelope, Block string }
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("show --envelope --json printed invalid JSON: %v\n%s", err, out)
	}
	if got.Agent != "reviewer" || !strings.HasPrefix(got.Envelope, "<permission-envelope") || !strings.HasPrefix(got.Block, "<persona") {
		t.Errorf("show --envelope --json = %+v, want the agent, its envelope and its persona block", got)
	}
}

// show prints no line that ends in blanks: no icon, no hidden tools.
func TestShowHasNoTrailingBlanks(t *testing.T) {
	e, out, _ := testEnv(t, "")
	writeAgent(t, "open.md", "---\ndescription: allows all\npermissions:\n  \"*\": allow\n---\nGo.\n")
	if code := run([]string{"show", "open"}, e); code != 0 {
		t.Fatalf("show exited %d", code)
	}
	for i, line := range strings.Split(out.String(), "\n") {
		if strings.TrimRight(line, " \t") != line {
			t.Errorf("show line %d ends in blanks: %q", i+1, line)
		}
	}
	if !strings.Contains(out.String(), "hidden tools: (none)\n") {
		t.Errorf("show printed\n%s\nwant %q", out, "hidden tools: (none)")
	}
}
