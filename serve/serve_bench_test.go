package serve

import (
	"bufio"
	"context"
	"io"
	"runtime"
	"testing"
)

// pipe is a server running on pipes, for round trips one request at a time.
type pipe struct {
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

func startPipe(tb testing.TB, s *Server) *pipe {
	tb.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &pipe{in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		p.done <- s.Serve(context.Background(), inR, outW)
		outW.Close()
	}()
	tb.Cleanup(func() {
		inW.Close()
		if err := <-p.done; err != nil {
			tb.Error(err)
		}
	})
	return p
}

// roundTrip sends one line and reads one reply line.
func (p *pipe) roundTrip(tb testing.TB, line []byte) []byte {
	if _, err := p.in.Write(line); err != nil {
		tb.Fatal(err)
	}
	reply, err := p.out.ReadBytes('\n')
	if err != nil {
		tb.Fatal(err)
	}
	return reply
}

// BenchmarkDecideRoundTrip is one decision through serve as the extension sees it, minus the
// pipe to another process: write a decide line, read its reply. The persona, guards, state
// and session files are read for every call, as a switch or an edit may happen any time.
func BenchmarkDecideRoundTrip(b *testing.B) {
	for _, c := range []struct{ name, line string }{
		{"read-allow", decideLine(1, "read", `{"path":"src/main.go"}`)},
		{"bash-deny", decideLine(1, "bash", `{"command":"ls -l && rm -rf /"}`)},
		// OpenCode's plugin: its arguments, and a subagent's chain of two personas.
		{"opencode-read-allow", openCodeLine(1, "read", `{"filePath":"src/main.go"}`, "build")},
		{"opencode-subagent-bash-deny", openCodeLine(1, "bash", `{"command":"ls -l && rm -rf /"}`, "build", "helper")},
	} {
		b.Run(c.name, func(b *testing.B) {
			f := newFixture(b, WithRecorder(nil)) // the review log's file append is measured in reviewlog
			p := startPipe(b, f.srv)
			line := []byte(c.line + "\n")
			for b.Loop() {
				p.roundTrip(b, line)
			}
		})
	}
}

// BenchmarkServeMemory serves 100,000 decisions and reports the live heap after them next to
// the live heap after the first 5,000 (when the open asks reached their bound): serve keeps nothing per call, so the two stay alike.
func BenchmarkServeMemory(b *testing.B) {
	for b.Loop() {
		f := newFixture(b, WithRecorder(nil))
		p := startPipe(b, f.srv)
		line := []byte(decideLine(1, "read", `{"path":"a"}`) + "\n")
		ask := []byte(decideLine(2, "bash", `{"command":"git push"}`) + "\n")
		var early uint64
		for i := range 100_000 {
			l := line
			if i%10 == 0 {
				l = ask // asks nobody answers are bounded too
			}
			p.roundTrip(b, l)
			if i == 5_000 {
				early = liveHeap()
			}
		}
		late := liveHeap()
		b.ReportMetric(float64(early), "heap-after-5k-B")
		b.ReportMetric(float64(late), "heap-after-100k-B")
		if late > 2*early+1<<20 {
			b.Errorf("live heap grew from %d to %d bytes over 100,000 calls", early, late)
		}
	}
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
