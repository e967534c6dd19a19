package personas

import (
	"slices"
	"sync"

	"github.com/agentmgr/agentmgr/builtin"
)

// parsedBuiltin is one built-in persona as LoadBuiltin parses it.
type parsedBuiltin struct {
	p     *Persona
	probs []Problem
}

// parsedBuiltins parses the built-in personas once per process: they are compiled in, so every
// parse gives the same result, and the gate, which loads a catalog on every tool call of an
// agent, would otherwise spend about as long parsing them as on the rest of its lookup.
var parsedBuiltins = sync.OnceValue(func() []parsedBuiltin {
	out := make([]parsedBuiltin, len(builtin.Names))
	for i, name := range builtin.Names {
		out[i].p, out[i].probs = LoadBuiltin(name)
	}
	return out
})

// builtins are the built-in personas in catalog order, each a copy of the parsed one (its
// slices too) and the problems of their parse: a catalog's personas are its own to change,
// the cached parse is not.
func builtins() ([]*Persona, []Problem) {
	var list []*Persona
	var probs []Problem
	for _, b := range parsedBuiltins() {
		probs = append(probs, b.probs...)
		if b.p != nil {
			list = append(list, b.p.clone())
		}
	}
	return list, probs
}

// clone is a copy of p that shares nothing changeable with it: its slices are copied (their
// elements are values).
func (p *Persona) clone() *Persona {
	c := *p
	c.Legacy = slices.Clone(p.Legacy)
	c.Rules = slices.Clone(p.Rules)
	c.Examples = slices.Clone(p.Examples)
	c.Unknown = slices.Clone(p.Unknown)
	c.Notes = slices.Clone(p.Notes)
	return &c
}
