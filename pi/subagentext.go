package pi

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/locations"
)

// SubagentExtension is an extension found installed that starts subagents, and whether the
// children it starts are gated by agentmgr.
type SubagentExtension struct {
	// Name is the package (pi-subagents, @tintinweb/pi-subagents, @gotgenes/pi-subagents), or
	// the entry as found for an extension agentmgr does not know.
	Name  string `json:"name"`
	Where string `json:"where"` // the folder or settings entry it was found in
	// Kind is the package agentmgr knows it as; "" for another subagent extension.
	Kind Kind `json:"kind"`
	// Known is true for the extensions whose children agentmgr knows how to gate.
	Known bool `json:"known"`
	Gated bool `json:"gated"`
	// Why says why its children are not gated, and what to do; "" when they are.
	Why string `json:"why,omitempty"`
	// Linked says how a child's asks find the parent's dialog and its log entries the parent
	// session; "" when agentmgr cannot tell.
	Linked string `json:"linked,omitempty"`
	// Asks are the spawns that ask at the call because their child would load no agentmgr
	// (agent files that isolate their children, and any call that passes isolated: true).
	Asks []string `json:"asks,omitempty"`
}

// SubagentExtensions finds the subagent extensions in the agent dir and the project
// (extensions/ entries and settings.json packages and extensions whose name says subagent, or
// whose package is one agentmgr knows), and says for each whether its children load
// agentmgr's extension. One loaded only with `pi -e` is not seen here; its calls are checked
// when they are made.
func SubagentExtensions(dirs locations.Dirs) []SubagentExtension {
	out := []SubagentExtension{}
	add := func(entry, where string, kind Kind) {
		x := SubagentExtension{Name: entry, Where: where, Kind: kind, Known: kind != KindOther}
		switch {
		case kind == KindPiSubagents:
			x.Name = string(kind)
			x.Why = ChildGating(dirs, nil)
			x.Linked = "a child names its parent session (PI_SUBAGENT_PARENT_SESSION)"
		case kind.AgentTool():
			x.Name = string(kind)
			x.Why, x.Asks = agentToolGating(dirs)
			x.Linked = "a child claims the Agent call that started it (kept until the child ends, background ones included)"
			if kind == KindGotgenes {
				x.Linked = "the fork announces each child with its parent session (subagents:child:session-created)"
			}
		default:
			x.Why = "agentmgr does not know how " + entry + " starts its children, so they may run ungated; its subagent calls ask (denied without a UI). Use pi-subagents or @tintinweb/pi-subagents instead, or answer those asks knowing that"
		}
		x.Gated = x.Why == ""
		out = append(out, x)
	}
	for _, r := range scopes(dirs) {
		entries, _ := os.ReadDir(r.ext)
		for _, e := range entries {
			p := filepath.Join(r.ext, e.Name())
			kind := KindOfSource(filepath.Join(p, "index.ts"))
			if e.Name() != DirName && (kind != KindOther || strings.Contains(strings.ToLower(e.Name()), "subagent")) {
				add(e.Name(), p, kind)
			}
		}
		l, ok := r.listed()
		if !ok {
			continue
		}
		for _, src := range l.packages {
			if kind := kindOfPackage(src); kind != KindOther || strings.Contains(strings.ToLower(src), "subagent") {
				add(src, l.settings+` packages "`+src+`"`, kind)
			}
		}
		for _, x := range l.extensions {
			kind := KindOfSource(x)
			if !strings.HasPrefix(x, "-") && (kind != KindOther || strings.Contains(strings.ToLower(x), "subagent")) {
				add(x, l.settings+` extensions "`+x+`"`, kind)
			}
		}
	}
	return out
}

// agentToolGating says whether the Agent tool's children load agentmgr's extension ("" when
// they do, else why not and what to do) and which spawns ask at the call because their child
// would not load it.
func agentToolGating(dirs locations.Dirs) (string, []string) {
	if len(ours(dirs)) == 0 {
		return "its children load the agent dir's and the project's extensions, and agentmgr's is in neither: run `agentmgr pi install`", nil
	}
	asks := []string{"any Agent call that passes `isolated: true` (the child loads no extension)"}
	cwd := ""
	if dirs.Project != "" {
		cwd = filepath.Dir(dirs.Project)
	}
	var seen []string
	for _, dir := range agentTypeDirs(dirs.Agent, cwd) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".md")
			if !ok || e.IsDir() || slices.Contains(seen, strings.ToLower(name)) {
				continue
			}
			seen = append(seen, strings.ToLower(name)) // the first folder's file wins
			a, ok := readAgentType(filepath.Join(dir, e.Name()))
			switch {
			case !ok:
			case a.isolated != nil && *a.isolated:
				asks = append(asks, "subagent_type "+name+": "+a.path+" sets `isolated: true`; remove it to gate its children")
			case a.loadsAgentmgr() != "":
				asks = append(asks, "subagent_type "+name+": "+a.path+" "+a.loadsAgentmgr()+"; "+a.fix())
			}
		}
	}
	return "", asks
}
