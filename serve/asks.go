package serve

import (
	"crypto/rand"
	"encoding/hex"
	"strconv"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
)

// maxAsks bounds the asks waiting for a reply or forward: a client that never answers (pi
// aborted the run while its dialog was open) must not grow the server without end.
const maxAsks = 256

// ask is a call decided ask, waiting for the person's reply in pi or for a forward. Its
// request is held in the approvals broker of its session store, which settles it with the
// one once / always / reject reply the app's approvals give (approvals.Broker.Hold).
type ask struct {
	id      string
	call    decide.Call
	judge   decide.Judgement
	asked   time.Time
	child   *child // the subagent whose child session asks; nil for the main agent
	broker  *approvals.Broker
	pending *approvals.Pending
}

// asks are the open asks, oldest first.
type asks struct {
	mu     sync.Mutex
	prefix string
	seq    uint64
	open   []*ask
}

// add opens an ask and returns its id. Past maxAsks the oldest is dropped: its reply or
// forward then fails, and the call is denied.
func (a *asks) add(c decide.Call, j decide.Judgement, ch *child, b *approvals.Broker, p *approvals.Pending) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.prefix == "" {
		var b [4]byte
		_, _ = rand.Read(b[:])
		a.prefix = "pi-" + hex.EncodeToString(b[:])
	}
	a.seq++
	id := a.prefix + "-" + strconv.FormatUint(a.seq, 10)
	if len(a.open) >= maxAsks {
		old := a.open[0]
		old.broker.Cancel(old.pending.ID, "too many asks were open; the oldest is denied")
		a.open[0] = nil
		a.open = a.open[1:]
	}
	a.open = append(a.open, &ask{id: id, call: c, judge: j, asked: time.Now(), child: ch, broker: b, pending: p})
	return id
}

// take removes the ask id and returns it; nil when it is not open.
func (a *asks) take(id string) *ask {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i, k := range a.open {
		if k.id == id {
			a.open = append(a.open[:i], a.open[i+1:]...)
			return k
		}
	}
	return nil
}

// put reopens an ask taken by a reply that failed, so that the person can answer again.
func (a *asks) put(k *ask) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.open = append(a.open, k)
}

// count is the number of open asks.
func (a *asks) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.open)
}
