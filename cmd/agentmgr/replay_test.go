package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas/personastest"
	"github.com/agentmgr/agentmgr/reviewlog"
)

const gitter = `---
name: gitter
description: Git, but no pushing
permissions:
  "*": ask
  bash:
    "git *": allow
    "git push *": deny
  read: allow
---
Git.
`

// logCalls decides each call ("tool|value") under the persona at path as the gate would and
// appends it to the review log of the test's agent dir, a minute apart.
func logCalls(t *testing.T, e *env, path, agent string, calls ...string) {
	t.Helper()
	p, _ := personastest.Load(t, path)
	pol := engine.NewPolicy(p.Rules)
	l := reviewlog.New(e.dirs().ReviewLog(), reviewlog.Options{})
	at := time.Now().Add(-time.Hour)
	for i, c := range calls {
		tool, value, _ := strings.Cut(c, "|")
		d := pol.DecideToolValues(tool, []string{value})
		en := reviewlog.DecisionEntry(at.Add(time.Duration(i)*time.Minute), approvals.Call{Session: "s1", Agent: agent, Tool: tool, Values: []string{value}}, d, nil)
		if err := l.Append(en); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReplayListsTheCallsADraftWouldChange(t *testing.T) {
	e, out, errb := testEnv(t, "")
	path := writeAgent(t, "gitter.md", gitter)
	logCalls(t, e, path, "gitter", "bash|git status", "bash|git push origin main", "read|a.go", "bash|ls")
	logCalls(t, e, path, "other", "bash|git push")
	draft := filepath.Join(t.TempDir(), "draft.md")
	moved := strings.Replace(strings.Replace(gitter, "    \"git push *\": deny\n", "", 1), "    \"git *\": allow\n", "    \"git push *\": deny\n    \"git *\": allow\n", 1)
	if err := os.WriteFile(draft, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := run([]string{"replay", "gitter", "--draft", draft, "--json"}, e); code != 0 {
		t.Fatalf("replay exited %d: %s", code, errb)
	}
	var got struct {
		Calls   int `json:"calls"`
		Changed []struct {
			Time                                   time.Time
			Session, Tool, Value, Was, Now, Source string
			Rule                                   *ruleJSON
		} `json:"changed"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, out)
	}
	if got.Calls != 4 || len(got.Changed) != 1 {
		t.Fatalf("replay --json = %s", out)
	}
	c := got.Changed[0]
	if c.Value != "git push origin main" || c.Was != "deny" || c.Now != "allow" || c.Session != "s1" || c.Tool != "bash" ||
		c.Rule == nil || c.Rule.Pattern != "git *" || !strings.HasPrefix(c.Source, draft+":") || c.Time.IsZero() {
		t.Errorf("the changed call: %+v", c)
	}
	for _, key := range []string{`"time"`, `"session"`, `"tool"`, `"value"`, `"was"`, `"now"`, `"rule"`, `"source"`} {
		if !strings.Contains(out.String(), key) {
			t.Errorf("replay --json lacks %s", key)
		}
	}
	// --all re-decides the other agent's call as if made under gitter.
	out.Reset()
	if code := run([]string{"replay", "gitter", "--all", "--draft", draft}, e); code != 0 {
		t.Fatalf("replay --all exited %d: %s", code, errb)
	}
	if !strings.HasSuffix(out.String(), "2 of 5 calls would change\n") {
		t.Errorf("replay --all printed\n%s", out)
	}
	// The saved rules change nothing.
	out.Reset()
	if code := run([]string{"replay", "gitter"}, e); code != 0 || out.String() != "0 of 4 calls would change\n" {
		t.Errorf("replay of the saved rules: exit %d, printed %q", code, out)
	}
}

func TestReplayErrors(t *testing.T) {
	e, _, errb := testEnv(t, "")
	if code := run([]string{"replay"}, e); code != 2 {
		t.Errorf("replay without a name exited %d, want 2", code)
	}
	if code := run([]string{"replay", "nobody"}, e); code != 1 {
		t.Errorf("replay of an unknown persona exited %d, want 1", code)
	}
	bad := filepath.Join(t.TempDir(), "bad.md")
	os.WriteFile(bad, []byte("---\ndescription: d\npermissions: {bash: maybe}\n---\n"), 0o644)
	errb.Reset()
	if code := run([]string{"replay", "planner", "--draft", bad}, e); code != 1 || !strings.Contains(errb.String(), "bad.md:3:") {
		t.Errorf("replay with a broken draft: exit %d, stderr %q", code, errb)
	}
}

func TestSuggestProposesAPersonaWhoseExamplesPass(t *testing.T) {
	e, out, errb := testEnv(t, "")
	path := writeAgent(t, "gitter.md", gitter)
	logCalls(t, e, path, "gitter", "bash|git status", "bash|git log -1", "bash|git push origin main", "read|src/a.go", "read|src/b.go")
	if code := run([]string{"suggest", "gitter", "--default", "deny"}, e); code != 0 {
		t.Fatalf("suggest exited %d: %s", code, errb)
	}
	text := out.String()
	for _, want := range []string{"name: gitter-least\n", `"*": deny`, `"git status *": allow`, `"git log *": allow`, `"src/*": allow`, "examples:\n", `"bash: git push origin main"`} {
		if !strings.Contains(text, want) {
			t.Errorf("suggest printed\n%s\nwant it to contain %q", text, want)
		}
	}
	if strings.Contains(text, "git push *") || strings.Contains(text, `"git *"`) {
		t.Errorf("the suggestion allows the refused push:\n%s", text)
	}
	writeAgent(t, "gitter-least.md", text)
	out.Reset()
	if code := run([]string{"test", "gitter-least"}, e); code != 0 {
		t.Errorf("the suggested persona fails its own examples (exit %d):\n%s%s", code, out, errb)
	}
	out.Reset()
	if code := run([]string{"suggest", "gitter", "--json"}, e); code != 0 {
		t.Fatalf("suggest --json exited %d: %s", code, errb)
	}
	var got struct {
		Name          string
		Rules         []ruleJSON
		Kept, Refused int
		Persona       string
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Kept != 4 || got.Refused != 1 || got.Rules[0].Action != "ask" || !strings.HasPrefix(got.Persona, "---\n") {
		t.Errorf("suggest --json = %+v (%v)\n%s", got, err, out)
	}
	if code := run([]string{"suggest", "gitter", "--default", "allow"}, e); code != 2 {
		t.Errorf("suggest --default allow exited %d, want 2", code)
	}
}
