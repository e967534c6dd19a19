package serve

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
)

// catalogs keeps the last catalog read, and reads the persona folders again only when a file
// in them changed: parsing every persona on every call would cost a millisecond, a stat of
// each file a few microseconds. A change is any difference in the folders' file names, sizes,
// modification times or file ids (an atomic write renames a new file into place).
type catalogs struct {
	mu  sync.Mutex
	key string
	cat *personas.Catalog
}

// load returns the catalog of d, read afresh when its files changed since the last call.
func (c *catalogs) load(d locations.Dirs) *personas.Catalog {
	key := fingerprint(d)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cat == nil || key != c.key {
		c.cat, c.key = personas.Load(d), key
	}
	return c.cat
}

// fingerprint names the state of every file a catalog of d is read from.
func fingerprint(d locations.Dirs) string {
	var b strings.Builder
	b.WriteString(d.Agent + "\x00" + d.Project + "\x00")
	for _, dir := range []string{d.GlobalAgents(), d.ProjectAgents()} {
		if dir == "" {
			continue
		}
		stamp(&b, dir)
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".md") {
				stamp(&b, filepath.Join(dir, e.Name()))
			}
		}
	}
	stamp(&b, d.LegacyFile())
	return b.String()
}

// stamp writes what identifies path's current content: its name, id, size and time.
func stamp(b *strings.Builder, path string) {
	b.WriteString(path)
	if st, err := os.Stat(path); err == nil {
		b.WriteByte(' ')
		b.WriteString(strconv.FormatInt(st.Size(), 10))
		b.WriteByte(' ')
		b.WriteString(strconv.FormatInt(st.ModTime().UnixNano(), 10))
		b.WriteByte(' ')
		b.WriteString(strconv.FormatUint(fileID(st), 10))
	}
	b.WriteByte('\x00')
}
