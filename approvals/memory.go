package approvals

import (
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentmgr/agentmgr/engine"
)

// MemoryStore is a SessionStore held in memory, for tests, previews and a single process that
// needs no persistence. It is safe for concurrent use. The zero value is not usable; call
// NewMemoryStore.
type MemoryStore struct {
	mu       sync.Mutex
	sessions map[string]SessionRules // deleted sessions stay as high-water marks
	now      func() time.Time
}

// NewMemoryStore returns an empty store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{sessions: map[string]SessionRules{}, now: time.Now}
}

// Get returns a copy of what the store holds for id.
func (m *MemoryStore) Get(id string) (SessionRules, error) {
	if err := ValidateSessionID(id); err != nil {
		return SessionRules{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.get(id).Clone(), nil
}

func (m *MemoryStore) get(id string) SessionRules {
	if s, ok := m.sessions[id]; ok {
		return s
	}
	return SessionRules{ID: id}
}

// Put replaces the session's rules; see SessionStore.
func (m *MemoryStore) Put(id string, rules engine.Ruleset, read uint64, by Authority) (SessionRules, error) {
	return m.write(id, func(s SessionRules) (SessionRules, error) { return s.Revise(rules, read, by) })
}

// Delete removes the session's rules, keeping its revision; see SessionStore.
func (m *MemoryStore) Delete(id string, read uint64, by Authority) (SessionRules, error) {
	return m.write(id, func(s SessionRules) (SessionRules, error) { return s.Remove(read, by) })
}

func (m *MemoryStore) write(id string, change func(SessionRules) (SessionRules, error)) (SessionRules, error) {
	if err := ValidateSessionID(id); err != nil {
		return SessionRules{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	next, err := change(m.get(id))
	if err != nil {
		return SessionRules{}, err
	}
	next.Updated = m.now()
	m.sessions[id] = next
	return next.Clone(), nil
}

// List returns the sessions that hold rules, sorted by id.
func (m *MemoryStore) List() ([]SessionRules, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []SessionRules{}
	for _, s := range m.sessions {
		if s.Exists() {
			out = append(out, s.Clone())
		}
	}
	slices.SortFunc(out, func(a, b SessionRules) int { return strings.Compare(a.ID, b.ID) })
	return out, nil
}
