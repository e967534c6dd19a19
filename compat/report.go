package compat

import (
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/pam"
	"github.com/agentmgr/agentmgr/personas"
)

// Report is `agentmgr compat --json`.
type Report struct {
	Runtime        string   `json:"runtime"`
	LoadsExtension bool     `json:"loads_extension"`
	Reason         string   `json:"reason"`
	Files          []File   `json:"files"`
	Agents         []Agent  `json:"agents"`
	Start          string   `json:"start"`
	Cycle          []string `json:"cycle"`
	Keys           pam.Keys `json:"keys"`
	// Differences are every place where the two runtimes disagree, files first.
	Differences []Difference `json:"differences"`
}

// File is one persona file and what the AM does with it.
type File struct {
	File   string `json:"file"`
	Scope  string `json:"scope"` // global, project or legacy
	Loads  bool   `json:"loads"`
	Reason string `json:"reason"`
	Name   string `json:"name"` // the AM's name for it when it loads, else agentmgr's, else ""
	Line   int    `json:"line"`
	// AgentmgrLoads says whether agentmgr loads the same file.
	AgentmgrLoads bool `json:"agentmgr_loads"`
	// Status is one word for lists: loads, differs, skips, breaks, unread.
	Status string `json:"status"`
}

// Agent is one agent in the AM's order.
type Agent struct {
	Name                string   `json:"name"`
	File                string   `json:"file"` // "" for a built-in
	Type                string   `json:"type"`
	HiddenTools         []string `json:"hidden_tools"`
	AgentmgrHiddenTools []string `json:"agentmgr_hidden_tools"`
	// AgentmgrLoads is false when agentmgr has no persona for this definition; its hidden tools
	// are then [].
	AgentmgrLoads bool `json:"agentmgr_loads"`
}

// Difference is one disagreement, with what to change.
type Difference struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message"`
	Fix     string `json:"fix,omitempty"`
}

// Statuses of a file for the AM.
const (
	StatusLoads   = "loads"   // loads, and reads like agentmgr
	StatusDiffers = "differs" // loads, but reads differently
	StatusSkips   = "skips"   // skipped with the AM's error notice
	StatusBreaks  = "breaks"  // makes the whole extension fail to load
	StatusUnread  = "unread"  // the AM never reads it (project folder, legacy JSON)
)

// Input is what a comparison needs from agentmgr's side.
type Input struct {
	Dirs    locations.Dirs
	Catalog *personas.Catalog
	Tools   []string // the tool universe
	// Hidden is how agentmgr hides tools for a persona (its composed policy).
	Hidden func(p *personas.Persona, tools []string) []string
	// AgentmgrKeys are the keys agentmgr assumes for each AM action id (its defaults included).
	AgentmgrKeys map[string][]string
}

// Compare builds the report for in.
func Compare(in Input) *Report {
	ams, _ := pam.ReadDir(in.Dirs.GlobalAgents())
	x := pam.Build(ams)
	r := &Report{Runtime: pam.Runtime, LoadsExtension: x.Loads, Reason: x.Reason, Files: []File{}, Agents: []Agent{},
		Start: x.Start, Cycle: x.Cycle, Keys: pam.LoadKeys(in.Dirs.Agent), Differences: []Difference{}}
	c := newCmp(in)
	for _, f := range x.Files {
		r.Files = append(r.Files, c.globalFile(f, ams, r))
	}
	r.Files = append(r.Files, c.unreadFiles(r)...)
	for _, a := range x.Agents {
		ag := c.agent(a, r)
		r.Agents = append(r.Agents, ag)
		if ag.File != "" && ag.AgentmgrLoads && !slices.Equal(ag.HiddenTools, ag.AgentmgrHiddenTools) {
			for i := range r.Files {
				if r.Files[i].File == ag.File {
					r.Files[i].Status = StatusDiffers
				}
			}
		}
	}
	c.patterns(r)
	c.cycle(x, r)
	c.keys(r)
	return r
}

// patterns warns about every persona the AM loads whose pattern rules it ignores under pi 1.6.
func (c *cmp) patterns(r *Report) {
	for _, p := range c.in.Catalog.Personas() {
		if p.Scope == personas.ScopeProject || p.Path != "" && filepath.Ext(p.Path) != ".md" {
			continue // the AM never reads these
		}
		if d, ok := PatternRules(p); ok {
			if p.Path == "" {
				d.Message = "built-in " + p.Name + ": " + d.Message
			}
			r.Differences = append(r.Differences, d)
		}
	}
}

// cmp holds agentmgr's side of one comparison.
type cmp struct {
	in     Input
	byPath map[string]*personas.Persona
	errs   map[string]personas.Problem // first error of each file agentmgr skipped
	dir    string
}

