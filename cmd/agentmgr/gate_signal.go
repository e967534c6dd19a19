package main

import (
	"context"
	"os"
	"syscall"
	"time"
)

// signalGrace is how long a gate that got SIGTERM or SIGINT lets its call finish on its own
// once its context is cancelled: a wait for the app's answer ends at once then (the request is
// withdrawn) with an answer that says so. Anything else it was doing (a lock, a slow disk) is
// left, and the gate answers in the protocol's fail-closed form.
const signalGrace = 200 * time.Millisecond

// answerUnlessStopped runs work and returns its answer, unless a signal comes first: then
// cancel is called, and work's answer is returned if it comes within signalGrace, else
// stopped's, with finished false. work then keeps running in the background (holding what it
// holds: nothing it shares may be waited on); the process exits after the answer.
func answerUnlessStopped(sigs <-chan os.Signal, cancel context.CancelFunc, work func() any, stopped func(os.Signal) any) (out any, finished bool) {
	done := make(chan any, 1)
	go func() { done <- work() }()
	select {
	case out := <-done:
		return out, true
	case sig := <-sigs:
		cancel()
		select {
		case out := <-done:
			return out, true
		case <-time.After(signalGrace):
			return stopped(sig), false
		}
	}
}

// signalName is the conventional name of sig: SIGTERM, SIGINT.
func signalName(sig os.Signal) string {
	switch sig {
	case syscall.SIGTERM:
		return "SIGTERM"
	case os.Interrupt:
		return "SIGINT"
	}
	return sig.String()
}
