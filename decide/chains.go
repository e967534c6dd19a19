package decide

import (
	"slices"
	"strings"

	"github.com/agentmgr/agentmgr/sessions"
)

// Chains remembers, per session, which agent started which, so that a nested agent's call is
// decided by every persona on its chain. Claude Code says in a subagent's calls only the
// subagent's own id and type: the link to its parent comes from the parent's call of the
// Agent tool (Spawned) and the SubagentStart event that follows it (Started). One JSON file
// per session in Dir, written under a lock, so that parallel hooks lose no record.
type Chains struct {
	Dir string
}

// chainFile is one session's record.
type chainFile struct {
	// Agents are the agents started in the session, with their chains.
	Agents []chainAgent `json:"agents"`
	// Spawns are calls of the Agent tool whose agent has not started yet: by whom, of which
	// type, and the chain of the caller.
	Spawns []chainSpawn `json:"spawns"`
}

type chainAgent struct {
	ID    string   `json:"id"`
	Chain []string `json:"chain"` // agent types, outermost first; the agent's own type last
}

type chainSpawn struct {
	By    string   `json:"by"` // the caller's agent id; "" for the main thread
	Type  string   `json:"type"`
	Chain []string `json:"chain"` // the caller's chain
}

// maxChainRecords bounds a session's file: an agent that spawns without end cannot grow it.
const maxChainRecords = 512

// Spawned records that the agent id by (whose chain is byChain; "" and nil for the main
// thread) called the Agent tool for an agent of type kind.
func (c Chains) Spawned(session, by string, byChain []string, kind string) error {
	return c.update(session, func(f *chainFile) {
		f.Spawns = append(f.Spawns, chainSpawn{By: by, Type: kind, Chain: byChain})
		if len(f.Spawns) > maxChainRecords {
			f.Spawns = f.Spawns[len(f.Spawns)-maxChainRecords:]
		}
	})
}

// Started records a SubagentStart: agent id of type kind has started, and returns its chain.
func (c Chains) Started(session, id, kind string) ([]string, error) {
	var chain []string
	err := c.update(session, func(f *chainFile) { chain = f.start(id, kind) })
	return chain, err
}

// Chain is the chain of agent id of type kind (outermost first, kind last). An agent never
// recorded as started (SubagentStart not hooked) is started now, from what the session knows.
func (c Chains) Chain(session, id, kind string) ([]string, error) {
	if id == "" {
		return nil, nil
	}
	f, err := c.read(session)
	if err != nil {
		return nil, err
	}
	if a := f.agent(id); a != nil {
		return a.Chain, nil
	}
	return c.Started(session, id, kind)
}

// start adds agent id and returns its chain. Its parent is the caller of an Agent call of the
// same type that has not started yet. When several callers with different chains wait for that
// type, the parent cannot be known: the agent takes every one of their chains (never looser
// than its true parent), and the spawns stay, since which one started is unknown. When no
// caller is known, the agent takes the chains of every agent of the session.
func (f *chainFile) start(id, kind string) []string {
	if a := f.agent(id); a != nil {
		return a.Chain
	}
	var cands []int
	for i, s := range f.Spawns {
		if strings.EqualFold(s.Type, kind) {
			cands = append(cands, i)
		}
	}
	var chain []string
	switch {
	case len(cands) > 0:
		same := true
		for _, i := range cands {
			chain = union(chain, f.Spawns[i].Chain)
			same = same && slices.Equal(f.Spawns[i].Chain, f.Spawns[cands[0]].Chain)
		}
		if same {
			f.Spawns = slices.Delete(f.Spawns, cands[0], cands[0]+1)
		}
	default:
		for _, a := range f.Agents {
			chain = union(chain, a.Chain)
		}
	}
	chain = append(slices.Clone(chain), kind)
	f.Agents = append(f.Agents, chainAgent{ID: id, Chain: chain})
	if len(f.Agents) > maxChainRecords {
		f.Agents = f.Agents[len(f.Agents)-maxChainRecords:]
	}
	return chain
}

func (f *chainFile) agent(id string) *chainAgent {
	for i := range f.Agents {
		if f.Agents[i].ID == id {
			return &f.Agents[i]
		}
	}
	return nil
}

// union appends to a the names of b it does not have, keeping order.
func union(a, b []string) []string {
	for _, n := range b {
		if !slices.Contains(a, n) {
			a = append(a, n)
		}
	}
	return a
}

func (c Chains) read(session string) (chainFile, error) {
	return sessions.ReadRecord[chainFile](c.Dir, session)
}

func (c Chains) update(session string, change func(*chainFile)) error {
	return sessions.UpdateRecord(c.Dir, session, change)
}
