// Package logfeed is the review log as the app's Log screen shows it: the entries read or
// followed, bounded, and the ones the filter keeps; plain Go, tested without a display.
package logfeed

import (
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/reviewlog"
)

// Model is the review log as the Log screen shows it: every entry read or followed, and the
// ones the filter keeps. It is plain Go; the screen renders rows on demand from it.
type Model struct {
	entries []reviewlog.Entry
	filter  reviewlog.Filter
	shown   []int // indexes into entries of the entries the filter keeps
	limit   int
}

// logLimit is how many entries the screen holds; the oldest go first. The log itself is
// rotated at a size limit, so this only bounds a long-running follow.
const logLimit = 100_000

// New makes an empty model.
func New() *Model { return &Model{limit: logLimit} }

// Set replaces every entry.
func (m *Model) Set(es []reviewlog.Entry) {
	m.entries = append(m.entries[:0], es...)
	m.trim()
	m.refilter()
}

// Append adds entries at the end, as they are logged.
func (m *Model) Append(es ...reviewlog.Entry) {
	n := len(m.entries)
	m.entries = append(m.entries, es...)
	if m.trim() {
		m.refilter()
		return
	}
	for i := n; i < len(m.entries); i++ {
		if m.filter.Match(m.entries[i]) {
			m.shown = append(m.shown, i)
		}
	}
}

// trim drops the oldest entries beyond the limit; it reports whether it dropped any.
func (m *Model) trim() bool {
	if m.limit <= 0 || len(m.entries) <= m.limit {
		return false
	}
	m.entries = slices.Delete(m.entries, 0, len(m.entries)-m.limit)
	return true
}

// SetFilter keeps only the entries f matches.
func (m *Model) SetFilter(f reviewlog.Filter) {
	m.filter = f
	m.refilter()
}

// Filter is the filter in use.
func (m *Model) Filter() reviewlog.Filter { return m.filter }

func (m *Model) refilter() {
	m.shown = m.shown[:0]
	for i, e := range m.entries {
		if m.filter.Match(e) {
			m.shown = append(m.shown, i)
		}
	}
}

// Len is the number of entries shown.
func (m *Model) Len() int { return len(m.shown) }

// Total is the number of entries held, shown or not.
func (m *Model) Total() int { return len(m.entries) }

// Entry is the i-th entry shown, oldest first.
func (m *Model) Entry(i int) reviewlog.Entry { return m.entries[m.shown[i]] }

// Agents and Tools list the values seen, sorted, for the filters' choices.
func (m *Model) Agents() []string {
	return m.distinct(func(e reviewlog.Entry) string { return e.Agent })
}

// Tools lists the tools seen, sorted.
func (m *Model) Tools() []string {
	return m.distinct(func(e reviewlog.Entry) string { return e.Tool })
}

func (m *Model) distinct(f func(reviewlog.Entry) string) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range m.entries {
		if v := f(e); v != "" && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// The Log table's columns, by index into Columns.
const (
	ColTime = iota
	ColEvent
	ColSession
	ColAgent
	ColTool
	ColPermission
	ColValues
	ColAction
	ColRule
	ColSource
	ColReply
)

// Columns are the Log table's columns. Tool is the tool as the agent named it (Claude Code's
// Bash, pi's bash) and Permission the permission key agentmgr decided it under (bash for
// both): two columns, so that neither name is rewritten and rows of different agents still
// line up on the key.
var Columns = []string{"Time", "Event", "Session", "Agent", "Tool", "Permission", "Values", "Action", "Rule", "Source", "Reply"}

// Cell is the text of column col for entry e.
func Cell(e reviewlog.Entry, col int) string {
	switch col {
	case ColTime:
		return e.Time.Local().Format("2006-01-02 15:04:05")
	case ColEvent:
		return e.Event
	case ColSession:
		// A subagent's calls are in its parent's session; the subagent is named after it.
		if e.AgentID != "" {
			return e.Session + " · subagent " + e.AgentID
		}
		return e.Session
	case ColAgent:
		return e.Agent
	case ColTool:
		return e.Tool
	case ColPermission:
		return e.Permission
	case ColValues:
		return strings.Join(e.Values, "; ")
	case ColAction:
		return e.Action
	case ColRule:
		if e.Rule == nil {
			return ""
		}
		return e.Rule.Permission + " " + e.Rule.Pattern + " " + e.Rule.Action
	case ColSource:
		if e.Location != "" {
			return e.Location
		}
		return e.Source
	case ColReply:
		var parts []string
		for _, p := range []string{e.Reply, e.By, e.Message} {
			if p != "" {
				parts = append(parts, p)
			}
		}
		return strings.Join(parts, " · ")
	}
	return ""
}
