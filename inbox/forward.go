package inbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"
)

// Defaults of Wait.
const (
	DefaultTimeout = 120 * time.Second
	DefaultGrace   = 2 * time.Second
	defaultPoll    = 20 * time.Millisecond
)

// Wait says how long a gate waits for an answer.
type Wait struct {
	// Timeout is how long the gate waits while a server is live; 0 means DefaultTimeout.
	Timeout time.Duration
	// Grace is how long the gate waits for a live server to appear, or to come back after it
	// went away; 0 means DefaultGrace.
	Grace time.Duration
	// Poll is how often the gate looks for the response; 0 means 20 ms.
	Poll time.Duration
}

func (w Wait) withDefaults() Wait {
	if w.Timeout <= 0 {
		w.Timeout = DefaultTimeout
	}
	if w.Grace <= 0 {
		w.Grace = DefaultGrace
	}
	if w.Poll <= 0 {
		w.Poll = defaultPoll
	}
	return w
}

// ErrTimedOut is wrapped by the error of a forward that a live server did not answer in time.
var ErrTimedOut = errors.New("nobody answered in time")

// Forward writes r as a request file and waits for its response. It fills in r's id, pid and
// times. It waits up to w.Timeout while a server is live, and gives up once no live server was
// seen for w.Grace (the error then wraps ErrNotServing and says why); an unanswered request is
// withdrawn (its file removed) before Forward returns.
func (in Inbox) Forward(ctx context.Context, r Request, w Wait) (Response, error) {
	w = w.withDefaults()
	start := time.Now()
	id, err := newID(start.UnixNano())
	if err != nil {
		return Response{}, err
	}
	r.Version, r.ID, r.PID = protocolVersion, id, os.Getpid()
	r.Created, r.Deadline = start.UTC(), start.Add(w.Timeout).UTC()
	if err := in.submit(r); err != nil {
		return Response{}, err
	}
	defer in.removeRequest(id)

	deadline := time.NewTimer(w.Timeout)
	defer deadline.Stop()
	tick := time.NewTicker(w.Poll)
	defer tick.Stop()
	lastLive := start
	var whyNot error
	for {
		if resp, ok, err := in.readResponse(id); ok || err != nil {
			return resp, err
		}
		now := time.Now()
		if _, err := in.Serving(now); err == nil {
			lastLive = now
		} else if whyNot = err; now.Sub(lastLive) >= w.Grace {
			return in.lastLook(id, whyNot)
		}
		select {
		case <-ctx.Done():
			return in.lastLook(id, ctx.Err())
		case <-deadline.C:
			return in.lastLook(id, fmt.Errorf("%w: the request waited %s", ErrTimedOut, w.Timeout))
		case <-tick.C:
		}
	}
}

// lastLook withdraws the request and then reads its response once more: a server that answered
// just before the withdrawal still decides the call. Otherwise it returns why.
func (in Inbox) lastLook(id string, why error) (Response, error) {
	os.Remove(in.requestPath(id))
	if resp, ok, err := in.readResponse(id); ok && err == nil {
		return resp, nil
	}
	return Response{}, why
}
