package pi

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// Kind is which subagent extension a tool or an installed entry belongs to: they start their
// children differently, so agentmgr gates each its own way (docs/pi.md, "Subagents").
type Kind string

// The subagent extensions agentmgr knows.
const (
	// KindPiSubagents is npm's pi-subagents (0.67.0): the subagent tool; a foreground child
	// loads the extensions of its agent file or of subagents.defaultExtensions.
	KindPiSubagents Kind = "pi-subagents"
	// KindTintinweb is npm's @tintinweb/pi-subagents (0.14.1): the Agent tool; a child loads
	// the agent dir's and the project's extensions unless the call or its agent file isolates it.
	KindTintinweb Kind = "@tintinweb/pi-subagents"
	// KindGotgenes is the @gotgenes/pi-subagents fork of @tintinweb/pi-subagents: the same
	// tools and loading, and it announces each child on pi.events
	// (subagents:child:session-created, subagents:child:disposed).
	KindGotgenes Kind = "@gotgenes/pi-subagents"
	// KindOther is any other extension that starts subagents: agentmgr does not know how.
	KindOther Kind = ""
)

// Label names the kind for people: its package name, or "another subagent extension".
func (k Kind) Label() string {
	if k == KindOther {
		return "another subagent extension"
	}
	return string(k)
}

// AgentTool reports whether the kind's children are started by the Agent tool and load
// extensions as @tintinweb/pi-subagents' do.
func (k Kind) AgentTool() bool { return k == KindTintinweb || k == KindGotgenes }

// kindOfPackage names the kind of an npm package name (or a settings package source such as
// npm:@tintinweb/pi-subagents@0.14.1).
func kindOfPackage(name string) Kind {
	l := strings.ToLower(strings.TrimSpace(name))
	l = strings.TrimPrefix(l, "npm:")
	if i := strings.LastIndex(l, "@"); i > 0 {
		l = l[:i] // a pinned version
	}
	switch l {
	case "pi-subagents":
		return KindPiSubagents
	case "@tintinweb/pi-subagents":
		return KindTintinweb
	case "@gotgenes/pi-subagents":
		return KindGotgenes
	}
	return KindOther
}

// KindOfSource says which subagent extension the file path belongs to (a tool's source, as pi
// names it, or an entry of an extensions folder): by the name of the package that holds it
// (the nearest package.json above it), else by the node_modules folder it sits in.
func KindOfSource(path string) Kind {
	p := filepath.Clean(filepath.FromSlash(strings.ReplaceAll(path, "\\", "/")))
	for dir, i := p, 0; i < 8; i++ {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			if k, ok := packageKind(dir); ok {
				return k
			}
		}
		if filepath.Base(dir) == "node_modules" {
			break // the package's tree ends here
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	s := filepath.ToSlash(p)
	switch {
	case strings.Contains(s, "/node_modules/@tintinweb/pi-subagents/"):
		return KindTintinweb
	case strings.Contains(s, "/node_modules/@gotgenes/pi-subagents/"):
		return KindGotgenes
	case strings.Contains(s, "/pi-subagents/"):
		// pi-subagents' own folder (npm's, or a copy in extensions/ without its package.json).
		return KindPiSubagents
	}
	return KindOther
}

// packageKind reads dir/package.json: ok when there is one, whatever package it names.
func packageKind(dir string) (Kind, bool) {
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return KindOther, false
	}
	var pkg struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return KindOther, false
	}
	return kindOfPackage(pkg.Name), true
}
