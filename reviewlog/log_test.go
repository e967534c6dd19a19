package reviewlog

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

func entry(i int) Entry {
	return Entry{Time: time.Date(2026, 1, 1, 0, 0, i, 0, time.UTC), Event: EventDecision, Session: "s1", Tool: "bash", Values: []string{fmt.Sprintf("cmd %d", i)}, Action: "allow", By: "rule"}
}

// newLog is a log with the options given at review.jsonl in a new folder, and its path.
func newLog(t *testing.T, opts Options) (string, *Log) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	return path, New(path, opts)
}

// appendEntries appends entry(0) to entry(n-1) to l; an error fails the test.
func appendEntries(t *testing.T, l *Log, n int) {
	t.Helper()
	for i := range n {
		if err := l.Append(entry(i)); err != nil {
			t.Fatal(err)
		}
	}
}

func valuesOf(es []Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, strings.Join(e.Values, ","))
	}
	return out
}

func TestAppendWritesLinesOwnerOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log", "review.jsonl")
	l := New(path, Options{})
	appendEntries(t, l, 3)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("log holds %d lines, want 3:\n%s", len(lines), data)
	}
	want := `{"time":"2026-01-01T00:00:00Z","event":"decision","session":"s1","tool":"bash","values":["cmd 0"],"action":"allow","rule":null,"by":"rule"}`
	if lines[0] != want {
		t.Errorf("first line =\n%s\nwant\n%s", lines[0], want)
	}
	for name, mode := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != mode {
			t.Errorf("mode of %s = %v, want %v", filepath.Base(name), st.Mode().Perm(), mode)
		}
	}
	// A log file someone else created readable by all is narrowed on the next append.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := l.Append(entry(3)); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode after appending to a 0644 log = %v, want 0600", st.Mode().Perm())
	}
	if l.Err() != nil {
		t.Errorf("Err() = %v after good appends", l.Err())
	}
}

func TestAppendSetsTheTime(t *testing.T) {
	path, l := newLog(t, Options{})
	at := time.Date(2026, 5, 6, 7, 8, 9, 0, time.FixedZone("x", 3600))
	l.now = func() time.Time { return at }
	if err := l.Append(Entry{Event: EventReply, Tool: "edit", Action: "deny"}); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path, Filter{})
	if err != nil || len(got) != 1 || !got[0].Time.Equal(at) || got[0].Time.Location() != time.UTC {
		t.Errorf("Read = %+v, %v; want one entry at %v in UTC", got, err, at)
	}
}

func TestRotationKeepsGenerationsUnderTheLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	const maxSize = 1000
	l := New(path, Options{MaxSize: maxSize, Keep: 2})
	appendEntries(t, l, 60)
	for _, p := range []string{path, path + ".1", path + ".2"} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatalf("%s missing after rotation: %v", filepath.Base(p), err)
		}
		if st.Size() > maxSize {
			t.Errorf("%s is %d bytes, over the %d limit", filepath.Base(p), st.Size(), maxSize)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", filepath.Base(p), st.Mode().Perm())
		}
	}
	if _, err := os.Stat(path + ".3"); !os.IsNotExist(err) {
		t.Errorf("a third rotated file exists with Keep 2: %v", err)
	}
	got, err := Read(path, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	vs := valuesOf(got)
	if len(vs) == 0 || vs[len(vs)-1] != "cmd 59" {
		t.Fatalf("Read after rotation = %v, want it to end with the last entry", vs)
	}
	first := 60 - len(vs)
	for i, v := range vs {
		if want := fmt.Sprintf("cmd %d", first+i); v != want {
			t.Fatalf("entry %d = %q, want %q: oldest first, none lost within the kept files", i, v, want)
		}
	}
}

func TestReadFilters(t *testing.T) {
	path, l := newLog(t, Options{})
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, e := range []Entry{
		{Time: t0, Event: EventDecision, Session: "s1", Agent: "builder", Tool: "bash", Values: []string{"a"}, Action: "allow"},
		{Time: t0.Add(time.Minute), Event: EventDecision, Session: "s2", Agent: "planner", Tool: "read", Values: []string{"b"}, Action: "ask", Request: "r1"},
		{Time: t0.Add(2 * time.Minute), Event: EventReply, Session: "s2", Agent: "planner", Tool: "read", Values: []string{"c"}, Action: "deny", Request: "r1"},
		{Time: t0.Add(3 * time.Minute), Event: EventDecision, Session: "s1", Agent: "builder", Tool: "bash", Values: []string{"d"}, Action: "deny"},
	} {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		f    Filter
		want []string
	}{
		{"everything", Filter{}, []string{"a", "b", "c", "d"}},
		{"session", Filter{Session: "s2"}, []string{"b", "c"}},
		{"agent and tool", Filter{Agent: "builder", Tool: "bash"}, []string{"a", "d"}},
		{"action", Filter{Action: "deny"}, []string{"c", "d"}},
		{"event", Filter{Event: EventReply}, []string{"c"}},
		{"since is inclusive", Filter{Since: t0.Add(2 * time.Minute)}, []string{"c", "d"}},
		{"nothing matches", Filter{Session: "s3"}, nil},
	}
	for _, tt := range tests {
		got, err := Read(path, tt.f)
		if err != nil {
			t.Fatal(err)
		}
		if vs := valuesOf(got); !slices.Equal(vs, tt.want) {
			t.Errorf("%s: Read(%+v) = %v, want %v", tt.name, tt.f, vs, tt.want)
		}
	}
}

func TestReadReportsBadLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	good := `{"time":"2026-01-01T00:00:00Z","event":"decision","tool":"bash","values":["ls"],"action":"allow","rule":null}`
	data := good + "\n" + "not json\n\n" + `{"time":"2026-01-01T00:00:00Z","event":"decision","tool":"bash","values":[],"action":"block"}` + "\n" +
		`{"event":"reply","tool":"x","action":"deny"}` + "\n" + good // the last line has no newline: a write in progress
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path, Filter{})
	if len(got) != 2 {
		t.Errorf("Read kept %d entries, want the 2 good ones", len(got))
	}
	for _, want := range []string{path + ":2: not a log entry", path + `:4: log entry action: unknown action "block"`, path + `:5: log entry without "time"`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Read error = %v, want it to contain %q", err, want)
		}
	}
	if got, err := Read(filepath.Join(t.TempDir(), "none.jsonl"), Filter{}); len(got) != 0 || err != nil {
		t.Errorf("Read of a missing log = %v, %v; want nothing, no error", got, err)
	}
}

func TestFollowAcrossRotations(t *testing.T) {
	path, l := newLog(t, Options{MaxSize: 600, Keep: 5})
	appendEntries(t, l, 3)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan string, 100)
	done := make(chan error, 1)
	go func() {
		done <- Follow(ctx, path, FollowOptions{Backlog: true, Poll: time.Millisecond, Filter: Filter{Session: "s1"}}, func(e Entry) error {
			got <- e.Values[0]
			return nil
		})
	}()
	const total = 30
	for i := 3; i < total; i++ {
		if i%7 == 0 {
			other := entry(i)
			other.Session = "s2"
			if err := l.Append(other); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := l.Append(entry(i)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	var want, seen []string
	for i := 0; i < total; i++ {
		if i%7 != 0 || i < 3 {
			want = append(want, fmt.Sprintf("cmd %d", i))
		}
	}
	timeout := time.After(time.Minute) // only a hang fails; a loaded machine must not
	for len(seen) < len(want) {
		select {
		case v := <-got:
			seen = append(seen, v)
		case <-timeout:
			t.Fatalf("Follow emitted %v, want %v", seen, want)
		}
	}
	if !slices.Equal(seen, want) {
		t.Errorf("Follow emitted %v, want %v", seen, want)
	}
	if _, err := os.Stat(path + ".1"); err != nil {
		t.Errorf("the log never rotated, so the test did not follow a rotation: %v", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Follow returned %v after cancel, want nil", err)
	}
}

func TestFollowWithoutBacklogStartsAtTheEnd(t *testing.T) {
	path, l := newLog(t, Options{})
	if err := l.Append(entry(0)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := make(chan string, 10)
	ready := make(chan struct{})
	go func() {
		_ = Follow(ctx, path, FollowOptions{Poll: time.Millisecond, Ready: func() { close(ready) }}, func(e Entry) error {
			got <- e.Values[0]
			return nil
		})
	}()
	<-ready // Follow has opened the file at its end
	if err := l.Append(entry(1)); err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-got:
		if v != "cmd 1" {
			t.Errorf("first followed entry = %q, want the new one, cmd 1", v)
		}
	case <-time.After(time.Minute):
		t.Fatal("Follow emitted nothing")
	}
}

func TestFollowStopsOnEmitError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	if err := New(path, Options{}).Append(entry(0)); err != nil {
		t.Fatal(err)
	}
	stop := fmt.Errorf("stop")
	err := Follow(context.Background(), path, FollowOptions{Backlog: true, Poll: time.Millisecond}, func(Entry) error { return stop })
	if err != stop {
		t.Errorf("Follow = %v, want the emit error", err)
	}
}

func TestConcurrentAppendersNeverInterleave(t *testing.T) {
	path := filepath.Join(t.TempDir(), "review.jsonl")
	const writers, each = 4, 50
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := New(path, Options{MaxSize: 4000, Keep: 100}) // one Log per writer, as separate processes have
			for i := 0; i < each; i++ {
				e := entry(i)
				e.Agent = fmt.Sprintf("w%d", w)
				e.Values = []string{strings.Repeat("x", 50+i)}
				if err := l.Append(e); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	got, err := Read(path, Filter{})
	if err != nil {
		t.Fatalf("Read after concurrent appends: %v", err)
	}
	if len(got) != writers*each {
		t.Errorf("log holds %d entries, want %d", len(got), writers*each)
	}
}

func TestLogRecordsApprovals(t *testing.T) {
	path, l := newLog(t, Options{})
	persona := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Ask, Source: engine.Source{Kind: engine.FromFile, Name: "agents/b.md", Line: 5}},
		{Permission: "read", Pattern: "*", Action: engine.Allow, Source: engine.Source{Kind: engine.FromFile, Name: "agents/b.md", Line: 6}},
	}
	guard := engine.Ruleset{{Permission: "read", Pattern: "*.env", Action: engine.Deny, Source: engine.Source{Kind: engine.FromGuard, Name: "guards.yaml", Line: 2}}}
	pol := &engine.Policy{Persona: engine.Compile(persona), Guards: []*engine.Compiled{engine.Compile(guard)}}
	ap := approvals.New(approvals.NewMemoryStore(), l)
	call := func(tool string, values ...string) *approvals.Pending {
		_, p, err := ap.Ask(pol, approvals.Call{Session: "s1", Agent: "builder", Tool: tool, Values: values})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	call("read", "a.go")
	call("read", ".env")
	p := call("bash", "git push origin")
	call("bash", "git push x")
	if _, err := ap.Reply(p.ID, approvals.Reply{Kind: approvals.Always, By: approvals.OperatorAuthority}); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	type row struct{ event, value, action, source, location, by, reply, cause string }
	var rows []row
	for _, e := range got {
		rows = append(rows, row{e.Event, e.Values[0], e.Action, e.Source, e.Location, e.By, e.Reply, e.Cause})
	}
	want := []row{
		{"decision", "a.go", "allow", "agents/b.md:6", "", "rule", "", ""},
		{"decision", ".env", "deny", "guard", "guard guards.yaml:2", "rule", "", ""},
		{"decision", "git push origin", "ask", "agents/b.md:5", "", "", "", ""},
		{"decision", "git push x", "ask", "agents/b.md:5", "", "", "", ""},
		{"reply", "git push origin", "allow", "", "", "person", "always", ""},
		{"reply", "git push x", "allow", "", "", "session rule", "always", p.ID},
	}
	if !slices.Equal(rows, want) {
		t.Errorf("log rows:\n%v\nwant\n%v", rows, want)
	}
	reply := got[4]
	if reply.Request != p.ID || reply.Session != "s1" || reply.Agent != "builder" || reply.Permission != "bash" || reply.Revision != 1 ||
		len(reply.Stored) != 1 || reply.Stored[0] != (Rule{Permission: "bash", Pattern: "git push *", Action: "allow"}) {
		t.Errorf("always reply entry = %+v, want request, session, agent, key, revision 1 and the stored rule", reply)
	}
	if ask := got[2]; ask.Request != p.ID || ask.Rule == nil || ask.Rule.Action != "ask" {
		t.Errorf("ask decision entry = %+v, want its request id and rule", ask)
	}
}

// FuzzParseLine checks that no line makes ParseLine panic and that accepted lines survive a
// round trip through Append.
func FuzzParseLine(f *testing.F) {
	f.Add([]byte(`{"time":"2026-01-01T00:00:00Z","event":"decision","tool":"bash","values":["ls"],"action":"allow","rule":null}`))
	f.Add([]byte(`{"time":"2026-01-01T00:00:00Z","event":"reply","request":"r","tool":"edit","values":[],"action":"deny","stored":[{"permission":"a","pattern":"b","action":"c"}]}`))
	f.Add([]byte(`{"time":0}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := ParseLine(line)
		if err != nil {
			return
		}
		path := filepath.Join(t.TempDir(), "review.jsonl")
		if err := New(path, Options{}).Append(e); err != nil {
			t.Fatalf("Append of a parsed entry: %v", err)
		}
		got, err := Read(path, Filter{})
		if err != nil || len(got) != 1 {
			t.Fatalf("line %q parsed, but its append reads back as %v, %v", line, got, err)
		}
	})
}

func TestFollowLastEntriesOfTheBacklog(t *testing.T) {
	path, l := newLog(t, Options{MaxSize: 500, Keep: 10})
	appendEntries(t, l, 20)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []string
	err := Follow(ctx, path, FollowOptions{Backlog: true, Last: 3, Poll: time.Millisecond}, func(e Entry) error {
		got = append(got, e.Values[0])
		if len(got) == 3 {
			cancel()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"cmd 17", "cmd 18", "cmd 19"}; !slices.Equal(got, want) {
		t.Errorf("Follow with Last 3 emitted %v, want %v", got, want)
	}
}
