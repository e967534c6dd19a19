package gui

import (
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/reviewlog"
)

// LogModel is the review log as the Log screen shows it: every entry read or followed, and the
// ones the filter keeps. It is plain Go; the screen renders rows on demand from it.
type LogModel struct {
	entries []reviewlog.Entry
	filter  reviewlog.Filter
	shown   []int // indexes into entries of the entries the filter keeps
	limit   int
}

// logLimit is how many entries the screen holds; the oldest go first. The log itself is
// rotated at a size limit, so this only bounds a long-running follow.
const logLimit = 100_000

// NewLogModel makes an empty model.
func NewLogModel() *LogModel { return &LogModel{limit: logLimit} }

// Set replaces every entry.
func (m *LogModel) Set(es []reviewlog.Entry) {
	m.entries = append(m.entries[:0], es...)
	m.trim()
	m.refilter()
}

// Append adds entries at the end, as they are logged.
func (m *LogModel) Append(es ...reviewlog.Entry) {
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
func (m *LogModel) trim() bool {
	if m.limit <= 0 || len(m.entries) <= m.limit {
		return false
	}
	m.entries = slices.Delete(m.entries, 0, len(m.entries)-m.limit)
	return true
}

// SetFilter keeps only the entries f matches.
func (m *LogModel) SetFilter(f reviewlog.Filter) {
	m.filter = f
	m.refilter()
}

// Filter is the filter in use.
func (m *LogModel) Filter() reviewlog.Filter { return m.filter }

func (m *LogModel) refilter() {
	m.shown = m.shown[:0]
	for i, e := range m.entries {
		if m.filter.Match(e) {
			m.shown = append(m.shown, i)
		}
	}
}

// Len is the number of entries shown.
func (m *LogModel) Len() int { return len(m.shown) }

// Total is the number of entries held, shown or not.
func (m *LogModel) Total() int { return len(m.entries) }

// Entry is the i-th entry shown, oldest first.
func (m *LogModel) Entry(i int) reviewlog.Entry { return m.entries[m.shown[i]] }

// Agents and Tools list the values seen, sorted, for the filters' choices.
func (m *LogModel) Agents() []string {
	return m.distinct(func(e reviewlog.Entry) string { return e.Agent })
}

// Tools lists the tools seen, sorted.
func (m *LogModel) Tools() []string {
	return m.distinct(func(e reviewlog.Entry) string { return e.Tool })
}

func (m *LogModel) distinct(f func(reviewlog.Entry) string) []string {
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

// logColumns are the Log table's columns.
var logColumns = []string{"Time", "Event", "Agent", "Tool", "Values", "Action", "Rule", "Source", "Reply"}

// logCell is the text of column col for entry e.
func logCell(e reviewlog.Entry, col int) string {
	switch col {
	case 0:
		return e.Time.Local().Format("2006-01-02 15:04:05")
	case 1:
		return e.Event
	case 2:
		return e.Agent
	case 3:
		return e.Tool
	case 4:
		return strings.Join(e.Values, "; ")
	case 5:
		return e.Action
	case 6:
		if e.Rule == nil {
			return ""
		}
		return e.Rule.Permission + " " + e.Rule.Pattern + " " + e.Rule.Action
	case 7:
		if e.Location != "" {
			return e.Location
		}
		return e.Source
	case 8:
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
