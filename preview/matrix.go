package preview

import (
	"slices"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/parallel"
	"github.com/agentmgr/agentmgr/mapping"
)

// Persona is what previews need of a persona: its name and scope, and its rules as currently
// edited (unsaved edits included).
type Persona struct {
	Name  string
	Scope string // "built-in", "global" or "project", as personas.Scope prints it
	Rules engine.Ruleset
	// Legacy is set when the persona writes its permissions in the legacy list form (lint).
	Legacy bool
	// Examples are the calls the persona's examples block expects; lint reports the ones the
	// rules decide otherwise.
	Examples []Example
}

// Matrix is every persona's status for every tool: personas as rows, tools as columns.
type Matrix struct {
	Tools []string
	Rows  []Row
}

// Row is one persona's cells, one per column of the matrix.
type Row struct {
	Persona string
	Scope   string
	Cells   []Cell
	// Shell is how the persona governs shell commands as a whole; its Summary is the row's
	// one-line verdict (a deny-list is bypassable by construction; see engine.PostureOf).
	Shell engine.ShellPosture
}

// Filter picks the rows and columns of a matrix. A nil field picks everything; an empty,
// non-nil one picks nothing (every box unchecked).
type Filter struct {
	Scopes   []string // persona scopes to keep
	Families []string // tool families to keep: permission keys, or FamilyOther
}

// FamilyOther is the family of every tool that is its own permission key (custom, MCP, ctx_*).
const FamilyOther = "other"

// Family is the family a tool is filtered by: its permission key when the mapping groups tools
// under it, else FamilyOther.
func Family(tool string) string {
	key := mapping.KeyForTool(tool)
	if key != tool {
		return key
	}
	// A tool that is its own key (custom, MCP, pi's mcp adapter) belongs to no family of the
	// table, even when its name is a permission key of its own.
	for _, f := range mapping.Families() {
		if f.Key == key {
			return key
		}
	}
	return FamilyOther
}

// Families lists the families of tools in the mapping's order, FamilyOther last, each once.
func Families(tools []string) []string {
	present := map[string]bool{}
	for _, t := range tools {
		present[Family(t)] = true
	}
	var out []string
	for _, f := range mapping.Families() {
		if present[f.Key] {
			out = append(out, f.Key)
		}
	}
	if present[FamilyOther] {
		out = append(out, FamilyOther)
	}
	return out
}

func (f Filter) keepScope(scope string) bool {
	return f.Scopes == nil || slices.Contains(f.Scopes, scope)
}

func (f Filter) keepTool(tool string) bool {
	return f.Families == nil || slices.Contains(f.Families, Family(tool))
}

// Matrix computes the matrix of personas x tools through the cache, so that only the rows of
// personas whose rules changed since the last call are computed again. Rows are computed in
// parallel when there are many: each persona's evaluator is used by one goroutine only, and
// what they share (the compiled guards) is read-only.
func (c *Cache) Matrix(personas []Persona, tools []string, f Filter) *Matrix {
	m := &Matrix{}
	for _, t := range tools {
		if f.keepTool(t) {
			m.Tools = append(m.Tools, t)
		}
	}
	live := make(map[string]bool, len(personas))
	var shown []Persona
	for _, p := range personas {
		live[p.Name] = true
		if f.keepScope(p.Scope) {
			shown = append(shown, p)
		}
	}
	c.keepOnly(live)
	evals := make([]*Evaluator, len(shown))
	postures := make([]engine.ShellPosture, len(shown))
	for i, p := range shown {
		evals[i], postures[i] = c.cached(p) // nil when the persona's rules changed
	}
	guards := c.compiledGuards()
	m.Rows = make([]Row, len(shown))
	// After an edit only the edited row has no evaluator: the others' cells are cached, and
	// handing them to other goroutines costs more (a wait for a core, on a loaded machine
	// milliseconds) than reading them here.
	run := inParallel
	if missing := countNil(evals); missing < minPerWorker {
		run = inline
	}
	run(len(shown), func(i int) {
		p := shown[i]
		if evals[i] == nil {
			evals[i], postures[i] = newEvaluator(p.Rules, nil, guards, c.opts), engine.PostureOf(p.Rules)
		}
		row := Row{Persona: p.Name, Scope: p.Scope, Cells: make([]Cell, len(m.Tools)), Shell: postures[i]}
		for j, t := range m.Tools {
			row.Cells[j] = evals[i].Cell(t)
		}
		m.Rows[i] = row
	})
	for i, p := range shown {
		c.store(p, evals[i], postures[i])
	}
	return m
}

// countNil counts the personas whose evaluator must be made.
func countNil(evals []*Evaluator) int {
	n := 0
	for _, e := range evals {
		if e == nil {
			n++
		}
	}
	return n
}

// inline calls f(0) ... f(n-1) on this goroutine.
func inline(n int, f func(int)) {
	for i := range n {
		f(i)
	}
}

// inParallel calls f(0) ... f(n-1) on up to GOMAXPROCS goroutines; a few rows run inline,
// where starting goroutines would cost more than it saves.
func inParallel(n int, f func(int)) { parallel.ForEach(n, minPerWorker, f) }

// minPerWorker is how many rows make a goroutine worth starting.
const minPerWorker = 8

// Cell returns the cell of persona and tool, and whether the matrix has it.
func (m *Matrix) Cell(persona, tool string) (Cell, bool) {
	col := slices.Index(m.Tools, tool)
	if col < 0 {
		return Cell{}, false
	}
	for _, r := range m.Rows {
		if r.Persona == persona {
			return r.Cells[col], true
		}
	}
	return Cell{}, false
}
