package personas

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

// trustProject trusts d's project as its files are now, as `agentmgr trust` does.
func trustProject(t testing.TB, d locations.Dirs) {
	t.Helper()
	if _, err := trust.Trust(d, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// An untrusted project's personas are listed as not used, with why, and never decide; a
// project persona named like a built-in or global one is never used, trusted or not; a
// change after the trust takes every project persona out until the person trusts it again.
func TestProjectPersonasNeedTrust(t *testing.T) {
	root := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(root, "agent"), Project: filepath.Join(root, "proj", ".pi")}
	writeFiles(t, root, map[string]string{
		"agent/agents/rev.md":        persona("mine"),
		"proj/.pi/agents/helper.md":  persona("helper"),
		"proj/.pi/agents/planner.md": persona("theirs"),
		"proj/.pi/agents/imp.md":     persona("theirs", "name: rev"),
	})
	unused := func(c *Catalog) string {
		var out []string
		for _, u := range c.Unused() {
			out = append(out, filepath.Base(u.File)+": "+u.Why)
		}
		return strings.Join(out, "\n")
	}
	refused := "imp.md: not used: a project persona may not replace the global persona rev (" + filepath.Join(root, "agent", "agents", "rev.md") + "); give it another name\n" +
		"planner.md: not used: a project persona may not replace the built-in persona planner; give it another name"
	steps := []struct {
		name       string
		do         func()
		wantList   string
		wantUnused string
	}{
		{"untrusted", func() {}, "planner@built-in builder@built-in rev@global",
			"helper.md: not used: project not trusted\nimp.md: not used: project not trusted\nplanner.md: not used: project not trusted"},
		{"trusted", func() { trustProject(t, d) }, "planner@built-in builder@built-in rev@global helper@project", refused},
		{"changed since trusted", func() {
			writeFiles(t, root, map[string]string{"proj/.pi/agents/helper.md": persona("helper", "hidden: true")})
		},
			"planner@built-in builder@built-in rev@global",
			"helper.md: not used: changed since trusted (agents/helper.md changed)\nimp.md: not used: changed since trusted (agents/helper.md changed)\nplanner.md: not used: changed since trusted (agents/helper.md changed)"},
		{"trusted again", func() { trustProject(t, d) }, "planner@built-in builder@built-in rev@global helper@project", refused},
		{"a file added", func() { writeFiles(t, root, map[string]string{"proj/.pi/agents/new.md": persona("new")}) },
			"planner@built-in builder@built-in rev@global", ""},
	}
	for _, st := range steps {
		st.do()
		for _, load := range []struct {
			name string
			cat  func() *Catalog
		}{{"Load", func() *Catalog { return Load(d) }}, {"LoadNamed", func() *Catalog { return LoadNamed(d, "helper", "rev", "planner") }}} {
			c := load.cat()
			if got := names(c.Personas()); got != st.wantList {
				t.Errorf("%s: %s personas = %s, want %s", st.name, load.name, got, st.wantList)
			}
			if load.name == "Load" && st.name != "a file added" {
				if got := unused(c); got != st.wantUnused {
					t.Errorf("%s: unused =\n%s\nwant\n%s", st.name, got, st.wantUnused)
				}
			}
			if p, ok := c.Lookup("planner"); !ok || p.Scope != ScopeBuiltin {
				t.Errorf("%s: %s planner is not the built-in", st.name, load.name)
			}
		}
	}
	c := Load(d)
	if why := c.WhyNotFound("new"); !strings.Contains(why, "new.md added") {
		t.Errorf("WhyNotFound(new) = %q, want the added file named", why)
	}
	if !strings.Contains(problemsText(c), "not used: changed since trusted") {
		t.Errorf("problems do not say the project is not used:\n%s", problemsText(c))
	}
	if err := os.Remove(filepath.Join(root, "proj", ".pi", "agents", "new.md")); err != nil {
		t.Fatal(err)
	}
	if p, ok := LoadNamed(d, "helper").Lookup("helper"); !ok || p.Scope != ScopeProject {
		t.Errorf("after the added file went, helper is not the project's persona")
	}
}

func problemsText(c *Catalog) string {
	var b strings.Builder
	for _, p := range c.Problems() {
		b.WriteString(p.Error() + "\n")
	}
	return b.String()
}
