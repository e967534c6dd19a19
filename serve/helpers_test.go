package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

// guarded is a persona that allows reads, asks for git, denies rm and hides write.
const guarded = `---
description: Test persona
permissions:
  "*": ask
  read: allow
  edit: deny
  bash:
    "git *": ask
    "rm *": deny
    "ls *": allow
---
Be careful.
`

// fixture is an agent dir with the guarded persona and a server over it.
type fixture struct {
	dirs locations.Dirs
	srv  *Server
}

// newFixture makes an agent dir with the guarded persona active, and a server on it with the
// review log and opts.
func newFixture(t testing.TB, opts ...Option) *fixture {
	t.Helper()
	agent := t.TempDir()
	testfiles.Write(t, filepath.Join(agent, "agents", "guarded.md"), guarded)
	testfiles.Write(t, filepath.Join(agent, "agents", "helper.md"), "---\ndescription: A subagent\ntype: subagent\npermissions: read\n---\n")
	d := locations.Dirs{Agent: agent}
	f := &fixture{dirs: d}
	f.use(t, "guarded")
	base := []Option{
		WithInbox(inbox.In(d), inbox.Wait{Timeout: time.Second, Grace: time.Millisecond}),
		WithRecorder(reviewlog.Open(d)),
		WithSessions(func(d locations.Dirs) approvals.SessionStore { return sessions.Open(d) }),
		WithCompose(policy.For),
		WithDialogAuthority(approvals.OperatorAuthority),
		WithKnownTools([]string{"read", "bash", "edit", "write"}),
		WithVersion("test", "/usr/bin/agentmgr"),
	}
	f.srv = New(func(string) locations.Dirs { return d }, append(base, opts...)...)
	return f
}

// use writes state.json naming the active persona.
func (f *fixture) use(t testing.TB, name string) {
	t.Helper()
	st, _ := personas.LoadState(f.dirs)
	st.Active = name
	if err := personas.SaveState(f.dirs, st); err != nil {
		t.Fatal(err)
	}
}

// run serves lines and returns the replies, by id (and the id-less ones under "null"), in
// order of arrival.
func (f *fixture) run(t testing.TB, lines ...string) []map[string]any {
	t.Helper()
	var out bytes.Buffer
	if err := f.srv.Serve(context.Background(), strings.NewReader(strings.Join(lines, "\n")+"\n"), &out); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	var replies []map[string]any
	dec := json.NewDecoder(&out)
	for dec.More() {
		var r map[string]any
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("reply is not JSON: %v\n%s", err, out.String())
		}
		replies = append(replies, r)
	}
	return replies
}

// oneKeepingInputOpen serves a single line and returns its reply, with the input still open
// until the reply is written: when the input ends, Serve withdraws the forwards still waiting
// (their caller is gone), so run's input, which ends at once, would race a forward's answer.
func (f *fixture) oneKeepingInputOpen(t testing.TB, line string) map[string]any {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := f.srv.Serve(context.Background(), inR, outW)
		outW.Close()
		done <- err
	}()
	if _, err := io.WriteString(inW, line+"\n"); err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	if err := json.NewDecoder(outR).Decode(&r); err != nil {
		t.Fatalf("reply is not JSON: %v", err)
	}
	inW.Close()
	go io.Copy(io.Discard, outR) // nothing more is expected; never block Serve's writes
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return r
}

// one serves a single line and returns its reply.
func (f *fixture) one(t testing.TB, line string) map[string]any {
	t.Helper()
	rs := f.run(t, line)
	if len(rs) != 1 {
		t.Fatalf("%s: got %d replies, want 1: %v", line, len(rs), rs)
	}
	return rs[0]
}

// decideLine is a decide request for tool with JSON arguments input.
func decideLine(id int, tool, input string) string {
	return `{"id":` + itoa(id) + `,"type":"decide","session":"s1","tool":"` + tool + `","input":` + input + `}`
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }
