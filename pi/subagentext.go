package pi

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
)

// SubagentExtension is an extension found installed that starts subagents, and whether the
// children it starts are gated by agentmgr.
type SubagentExtension struct {
	Name  string `json:"name"`  // pi-subagents, or the entry as found
	Where string `json:"where"` // the folder or settings entry it was found in
	// Known is true for pi-subagents, whose children agentmgr knows how to gate.
	Known bool `json:"known"`
	Gated bool `json:"gated"`
	// Why says why its children are not gated, and what to do; "" when they are.
	Why string `json:"why,omitempty"`
}

// SubagentExtensions finds the subagent extensions in the agent dir and the project
// (extensions/ entries and settings.json packages and extensions whose name says subagent),
// and says for each whether its children load agentmgr's extension. pi-subagents loaded only
// with `pi -e` is not seen here; its calls are checked when they are made.
func SubagentExtensions(dirs locations.Dirs) []SubagentExtension {
	out := []SubagentExtension{}
	add := func(entry, where string) {
		x := SubagentExtension{Name: entry, Where: where}
		if isPiSubagents(entry) {
			x.Name, x.Known = "pi-subagents", true
			x.Why = ChildGating(dirs, nil)
			x.Gated = x.Why == ""
		} else {
			x.Why = "agentmgr does not know how " + entry + " starts its children, so they may run ungated; its subagent calls ask (denied without a UI)"
		}
		out = append(out, x)
	}
	for _, r := range scopes(dirs) {
		entries, _ := os.ReadDir(r.ext)
		for _, e := range entries {
			if e.Name() != DirName && strings.Contains(strings.ToLower(e.Name()), "subagent") {
				add(e.Name(), filepath.Join(r.ext, e.Name()))
			}
		}
		l, ok := r.listed()
		if !ok {
			continue
		}
		for _, src := range l.packages {
			if strings.Contains(strings.ToLower(src), "subagent") {
				add(src, l.settings+` packages "`+src+`"`)
			}
		}
		for _, x := range l.extensions {
			if strings.Contains(strings.ToLower(x), "subagent") && !strings.HasPrefix(x, "-") {
				add(x, l.settings+` extensions "`+x+`"`)
			}
		}
	}
	return out
}

// isPiSubagents reports whether an extensions entry, package source or path is npm's
// pi-subagents (nicobailon's, the one agentmgr knows), not a fork under another name.
func isPiSubagents(s string) bool {
	l := strings.ToLower(strings.ReplaceAll(s, "\\", "/"))
	l = strings.TrimPrefix(l, "npm:")
	if i := strings.LastIndex(l, "@"); i > 0 {
		l = l[:i] // a pinned version
	}
	l = strings.TrimSuffix(strings.TrimSuffix(l, "/index.ts"), "/")
	return l == "pi-subagents" || strings.HasSuffix(l, "/node_modules/pi-subagents") || filepath.Base(l) == "pi-subagents" && !strings.Contains(l, "@")
}
