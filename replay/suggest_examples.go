package replay

import (
	"strings"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// Examples are examples for the suggested persona, from the log: up to max of the calls it keeps
// allowed, then up to max of the refused ones, which get def. A call with several values, or a
// value with a line break or spaces around it, has no example form and is left out.
func (s Suggestion) Examples(def engine.Action, max int) []personas.Example {
	var out []personas.Example
	add := func(calls []Call, expect engine.Action) {
		n := 0
		for _, c := range calls {
			if n == max || len(c.Values) > 1 {
				continue
			}
			tool, value := toolFor(c.Key), strings.Join(c.Values, "")
			if strings.ContainsAny(value, "\r\n") {
				continue
			}
			if t, v, err := personas.ParseExample(tool + ": " + value); err != nil || t != tool || v != value {
				continue
			}
			out = append(out, personas.Example{Expect: expect, Tool: tool, Value: value})
			n++
		}
	}
	add(s.Kept, engine.Allow)
	add(s.Refused, def)
	return out
}
