package main

import (
	"fmt"
	"sync"
)

// fakeAnswers is what a scripted model API (fakeResponses for Codex, fakeGemini for Gemini
// CLI) heard back from the runtime it drives: the runtime's answer to each call, by call id,
// and what the API found wrong with the requests. The runtime calls the API from its own
// goroutines, hence the lock.
type fakeAnswers struct {
	mu      sync.Mutex
	answers map[string]string
	errs    []string
}

// record keeps the runtime's answer to the call id.
func (f *fakeAnswers) record(id, text string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.answers == nil {
		f.answers = map[string]string{}
	}
	f.answers[id] = text
}

// answer is what the runtime answered to the call id, and whether it answered.
func (f *fakeAnswers) answer(id string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out, ok := f.answers[id]
	return out, ok
}

// fail notes a request the API did not expect, for the test to report.
func (f *fakeAnswers) fail(format string, a ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, fmt.Sprintf(format, a...))
}

// problems are the requests the API did not expect.
func (f *fakeAnswers) problems() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.errs...)
}
