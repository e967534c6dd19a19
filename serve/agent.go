package serve

import (
	"fmt"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/keybindings"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
)

// agent describes the active persona seen from the request's cwd: the one state.json names,
// with the CLI's fallback to the default when it is missing or broken.
func (s *Server) agent(req Request) Reply {
	d := s.dirs(req.Cwd)
	cat := s.catalogs.Load(d)
	st, probs := personas.LoadState(d)
	p, more := personas.ActivePersona(cat, st)
	if p == nil {
		return Reply{ID: req.ID, Error: "no active persona and no default persona could be loaded; `agentmgr lint` says why"}
	}
	if req.Subagent != "" {
		return s.childAgent(req, d, st)
	}
	a, err := s.describe(d, p, st, req.Tools, req.Skills, append(probs, more...))
	if err != nil {
		return Reply{ID: req.ID, Error: err.Error()}
	}
	return Reply{ID: req.ID, AgentState: a}
}

// describe is the AgentState of persona p under state st, hiding from tools what p hides and
// naming the skills it denies.
func (s *Server) describe(d locations.Dirs, p *personas.Persona, st personas.State, tools, skills []string, probs []personas.Problem) (*AgentState, error) {
	pol, gprobs, err := s.compose(d, p, "")
	if err != nil {
		return nil, fmt.Errorf("persona %q: %w", p.Name, err)
	}
	hidden, _ := pol.SplitTools(tools)
	if hidden == nil {
		hidden = []string{}
	}
	prompt := personas.Block(p)
	if st.Envelope {
		// The order `agentmgr show --envelope` prints: the envelope, a blank line, the block.
		prompt = personas.Envelope(p, pol, s.known) + "\n" + prompt
	}
	a := &AgentState{
		Name: p.Name, Label: p.Label(), Description: p.Description, Color: p.Color, Mode: string(pol.Persona.Mode()),
		Hidden: hidden, Prompt: prompt, Yolo: st.Yolo, Keys: keys(d),
	}
	for _, sk := range skills {
		// A denied skill is left out of the prompt, so the agent does not reach for it.
		if pol.DecideKey(mapping.SkillKey, sk).Action == engine.Deny {
			a.DeniedSkills = append(a.DeniedSkills, sk)
		}
	}
	for _, pr := range append(probs, gprobs...) {
		a.Warnings = append(a.Warnings, pr.Error())
	}
	return a, nil
}

// keys are the keys of the switching actions: keybindings.json's entries, or the defaults
// when it has none for an action. An unreadable file gives the defaults; `agentmgr keys`
// reports its problems.
func keys(d locations.Dirs) map[string][]string {
	var f *keybindings.File
	if src, err := regularfile.Read(d.Keybindings(), regularfile.StateLimit); err == nil {
		f, _ = keybindings.Parse(d.Keybindings(), src)
	}
	out := map[string][]string{}
	for _, a := range keybindings.Actions() {
		list := []string{}
		if e, ok := lookup(f, a.ID); ok {
			for _, b := range e.Bindings {
				if b.Err == nil {
					list = append(list, b.Combo.String())
				}
			}
		} else {
			for _, c := range a.Defaults {
				list = append(list, c.String())
			}
		}
		out[a.ID] = list
	}
	return out
}

func lookup(f *keybindings.File, id string) (keybindings.Entry, bool) {
	if f == nil {
		return keybindings.Entry{}, false
	}
	return f.Lookup(id)
}

// agents lists the personas offered for switching (primary, not hidden) in catalog order,
// and the active one.
func (s *Server) agents(req Request) Reply {
	d := s.dirs(req.Cwd)
	cat := s.catalogs.Load(d)
	st, _ := personas.LoadState(d)
	active, _ := personas.ActivePersona(cat, st)
	list := []AgentInfo{}
	for _, p := range cat.Personas() {
		if p.IsPrimary() && !p.Hidden {
			list = append(list, AgentInfo{Name: p.Name, Label: p.Label(), Description: p.Description})
		}
	}
	r := Reply{ID: req.ID, Agents: list}
	if active != nil {
		r.Active = active.Name
	}
	return r
}

// use sets the active persona in state.json, by name or one step along the switching order,
// and describes it as agent does. The app and the CLI follow the file.
func (s *Server) use(req Request) Reply {
	d := s.dirs(req.Cwd)
	cat := s.catalogs.Load(d)
	st, probs := personas.LoadState(d)
	cur, more := personas.ActivePersona(cat, st)
	probs = append(probs, more...)
	var target *personas.Persona
	switch {
	case req.Name != "" && req.Step != 0:
		return Reply{ID: req.ID, Error: `give "name" or "step", not both`}
	case req.Name != "":
		p, ok := cat.Lookup(req.Name)
		if !ok {
			return Reply{ID: req.ID, Error: fmt.Sprintf("no persona named %q; /agents lists them", req.Name)}
		}
		if !p.IsPrimary() {
			return Reply{ID: req.ID, Error: personas.SubagentRefusal(p.Name)}
		}
		target = p
	case req.Step == 1 || req.Step == -1:
		name := ""
		if cur != nil {
			name = cur.Name
		}
		p, err := personas.Cycle(cat, name, req.Step)
		if err != nil {
			return Reply{ID: req.ID, Error: err.Error()}
		}
		target = p
	default:
		return Reply{ID: req.ID, Error: `give "name", or "step" 1 (next) or -1 (previous)`}
	}
	changed := cur == nil || target.Name != cur.Name
	if st.Active != target.Name {
		st.Active = target.Name
		if err := personas.SaveState(d, st); err != nil {
			return Reply{ID: req.ID, Error: err.Error()}
		}
	}
	a, err := s.describe(d, target, st, req.Tools, req.Skills, probs)
	if err != nil {
		return Reply{ID: req.ID, Error: err.Error()}
	}
	return Reply{ID: req.ID, AgentState: a, Changed: &changed}
}
