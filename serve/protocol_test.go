package serve

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestMalformedLinesGetAnErrorAndTheStreamGoesOn(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		name, line, wantID, wantErr string
	}{
		{"not JSON", `garbage`, "<nil>", "not a valid request"},
		// A field the server does not use is skipped: a misspelt tool is then no tool.
		{"unknown field", `{"id":1,"type":"decide","tol":"bash","effort":{"level":"high"}}`, "1", `"tool" is missing`},
		{"used field of the wrong type", `{"id":1,"type":"decide","session":"s1","tool":["bash"]}`, "1", `not a valid request`},
		{"no type", `{"id":"a"}`, "a", `"type" is missing`},
		{"unknown type", `{"id":2,"type":"launch"}`, "2", `unknown request type "launch"`},
		{"object id", `{"id":{"x":1},"type":"hello"}`, "<nil>", "neither a number nor a string"},
		{"two values", `{"id":3,"type":"hello"} {"id":4,"type":"hello"}`, "3", "more than one JSON value"},
		{"decide without tool", `{"id":5,"type":"decide","session":"s1"}`, "5", `"tool" is missing`},
		{"reply to nothing", `{"id":6,"type":"reply","request":"nope","reply":"once"}`, "6", `ask "nope" is not open`},
		{"use nobody", `{"id":7,"type":"use","name":"ghost"}`, "7", `no persona named "ghost"`},
		{"use a subagent", `{"id":8,"type":"use","name":"helper"}`, "8", "helper is a subagent"},
		{"use with nothing", `{"id":9,"type":"use"}`, "9", `give "name"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Each bad line is followed by a good one: the stream must go on.
			rs := f.run(t, tt.line, `{"id":"after","type":"hello"}`)
			if len(rs) != 2 {
				t.Fatalf("got %d replies, want 2: %v", len(rs), rs)
			}
			if got := str(rs[0]["id"]); got != tt.wantID {
				t.Errorf("id = %s, want %s", got, tt.wantID)
			}
			if got := str(rs[0]["error"]); !strings.Contains(got, tt.wantErr) {
				t.Errorf("error = %q, want it to contain %q", got, tt.wantErr)
			}
			if rs[1]["id"] != "after" || rs[1]["error"] != nil {
				t.Errorf("the line after got %v, want a hello reply", rs[1])
			}
		})
	}
}

func TestTooLongLineIsSkipped(t *testing.T) {
	f := newFixture(t, WithMaxLine(1000))
	long := `{"id":1,"type":"decide","session":"s1","tool":"write","input":{"path":"x","content":"` + strings.Repeat("a", 5000) + `"}}`
	rs := f.run(t, long, `{"id":2,"type":"hello"}`)
	if len(rs) != 2 || !strings.Contains(str(rs[0]["error"]), "longer than") || rs[1]["id"] != 2.0 {
		t.Fatalf("got %v, want an error for the long line, then the hello", abbreviate(rs))
	}
}

func TestHello(t *testing.T) {
	r := newFixture(t).one(t, `{"id":1,"type":"hello","version":"0.0.9"}`)
	if r["version"] != "test" || r["protocol"] != float64(ProtocolVersion) || r["binary"] != "/usr/bin/agentmgr" || r["pid"] == nil || r["forwardMs"] == nil {
		t.Errorf("hello = %v", r)
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{``: true, `null`: true, `1`: true, `-2.5`: true, `"x"`: true, `{}`: false, `[1]`: false, `true`: false} {
		if got := validID([]byte(id)); got != want {
			t.Errorf("validID(%s) = %v, want %v", id, got, want)
		}
	}
}

func str(v any) string {
	if v == nil {
		return "<nil>"
	}
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return itoa(int(x))
	}
	return "?"
}

func abbreviate(rs []map[string]any) []string {
	var out []string
	for _, r := range rs {
		s := str(r["id"]) + ":" + str(r["error"])
		if len(s) > 200 {
			s = s[:200]
		}
		out = append(out, s)
	}
	return out
}

func TestServeEndsWithItsContextWhileReading(t *testing.T) {
	f := newFixture(t)
	in, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.srv.Serve(ctx, in, io.Discard) }()
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve = %v, want nil after its context ended", err)
	}
}

// failingWriter fails every write, as a pipe whose reader is gone does.
type failingWriter struct{ writes int }

func (w *failingWriter) Write([]byte) (int, error) {
	w.writes++
	return 0, errors.New("broken pipe")
}

// A reply that cannot be written means the client is gone: Serve stops reading and says why,
// instead of deciding calls nobody will hear about.
func TestServeEndsWhenAReplyCannotBeWritten(t *testing.T) {
	f := newFixture(t)
	out := &failingWriter{}
	in := strings.NewReader(`{"id":1,"type":"hello"}` + "\n" + `{"id":2,"type":"hello"}` + "\n")
	err := f.srv.Serve(context.Background(), in, out)
	if err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Errorf("Serve = %v, want the write error", err)
	}
	if out.writes != 1 {
		t.Errorf("%d writes were tried, want 1: the stream ends at the first failure", out.writes)
	}
}
