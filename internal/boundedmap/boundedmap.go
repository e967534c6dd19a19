// Package boundedmap provides a map safe for concurrent use that keeps at most a fixed number
// of keys, dropping the oldest inserted first. The prepared policies of serve and of the app's
// Simulator are kept in one: a long-lived process sees an unbounded number of sessions and
// questions, and what was prepared for an old one is cheap to prepare again.
package boundedmap

import "sync"

// Map keeps the keys put into it up to the bound each Put names; its zero value is ready to
// use, so that a type holding one needs no constructor.
type Map[K comparable, V any] struct {
	mu      sync.Mutex
	entries map[K]V
	order   []K // keys, oldest first
}

// Get returns the value kept under k, if any.
func (m *Map[K, V]) Get(k K) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.entries[k]
	return v, ok
}

// Put keeps v under k and then drops the oldest keys past keep (0 or less keeps none).
// Replacing a key's value does not make it newer: the order is the order keys were first put.
func (m *Map[K, V]) Put(k K, v V, keep int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries == nil {
		m.entries = map[K]V{}
	}
	if _, had := m.entries[k]; !had {
		m.order = append(m.order, k)
	}
	m.entries[k] = v
	for len(m.order) > max(keep, 0) {
		delete(m.entries, m.order[0])
		m.order = m.order[1:]
	}
}

// Len is the number of keys kept.
func (m *Map[K, V]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}
