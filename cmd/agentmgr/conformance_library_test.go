package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/mapping"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/preview"
	"github.com/agentmgr/agentmgr/replay"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// The library adapters of the decision: replay, which decides the review log's calls again,
// and the app's simulator, which decides a call with the personas as edited. Both are called
// as the CLI and the app call them, on a persona of the agent dir (or a bare ruleset's file).

// expressLibrary is what replay and the simulator can say of a request: a persona's call of
// one tool with one value; neither reads a session store (replay takes the session rules the
// log's replies stored, the simulator's session is the app's).
func expressLibrary(req json.RawMessage) (any, string) {
	r, why := expressTool(req)
	switch {
	case why != "":
	case r.Session != "":
		why = "a session: replay and the simulator do not read the session store"
	case !r.HasValue:
		why = "no value: a logged call and a simulated one always have one"
	}
	return r, why
}

// expressReplay is expressLibrary for replay, which cannot say an empty command: the log
// records a shell call that carried none with the value "", so replay decides "" as no
// command (it asks), the strictest reading, as gate json reads it.
func expressReplay(req json.RawMessage) (any, string) {
	x, why := expressLibrary(req)
	if r := x.(toolRequest); why == "" && mapping.IsShellKey(mapping.KeyForTool(r.Tool)) && strings.TrimSpace(r.Value) == "" {
		why = "an empty command, which the log cannot tell from none (replay asks)"
	}
	return x, why
}

// libraryCall is one request for a library adapter: the persona it names (its bare ruleset's
// file, or one of a fresh agent dir), that dir's catalog, and where the call runs.
type libraryCall struct {
	r    toolRequest
	dirs locations.Dirs
	cat  *personas.Catalog
	p    *personas.Persona
	cwd  string // the request's cwd, else the adapter's working directory, as eval reads it
}

// eachLibraryCall answers every input with decide, in a fresh agent dir each; a persona that
// is not there is eval's error.
func eachLibraryCall(t *testing.T, inputs []any, decide func(c libraryCall) string) []string {
	out := make([]string, len(inputs))
	for i, in := range inputs {
		c := libraryCall{r: in.(toolRequest)}
		e, _, _ := testEnv(t, "")
		writeRulesPersona(t, e, c.r)
		c.dirs, c.cwd = e.dirs(), c.r.Cwd
		if c.cwd == "" {
			c.cwd = e.cwd
		}
		c.cat = personas.Load(c.dirs)
		var ok bool
		if c.p, ok = c.cat.Lookup(c.r.Agent); !ok {
			out[i] = errorAnswer("no persona named " + c.r.Agent)
			continue
		}
		out[i] = decide(c)
	}
	return out
}

// answerReplay logs each call as decided "unknown" and replays the log with the persona's
// rules and the guards, as `agentmgr replay` does: every call then changes, to the decision
// the persona gives it now.
func answerReplay(t *testing.T, inputs []any) []string {
	return eachLibraryCall(t, inputs, func(c libraryCall) string {
		pol, _, err := policy.For(c.dirs, c.p, "")
		if err != nil {
			return errorAnswer(err.Error())
		}
		pol.Yolo = false
		pol = policy.At(pol, c.cwd)
		logged := engine.Decision{Action: "unknown", Permission: mapping.KeyForTool(c.r.Tool)}
		call := approvals.Call{Session: "conformance", Agent: c.p.Name, Tool: c.r.Tool, Values: []string{c.r.Value}}
		l := replay.FromEntries([]reviewlog.Entry{reviewlog.DecisionEntry(time.Unix(0, 0), call, logged, nil)})
		res := replay.Replay(l, pol, replay.Options{Agent: c.p.Name})
		if len(res.Changed) != 1 {
			t.Fatalf("replay of %+v: %+v, want the one call changed", c.r, res)
		}
		return libraryAnswer(t, c.r, res.Changed[0].Now)
	})
}

// answerSimulator checks each call in the app's simulator, over a snapshot of the agent dir's
// personas and guards, as the app builds it, run where the call runs.
func answerSimulator(t *testing.T, inputs []any) []string {
	return eachLibraryCall(t, inputs, func(c libraryCall) string {
		snap := &preview.Snapshot{Options: preview.Options{Home: c.dirs.Home}, Place: policy.PlaceFor(c.cwd)}
		for _, q := range c.cat.Personas() {
			snap.Personas = append(snap.Personas, preview.Persona{Name: q.Name, Rules: q.Rules})
		}
		files, _ := policy.AllGuards(c.dirs)
		for _, f := range files {
			snap.Guards = append(snap.Guards, f.Rules)
		}
		res, err := preview.Simulate(snap, preview.Query{Persona: c.p.Name, Tool: c.r.Tool, Value: c.r.Value})
		if err != nil {
			return errorAnswer(err.Error())
		}
		return libraryAnswer(t, c.r, res.Decision)
	})
}

// libraryAnswer is d as eval answers it for r's call.
func libraryAnswer(t *testing.T, r toolRequest, d engine.Decision) string {
	b, err := json.Marshal(decisionJSON(d, mapping.IsShellKey(mapping.KeyForTool(r.Tool))))
	if err != nil {
		t.Fatal(err)
	}
	return asRules(t, r, b)
}