func newCmp(in Input) *cmp {
	c := &cmp{in: in, byPath: map[string]*personas.Persona{}, errs: map[string]personas.Problem{}, dir: in.Dirs.GlobalAgents()}
	for _, p := range append(in.Catalog.Personas(), in.Catalog.Shadowed()...) {
		if p.Path != "" {
			c.byPath[p.Path] = p
		}
	}
	for _, pr := range in.Catalog.Problems() {
		if _, seen := c.errs[pr.File]; pr.Severity == personas.Error && !seen {
			c.errs[pr.File] = pr
		}
	}
	return c
}

func (c *cmp) hidden(p *personas.Persona) []string {
	h := c.in.Hidden(p, c.in.Tools)
	out := append([]string{}, h...)
	sort.Strings(out)
	return out
}

func (c *cmp) diff(r *Report, file string, line int, msg, fix string) {
	r.Differences = append(r.Differences, Difference{File: file, Line: line, Message: msg, Fix: fix})
}

// unreadFiles are agentmgr's persona files the AM never opens: the project's and the legacy JSON.
func (c *cmp) unreadFiles(r *Report) []File {
	var out []File
	var paths []string
	if dir := c.in.Dirs.ProjectAgents(); dir != "" {
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if n := e.Name(); filepath.Ext(n) == ".md" && !e.IsDir() && n[0] != '.' {
				paths = append(paths, filepath.Join(dir, n))
			}
		}
	}
	for _, path := range paths {
		f := File{File: path, Scope: "project", Line: 1, Status: StatusUnread,
			Reason: pam.Runtime + " reads only <agent dir>/agents/*.md, never a project's .pi/agents"}
		if p, ok := c.byPath[path]; ok {
			f.AgentmgrLoads = p != nil
		}
		out = append(out, f)
		c.diff(r, path, 1, pam.Runtime+" never reads project personas; with it, this persona does not exist",
			"copy the file to the agent dir's agents folder if you run "+pam.Runtime)
	}
	legacy := c.in.Dirs.LegacyFile()
	if _, err := os.Stat(legacy); err == nil {
		f := File{File: legacy, Scope: "legacy", Line: 1, Status: StatusUnread,
			Reason: pam.Runtime + " does not read the legacy pi-agent-manager.json"}
		_, bad := c.errs[legacy]
		f.AgentmgrLoads = !bad
		out = append(out, f)
		c.diff(r, legacy, 1, pam.Runtime+" does not read the legacy JSON file; its agents do not exist there",
			"move each agent to a Markdown file in the agents folder (agentmgr show NAME prints one)")
	}
	return out
}

func (c *cmp) globalFile(f pam.FileResult, ams []pam.Input, r *Report) File {
	path := filepath.Join(c.dir, f.File)
	out := File{File: path, Scope: "global", Loads: f.Loads, Reason: f.Reason, Line: f.Line}
	p, amLoads := c.byPath[path]
	out.AgentmgrLoads = amLoads
	if f.Agent != nil {
		out.Name = f.Agent.Name
	}
	var data []byte
	for _, in := range ams {
		if in.File == f.File {
			data = in.Data
		}
	}
	switch {
	case f.Breaks:
		out.Status = StatusBreaks
		c.diff(r, path, f.Line, pam.Runtime+" fails to load entirely because of this file (no agent, command or key works): "+f.Reason, fixFor(f, data))
	case !r.LoadsExtension:
		// Another file (or the lack of a primary agent) took the whole extension down.
		out.Status = StatusSkips
	case !f.Loads:
		out.Status = StatusSkips
		what := "agentmgr loads it"
		if !amLoads {
			what = "agentmgr does not load it either"
		}
		c.diff(r, path, f.Line, pam.Runtime+" skips this file ("+f.Reason+"); "+what, fixFor(f, data))
	case !amLoads:
		out.Status = StatusDiffers
		why := "agentmgr does not read it (a hidden file or a folder)"
		if pr, ok := c.errs[path]; ok {
			why = "agentmgr rejects it: " + pr.Message
			c.diff(r, path, pr.Line, pam.Runtime+" loads this file as "+f.Agent.Name+" although "+why, "")
		} else {
			c.diff(r, path, f.Line, pam.Runtime+" loads this file as "+f.Agent.Name+" although "+why, "")
		}
	default:
		out.Status = StatusLoads
		if c.readsDifferently(f.Agent, p, path, r) {
			out.Status = StatusDiffers
		}
	}
	return out
}

