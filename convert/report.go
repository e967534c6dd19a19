package convert

import (
	"fmt"
	"io"
	"strings"
)

// Where the rules of a converted item are enforced: by the target's own file, by agentmgr's
// gate run as a hook, or by a settings file beside the agent definition.
const (
	EnforcedByFile     = "file"
	EnforcedByGate     = "gate"
	EnforcedBySettings = "settings"
)

// Report is the fidelity report of one converted item: what the conversion kept as it was,
// what it changed (and why), and what the target cannot hold. Nothing is dropped silently:
// a source field the conversion does not use is either kept in a passthrough key (a change)
// or listed as lost.
type Report struct {
	Source     string   `json:"source"`
	Target     string   `json:"target"`
	Kept       []string `json:"kept"`
	Changed    []Change `json:"changed"`
	Lost       []Loss   `json:"lost"`
	EnforcedBy string   `json:"enforced_by"`
	// Fidelity counts the persona's rules by how the target enforces them; nil for a
	// conversion that does not count them.
	Fidelity *Fidelity `json:"fidelity,omitempty"`
}

// Change is one thing the conversion wrote differently from the source.
type Change struct {
	What string `json:"what"`
	From string `json:"from"`
	To   string `json:"to"`
	Why  string `json:"why"`
}

// Loss is one thing the target cannot hold.
type Loss struct {
	What string `json:"what"`
	Why  string `json:"why"`
}

func newReport(source, target, enforcedBy string) *Report {
	return &Report{Source: source, Target: target, Kept: []string{}, Changed: []Change{}, Lost: []Loss{}, EnforcedBy: enforcedBy}
}

func (r *Report) keep(what ...string) { r.Kept = append(r.Kept, what...) }

func (r *Report) change(what, from, to, why string) {
	r.Changed = append(r.Changed, Change{What: what, From: from, To: to, Why: why})
}

func (r *Report) lose(what, why string) { r.Lost = append(r.Lost, Loss{What: what, Why: why}) }

// Faithful reports whether the conversion neither changed nor lost anything.
func (r *Report) Faithful() bool { return len(r.Changed) == 0 && len(r.Lost) == 0 }

// WriteText prints the report for people: a heading line, then one line per kept, changed
// and lost item.
func (r *Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s -> %s (enforced by %s)\n", r.Source, r.Target, r.EnforcedBy)
	if len(r.Kept) > 0 {
		fmt.Fprintf(w, "  kept:    %s\n", strings.Join(r.Kept, ", "))
	}
	for _, c := range r.Changed {
		fmt.Fprintf(w, "  changed: %s: %s -> %s (%s)\n", c.What, orNone(c.From), orNone(c.To), c.Why)
	}
	for _, l := range r.Lost {
		fmt.Fprintf(w, "  lost:    %s (%s)\n", l.What, l.Why)
	}
	if r.Fidelity != nil {
		fmt.Fprintf(w, "  fidelity: %s\n", r.Fidelity)
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// Gated says that agentmgr's hook for the target runtime is installed and enforcing (where
// names it): the gate decides every call with the persona itself, exactly, and the exported
// file decides only where the hook is not installed. The fidelity figure stays the file's.
func (r *Report) Gated(runtime, where string) {
	r.EnforcedBy = EnforcedByGate
	r.Kept = append(r.Kept, "every rule, exactly: agentmgr's "+runtime+" hook ("+where+") decides each call with the persona; the exported file is the fallback where the hook is not installed")
}
