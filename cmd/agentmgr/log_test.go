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
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// logApprovals runs an approval flow with the review log of the test's agent dir attached.
func logApprovals(t *testing.T) {
	t.Helper()
	dirs := locations.Dirs{Agent: os.Getenv(locations.AgentDirEnv)}
	persona := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Ask, Source: engine.Source{Kind: engine.FromFile, Name: "agents/asker.md", Line: 5}},
		{Permission: "edit", Pattern: "*.env", Action: engine.Deny, Reason: "no secrets", Source: engine.Source{Kind: engine.FromFile, Name: "agents/asker.md", Line: 7}},
	}
	ap := approvals.New(approvals.NewMemoryStore(), reviewlog.Open(dirs))
	pol := &engine.Policy{Persona: engine.Compile(persona)}
	ask := func(session, tool, value string) *approvals.Pending {
		_, p, err := ap.Ask(pol, approvals.Call{Session: session, Agent: "asker", Tool: tool, Values: []string{value}})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	ask("s1", "edit", "prod.env")
	p := ask("s1", "bash", "git push origin")
	q := ask("s2", "bash", "curl x")
	if _, err := ap.Reply(p.ID, approvals.Reply{Kind: approvals.Always, By: approvals.OperatorAuthority}); err != nil {
		t.Fatal(err)
	}
	if _, err := ap.Reply(q.ID, approvals.Reply{Kind: approvals.Reject, Message: "offline"}); err != nil {
		t.Fatal(err)
	}
}

func TestLogCommand(t *testing.T) {
	e, out, errb := testEnv(t, "")
	logApprovals(t)
	tests := []struct {
		args   []string
		code   int
		lines  []string // substrings, one per printed line, in order
		stderr string
	}{
		{args: []string{"log"}, lines: []string{
			`s1  asker  deny   edit "prod.env"  <- "edit" "*.env" deny (agents/asker.md:7): no secrets`,
			`s1  asker  ask    bash "git push origin"  <- "*" "*" ask (agents/asker.md:5)  [request `,
			`s2  asker  ask    bash "curl x"`,
			`s1  asker  allow  bash "git push origin"  always by person; stored "bash" "git push *" allow (revision 1)  [request `,
			`s2  asker  deny   bash "curl x"  reject by person: "offline"`,
		}},
		{args: []string{"log", "--session", "s2"}, lines: []string{`ask    bash "curl x"`, `deny   bash "curl x"`}},
		{args: []string{"log", "--action", "deny", "-n", "1"}, lines: []string{`reject by person`}},
		{args: []string{"log", "--since", "1h", "--tool", "edit"}, lines: []string{`edit "prod.env"`}},
		{args: []string{"log", "--since", "2999-01-01"}, lines: []string{"the review log has no entries that match"}},
		{args: []string{"log", "--agent", "nobody"}, lines: []string{"no entries that match"}},
		{args: []string{"log", "--action", "block"}, code: 2, stderr: "--action must be allow, ask or deny"},
		{args: []string{"log", "--since", "yesterday"}, code: 2, stderr: `--since "yesterday": expected a time`},
		{args: []string{"log", "-n", "-1"}, code: 2, stderr: "-n must be 0 or more"},
		{args: []string{"log", "extra"}, code: 2, stderr: "log takes no arguments"},
	}
	for _, tt := range tests {
		out.Reset()
		errb.Reset()
		if code := run(tt.args, e); code != tt.code {
			t.Errorf("agentmgr %q exited %d, want %d\nstderr: %s", tt.args, code, tt.code, errb)
			continue
		}
		if tt.stderr != "" && !strings.Contains(errb.String(), tt.stderr) {
			t.Errorf("agentmgr %q stderr = %q, want it to contain %q", tt.args, errb, tt.stderr)
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(tt.lines) == 0 {
			continue
		}
		if len(got) != len(tt.lines) {
			t.Errorf("agentmgr %q printed %d lines, want %d:\n%s", tt.args, len(got), len(tt.lines), out)
			continue
		}
		for i, want := range tt.lines {
			if !strings.Contains(got[i], want) {
				t.Errorf("agentmgr %q line %d =\n%s\nwant it to contain\n%s", tt.args, i+1, got[i], want)
			}
		}
	}
}

func TestLogJSONAndBadLines(t *testing.T) {
	e, out, errb := testEnv(t, "")
	logApprovals(t)
	path := locations.Dirs{Agent: os.Getenv(locations.AgentDirEnv)}.ReviewLog()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("garbage\n")
	f.Close()
	if code := run([]string{"log", "--json"}, e); code != 0 {
		t.Fatalf("log --json exited %d: %s", code, errb)
	}
	if !strings.Contains(errb.String(), filepath.Base(path)+":6: not a log entry") {
		t.Errorf("stderr = %q, want the bad line named", errb)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("log --json printed %d lines, want 5:\n%s", len(lines), out)
	}
	var reply map[string]any
	if err := json.Unmarshal([]byte(lines[3]), &reply); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"time", "event", "request", "session", "agent", "tool", "values", "action", "reply", "by", "stored", "revision"} {
		if _, ok := reply[key]; !ok {
			t.Errorf("reply entry lacks %q: %s", key, lines[3])
		}
	}
}

func TestParseSince(t *testing.T) {
	now := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"90m":                  now.Add(-90 * time.Minute),
		"2026-03-01T10:00:00Z": time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC),
		"2026-03-01":           time.Date(2026, 3, 1, 0, 0, 0, 0, time.Local),
	} {
		got, err := parseSince(in, now)
		if err != nil || !got.Equal(want) {
			t.Errorf("parseSince(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-5m", "soon", "2026-13-01"} {
		if _, err := parseSince(in, now); err == nil {
			t.Errorf("parseSince(%q) accepted, want an error", in)
		}
	}
}

// The log lines up sessions and agents of different lengths, as Claude Code's long session ids
// next to short ones.
func TestLogAlignsColumns(t *testing.T) {
	e, out, _ := testEnv(t, "")
	dirs := locations.Dirs{Agent: os.Getenv(locations.AgentDirEnv)}
	rec := reviewlog.Open(dirs)
	at := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	rule := &engine.Rule{Permission: "*", Pattern: "*", Action: engine.Allow}
	for _, c := range []approvals.Call{
		{Session: "7f1c2a9e-3b4d-4e5f-8a6b-9c0d1e2f3a4b", Agent: "planner", Tool: "read", Values: []string{"a.go"}},
		{Session: "s1", Agent: "windows-dev", Tool: "bash", Values: []string{"ls"}},
	} {
		if err := rec.Append(reviewlog.DecisionEntry(at, c, engine.Decision{Action: engine.Allow, Rule: rule, Permission: c.Tool}, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if code := run([]string{"log"}, e); code != 0 {
		t.Fatalf("log exited %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("log printed %d lines, want 2:\n%s", len(lines), out)
	}
	if a, b := strings.Index(lines[0], "allow"), strings.Index(lines[1], "allow"); a != b {
		t.Errorf("log puts the action at column %d and %d:\n%s", a, b, out)
	}
}
