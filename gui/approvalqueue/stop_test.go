package approvalqueue

import (
	"sync/atomic"
	"testing"

	"github.com/agentmgr/agentmgr/locations"
)

// Stop returns only after the listeners have heard of the stop: a notice delivered after it
// reaches widgets the caller has already let go of (under the race detector, the next test's
// window). The listener holds the stop's notice until the test has looked: by then the
// serving goroutine must not have reported itself stopped.
func TestStopWaitsForTheStopsNotice(t *testing.T) {
	d := locations.Dirs{Agent: t.TempDir()}
	m := New(d)
	var armed atomic.Bool
	entered, release := make(chan struct{}), make(chan struct{})
	m.OnChange(func() {
		if armed.CompareAndSwap(true, false) {
			close(entered)
			<-release
		}
	})
	if err := m.Start(); err != nil {
		t.Fatal(err)
	}
	armed.Store(true)
	m.mu.Lock()
	stopped := m.stopped
	m.mu.Unlock()
	done := make(chan struct{})
	go func() { m.Stop(); close(done) }()
	<-entered
	select {
	case <-stopped:
		t.Error("the model reported itself stopped before its listeners heard of the stop")
	default:
	}
	close(release)
	<-done
}
