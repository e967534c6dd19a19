package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/gate"
)

// endless is a reader that never ends: a gate that read its input whole would never return.
type endless struct{ read int64 }

func (r *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	r.read += int64(len(p))
	return len(p), nil
}

func TestGateRefusesACallOverTheLimitUnread(t *testing.T) {
	testEnv(t, "")
	for _, proto := range []string{"claude", "json"} {
		t.Run(proto, func(t *testing.T) {
			in := &endless{}
			var out strings.Builder
			e := &env{stdin: in, stdout: &out, stderr: io.Discard, cwd: os.Getenv("HOME"), getenv: os.Getenv}
			if code := run([]string{"gate", proto}, e); code != 0 {
				t.Fatalf("gate %s exited %d", proto, code)
			}
			if in.read > 2*gate.MaxInput {
				t.Errorf("gate %s read %d bytes of an endless input, want about the %d-byte limit", proto, in.read, gate.MaxInput)
			}
			if !strings.Contains(out.String(), `"deny"`) || !strings.Contains(out.String(), "1 MiB") {
				t.Errorf("gate %s answered %s, want a deny naming the 1 MiB limit", proto, out.String())
			}
		})
	}
}

func TestEvalRefusesALineOverTheLimitAndGoesOn(t *testing.T) {
	big := `{"rules":[{"permission":"*","pattern":"*","action":"allow"}],"tool":"bash","value":"` + strings.Repeat("a", 8<<20) + `"}`
	small := `{"rules":[{"permission":"*","pattern":"*","action":"allow"}],"tool":"bash","value":"ls"}`
	e, out, _ := testEnv(t, "")
	e.stdin = bufio.NewReader(strings.NewReader(big + "\n" + small + "\n"))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if code := run([]string{"eval"}, e); code != 0 {
		t.Fatalf("eval exited %d", code)
	}
	runtime.ReadMemStats(&after)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("eval answered %d lines, want 2: %s", len(lines), out.String())
	}
	var first map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil || first["action"] != "deny" || first["error"] == nil {
		t.Errorf("the 8 MiB request got %s, want action deny with an error", lines[0])
	}
	if !strings.HasPrefix(lines[1], `{"action":"allow"`) {
		t.Errorf("the request after it got %s, want allow", lines[1])
	}
	// The line is dropped as it is read: far less than its 8 MiB is ever allocated.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 6<<20 {
		t.Errorf("eval allocated %d bytes for an 8 MiB line, want it bounded by the 1 MiB limit", alloc)
	}
}
