package personas

import (
	"sync"

	"github.com/agentmgr/agentmgr/locations"
)

// Cache keeps the last catalog Load read, and reads the persona folders again only when a
// file in them changed (Fingerprint): a long-running process (agentmgr serve) would otherwise
// parse every persona on every call, a millisecond, where stamping each file costs a few
// microseconds. It is safe for concurrent use.
type Cache struct {
	mu  sync.Mutex
	key string
	cat *Catalog
}

// Load returns the catalog of d, read afresh when d is not the folders of the last call or a
// file of theirs changed since.
func (c *Cache) Load(d locations.Dirs) *Catalog {
	key := Fingerprint(d)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cat == nil || key != c.key {
		c.cat, c.key = Load(d), key
	}
	return c.cat
}
