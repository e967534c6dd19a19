package personas

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/locations"
)

// The cache reads the folders again exactly when a file changed: not while nothing did, and
// after an edit that keeps the file's size and modification time, one just written (Racy)
// or one an hour old, a new file, a removed one.
func TestCacheReadsAgainWhenAFileChanged(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent")}
	dir := filepath.Join(root, "agent", "agents")
	writeFiles(t, root, map[string]string{"agent/agents/a.md": persona("first")})
	var c Cache
	desc := func() string {
		p, ok := c.Load(d).Lookup("a")
		if !ok {
			return "none"
		}
		return p.Description
	}
	first := c.Load(d)
	if c.Load(d) != first {
		t.Error("nothing changed, yet the catalog was read again")
	}
	rewriteKeepingStamp(t, filepath.Join(dir, "a.md"), persona("again"))
	if got := desc(); got != "again" {
		t.Errorf("after a rewrite of the same size and time just now: %q, want again", got)
	}
	settle(t, dir)
	c.Load(d)
	rewriteKeepingStamp(t, filepath.Join(dir, "a.md"), persona("third"))
	if got := desc(); got != "third" {
		t.Errorf("after a rewrite of the same size and time of an old file: %q, want third", got)
	}
	writeFiles(t, root, map[string]string{"agent/agents/b.md": persona("new")})
	if _, ok := c.Load(d).Lookup("b"); !ok {
		t.Error("a new file is not in the catalog")
	}
}

func TestRacyIsAStampOfTheLastTick(t *testing.T) {
	t.Parallel()
	now := time.Now()
	for _, tt := range []struct {
		ago  time.Duration
		racy bool
	}{{0, true}, {racyWindow / 2, true}, {time.Second, false}, {time.Minute, false}} {
		if got := (Stamp{Mod: now.Add(-tt.ago).UnixNano()}).Racy(now); got != tt.racy {
			t.Errorf("modified %s ago: Racy = %v, want %v", tt.ago, got, tt.racy)
		}
	}
}