// readsDifferently adds a difference for each field the AM reads otherwise than agentmgr.
func (c *cmp) readsDifferently(a *pam.Agent, p *personas.Persona, path string, r *Report) bool {
	n := len(r.Differences)
	if a.Name != p.Name {
		c.diff(r, path, 1, pam.Runtime+" names this agent "+quote(a.Name)+", agentmgr "+quote(p.Name), "write name: as lower-case letters, digits, - and _")
	}
	amType := p.Type
	if a.Type != amType {
		c.diff(r, path, 1, pam.Runtime+" reads the type as "+quote(a.Type)+", agentmgr as "+quote(amType)+"; an agent whose type is not primary is never cycled to", "write type: primary or type: subagent")
	}
	if p.Hidden && a.IsPrimary() {
		c.diff(r, path, 1, "hidden: true does not keep it out of "+pam.Runtime+"'s next/previous cycle", "make it type: subagent if it must never be cycled to")
	}
	if a.Steps != float64(p.Steps) {
		c.diff(r, path, 1, pam.Runtime+" reads steps as "+fmtNum(a.Steps)+", agentmgr as "+fmtNum(float64(p.Steps)), "write steps: as a positive whole number")
	}
	if slices.Contains(a.Fields, "prompt") && normalize(a.Prompt) != normalize(p.Prompt) {
		c.diff(r, path, 1, pam.Runtime+" ignores the prompt field and uses the body as the prompt", "move the prompt into the body")
	}
	// Presets and legacy lists are each runtime's own expansion (agentmgr's add rules of its
	// own); only a rule map is meant to read the same, and hidden tools compare the rest.
	if d := ruleDelta(a.Rules, p); p.Form == personas.FormRules && d != "" {
		c.diff(r, path, a.PermissionsLine, d, "write each rule as key: action or key: {pattern: action}, with keys that are not whole numbers")
	}
	return len(r.Differences) > n
}

func (c *cmp) agent(a *pam.Agent, r *Report) Agent {
	out := Agent{Name: a.Name, Type: a.Type, HiddenTools: pam.HiddenTools(a.Rules, c.in.Tools), AgentmgrHiddenTools: []string{}}
	var p *personas.Persona
	where := "built-in " + a.Name
	if a.Builtin {
		if b, _ := personas.LoadBuiltin(a.Name); b != nil {
			p = b
		}
	} else {
		out.File = filepath.Join(c.dir, a.File)
		p = c.byPath[out.File]
		where = out.File
	}
	if p != nil {
		out.AgentmgrLoads = true
		out.AgentmgrHiddenTools = c.hidden(p)
		if !slices.Equal(out.HiddenTools, out.AgentmgrHiddenTools) {
			line := 0
			if !a.Builtin {
				line = a.PermissionsLine
			}
			c.diff(r, fileOr(out.File, where), line, "hidden tools of "+a.Name+" differ between "+pam.Runtime+" and agentmgr: "+HiddenDelta(out.HiddenTools, out.AgentmgrHiddenTools)+
				"; which applies depends on what enforces it (pi-agent-manager itself, or agentmgr's gate or pi extension)",
				"give each tool to hide its own rule with pattern * and deny, after any broader rule")
		}
	}
	return out
}

// cycle compares the start agent and the cycle with agentmgr's (primary, not hidden, catalog order).
func (c *cmp) cycle(x *pam.Extension, r *Report) {
	if !x.Loads {
		for _, f := range x.Files {
			if f.Breaks {
				return
			}
		}
		c.diff(r, "", 0, pam.Runtime+" fails to load entirely: "+x.Reason, "keep at least one agent of type primary")
		return
	}
	var mine []string
	for _, p := range c.in.Catalog.Personas() {
		if p.IsPrimary() && !p.Hidden {
			mine = append(mine, p.Name)
		}
	}
	if !slices.Equal(mine, x.Cycle) {
		c.diff(r, "", 0, "next/previous cycle: "+pam.Runtime+" steps through "+list(x.Cycle)+", agentmgr through "+list(mine), "")
	}
	if x.Start != builtin.Default {
		c.diff(r, "", 0, "a new session starts at "+x.Start+" in "+pam.Runtime+", at "+builtin.Default+" in agentmgr", "")
	}
	seen := map[string]bool{}
	for _, a := range x.Agents {
		if seen[a.Name] && a.File != "" {
			c.diff(r, filepath.Join(c.dir, a.File), 1, pam.Runtime+" lists a second agent named "+a.Name+"; switching always picks the first", "give each file its own name")
		}
		seen[a.Name] = true
	}
}

func (c *cmp) keys(r *Report) {
	for _, id := range pam.KeyIDs {
		am := r.Keys.For(id)
		mine := c.in.AgentmgrKeys[id]
		if len(am) == 0 && len(mine) > 0 {
			c.diff(r, "keybindings.json", 0, id+" is unbound in "+pam.Runtime+" (it has no default keys); agentmgr assumes "+list(mine),
				"bind it in keybindings.json: agentmgr keys set "+id[len("piAgentManager."):]+" KEY")
		}
	}
}
