package compat

import (
	"fmt"
	"path/filepath"

	"github.com/agentmgr/agentmgr/pam"
)

// Guard is what an edit of a global persona file does to pi-agent-manager 0.18.1: nothing
// (nil from CheckEdit), or a file it then skips or breaks on.
type Guard struct {
	File    string
	Line    int
	Breaks  bool   // the whole extension would fail to load
	Reason  string // the AM's reason
	Fix     string // what to write instead, "" when there is no simple answer
	Already bool   // the file was already skipped (or breaking) before the edit
}

// CheckEdit compares the AM's reading of a persona file before (nil for a new file) and after
// an edit. It returns nil when the AM still loads the file.
func CheckEdit(path string, before, after []byte) *Guard {
	base := filepath.Base(path)
	now := pam.LoadFile(base, after)
	if now.Loads {
		return nil
	}
	g := &Guard{File: path, Line: now.Line, Breaks: now.Breaks, Reason: now.Reason, Fix: fixFor(now, after)}
	if before != nil {
		if was := pam.LoadFile(base, before); !was.Loads && (was.Breaks || !now.Breaks) {
			g.Already = true
		}
	}
	return g
}

// Message says what the edit does to the AM, for a refusal or a warning.
func (g *Guard) Message() string {
	what := "skips this whole file"
	if g.Breaks {
		what = "fails to load entirely (every agent and command gone)"
	}
	if g.Already {
		return fmt.Sprintf("%s already %s: %s", pam.Runtime, what, g.Reason)
	}
	msg := fmt.Sprintf("%s %s after this change: %s", pam.Runtime, what, g.Reason)
	if g.Fix != "" {
		msg += " (" + g.Fix + ")"
	}
	return msg
}
