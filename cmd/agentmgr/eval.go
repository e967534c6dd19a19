package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/personas"
)

// evalRequest is one line of `agentmgr eval` (docs/cli.md). Pointers tell a field that is
// absent from one given empty.
type evalRequest struct {
	Rules      *[]ruleIn `json:"rules"`
	Agent      *string   `json:"agent"`
	Session    string    `json:"session"`
	Tool       *string   `json:"tool"`
	Permission *string   `json:"permission"`
	Value      *string   `json:"value"`
	Values     *[]string `json:"values"`
	Tools      *[]string `json:"tools"`
	// Cwd is where the call runs; relative paths are read against it and paths outside its
	// project are also decided by external_directory. Default: eval's own working directory.
	Cwd *string `json:"cwd"`
}

// ruleIn is a rule as a request gives it: every field must be present, so that a misspelt
// "pattern" is an error, not a rule that matches only empty values.
type ruleIn struct {
	Permission *string `json:"permission"`
	Pattern    *string `json:"pattern"`
	Action     *string `json:"action"`
	Reason     string  `json:"reason"`
	// Effects false makes a bash rule mean only its pattern, not its effect family.
	Effects *bool `json:"effects"`
}

// toolsOut answers a "tools" request; a struct keeps the key order of the contract.
type toolsOut struct {
	Hidden []string `json:"hidden"`
	Active []string `json:"active"`
}

type ruleJSON struct {
	Permission string `json:"permission"`
	Pattern    string `json:"pattern"`
	Action     string `json:"action"`
}

type unitJSON struct {
	Text       string    `json:"text"`
	Permission string    `json:"permission,omitempty"` // edit or read for a file the command writes or reads
	Action     string    `json:"action"`
	Rule       *ruleJSON `json:"rule"`
}

// decisionOut is the answer line; Units is present for shell calls only. The optional fields are
// filled by `check --json`, never by eval, whose shape is a stable contract.
type decisionOut struct {
	Action string     `json:"action"`
	Rule   *ruleJSON  `json:"rule"`
	Source string     `json:"source"`
	Units  []unitJSON `json:"units,omitempty"`
	Agent  string     `json:"agent,omitempty"`
	Tool   string     `json:"tool,omitempty"`
	Value  string     `json:"value,omitempty"`
	Reason string     `json:"reason,omitempty"`
}

func ruleOut(r *engine.Rule) *ruleJSON {
	if r == nil {
		return nil
	}
	return &ruleJSON{Permission: r.Permission, Pattern: r.Pattern, Action: string(r.Action)}
}

func decisionJSON(d engine.Decision, shell bool) decisionOut {
	out := decisionOut{Action: string(d.Action), Rule: ruleOut(d.Rule), Source: d.Source()}
	if shell {
		out.Units = make([]unitJSON, len(d.Units))
		for i, u := range d.Units {
			out.Units[i] = unitJSON{Text: u.Text, Permission: u.Permission, Action: string(u.Action), Rule: ruleOut(u.Rule)}
		}
	}
	return out
}

const evalHelp = `Read one JSON request per line from stdin and write one JSON answer per line, in order.
A request names its rules with "rules":[{"permission","pattern","action"}...] or
"agent":NAME (a persona, with guards), optionally "session":ID, then one of
  "tool":T,"value":V          the tool is mapped to its key; shell commands are analysed
  "tool":T,"values":[...]     several values of one call, each analysed, then combined
  "permission":K,"value":V    the value is matched as is
  "permission":K,"values":[]  several values, combined (any deny, else any ask, else allow)
  "tools":[...]               which of these tools are hidden
"tool" requests may give "cwd" (absolute; default: eval's own): paths are read against it and a
path outside its project is also decided by external_directory. A "tool" request is judged as
the gates judge the call (a tool agentmgr does not know, allowed only by "*", asks while the
persona restricts bash, edit or webfetch). A field eval does not use is ignored; a rule without
"permission", "pattern" or "action", or an empty "tool" is an error.
A malformed line gets {"error":"..."} and the stream goes on.`

func evalOptions(fs *flag.FlagSet) action {
	return func(e *env, rest []string) error {
		ev := &evaluator{e: e, policies: map[string]*engine.Policy{}}
		in := bufio.NewReaderSize(e.stdin, 64<<10)
		out := bufio.NewWriter(e.stdout)
		for {
			raw, tooLong, readErr := readLine(in, gate.MaxInput)
			line := string(raw)
			if tooLong || strings.TrimSpace(line) != "" {
				var answer any
				if tooLong {
					answer = tooBigOut{Action: string(engine.Deny), Source: "limit", Reason: gate.TooBig(), Error: gate.TooBig()}
				} else {
					answer = ev.answer(line)
				}
				b, err := json.Marshal(answer)
				if err != nil {
					b, _ = json.Marshal(map[string]string{"error": err.Error()})
				}
				out.Write(b)
				out.WriteByte('\n')
				// Flush per line: a harness may wait for each answer before writing the next request.
				if err := out.Flush(); err != nil {
					return err
				}
			}
			if readErr != nil {
				return nil
			}
		}
	}
}

// tooBigOut answers a request over the size limit: denied, and an error, so that a harness
// reading either field sees that nothing was decided on the rules.
type tooBigOut struct {
	Action string    `json:"action"`
	Rule   *ruleJSON `json:"rule"`
	Source string    `json:"source"`
	Reason string    `json:"reason"`
	Error  string    `json:"error"`
}

// readLine reads one line of at most max bytes, newline excluded, holding no more than that in
// memory: a longer line is read to its end and dropped, and tooLong reports it.
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if n := len(line) + len(bytes.TrimSuffix(chunk, []byte("\n"))); n > max {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return line, tooLong, err
	}
}

// evaluator answers eval requests, loading the catalog once and caching composed policies.
type evaluator struct {
	e        *env
	cat      *personas.Catalog
	policies map[string]*engine.Policy // by agent and session
}

func (ev *evaluator) answer(line string) any {
	var req evalRequest
	dec := json.NewDecoder(strings.NewReader(line))
	// A field eval does not use is ignored, as every adapter ignores one (a harness newer than
	// eval must not have every line refused). A misspelt field is then absent, and an absent
	// field never allows unseen: a rule needs all three of its fields, a shell or path call
	// without its value asks, a "permission" request without a value is an error.
	if err := dec.Decode(&req); err != nil {
		return map[string]string{"error": "malformed request: " + err.Error()}
	}
	if dec.More() {
		return map[string]string{"error": "malformed request: more than one JSON value on the line"}
	}
	pol, err := ev.policy(&req)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	switch {
	case req.Tools != nil:
		if req.Tool != nil || req.Permission != nil || req.Value != nil || req.Values != nil {
			return map[string]string{"error": `"tools" cannot be combined with "tool", "permission", "value" or "values"`}
		}
		hidden, active := pol.SplitTools(*req.Tools)
		return toolsOut{Hidden: hidden, Active: active}
	case req.Tool != nil && req.Permission != nil:
		return map[string]string{"error": `give "tool" or "permission", not both`}
	case req.Cwd != nil && !filepath.IsAbs(*req.Cwd):
		return map[string]string{"error": fmt.Sprintf(`"cwd" is %q; it must be an absolute path`, *req.Cwd)}
	case req.Tool != nil && *req.Tool == "":
		return map[string]string{"error": `"tool" is empty; name the tool that is called`}
	case req.Tool != nil:
		if req.Value != nil && req.Values != nil {
			return map[string]string{"error": `give "value" or "values", not both`}
		}
		// Judged as every adapter judges a call (decide.Judge): the tool's key, shell
		// analysis, paths from cwd, a missing value, and the rule for tools agentmgr does not
		// know.
		var value string
		var also []string
		switch {
		case req.Value != nil:
			value = *req.Value
		case req.Values != nil && len(*req.Values) > 0:
			value, also = (*req.Values)[0], (*req.Values)[1:]
		}
		c := decide.ToolCall(*req.Tool, value, req.Value != nil || req.Values != nil)
		c.Also = also
		c.Cwd, c.Session = ev.cwd(&req), req.Session
		return decisionJSON(decide.Judge(pol, c), c.Shell())
	case req.Permission != nil:
		switch {
		case req.Value != nil && req.Values != nil:
			return map[string]string{"error": `give "value" or "values", not both`}
		case req.Values != nil:
			return decisionJSON(pol.DecideValues(*req.Permission, *req.Values), false)
		case req.Value != nil:
			return decisionJSON(pol.Decide(*req.Permission, *req.Value), false)
		}
		return map[string]string{"error": `"permission" needs "value" or "values"`}
	}
	return map[string]string{"error": `a request needs "tool", "permission" or "tools"`}
}

func (ev *evaluator) policy(req *evalRequest) (*engine.Policy, error) {
	switch {
	case req.Rules != nil && req.Agent != nil:
		return nil, errors.New(`give "rules" or "agent", not both`)
	case req.Rules != nil:
		rs := make(engine.Ruleset, len(*req.Rules))
		for i, r := range *req.Rules {
			switch {
			case r.Permission == nil || *r.Permission == "":
				return nil, fmt.Errorf(`rules[%d]: "permission" is missing; every rule needs "permission", "pattern" and "action"`, i)
			case r.Pattern == nil:
				return nil, fmt.Errorf(`rules[%d]: "pattern" is missing; every rule needs "permission", "pattern" and "action" ("*" matches every value)`, i)
			case r.Action == nil:
				return nil, fmt.Errorf(`rules[%d]: "action" is missing; expected allow, ask or deny`, i)
			}
			a, err := engine.ParseAction(*r.Action)
			if err != nil {
				return nil, fmt.Errorf("rules[%d]: %w", i, err)
			}
			rs[i] = engine.Rule{Permission: *r.Permission, Pattern: *r.Pattern, Action: a, Reason: r.Reason, NoEffects: r.Effects != nil && !*r.Effects, Source: engine.Source{Kind: engine.FromRequest, Line: i + 1}}
		}
		pol := &engine.Policy{Persona: engine.CompileWithHome(rs, ev.e.dirs().Home)}
		if req.Session != "" {
			base, err := ev.sessionPolicy(nil, req.Session)
			if err != nil {
				return nil, err
			}
			pol.Session = base.Session
		}
		return pol, nil
	case req.Agent != nil:
		key := *req.Agent + "\x00" + req.Session
		if pol, ok := ev.policies[key]; ok {
			return pol, nil
		}
		if ev.cat == nil {
			ev.cat = ev.e.catalog(true)
		}
		// Resolved as every adapter resolves a persona (decide.For); eval always names one.
		_, pol, probs, err := decide.For(ev.e.dirs(), ev.cat, decide.Who{Named: *req.Agent}, req.Session)
		reportProblems(ev.e.stderr, probs, personas.Warning)
		if err != nil {
			return nil, err
		}
		// eval answers what the configured rules decide; the yolo switch is a person's
		// momentary choice and would make the conformance interface depend on the state file.
		pol.Yolo = false
		if req.Session == "" {
			// Session rules can change between lines (another process approves); persona rules
			// cannot within one run, so only those are cached.
			ev.policies[key] = pol
		}
		return pol, nil
	}
	return nil, errors.New(`a request needs "rules" or "agent"`)
}

// cwd is where a request's call runs: its "cwd" when absolute, else eval's working directory.
func (ev *evaluator) cwd(req *evalRequest) string {
	if req.Cwd != nil {
		return *req.Cwd
	}
	return ev.e.cwd
}

// sessionPolicy composes p (nil: an empty persona) with guards and the session's rules.
func (ev *evaluator) sessionPolicy(p *personas.Persona, session string) (*engine.Policy, error) {
	if p == nil {
		p = &personas.Persona{}
	}
	pol, err := policyFor(ev.e, p, session)
	if err != nil {
		return nil, err
	}
	// eval answers what the configured rules decide; the yolo switch is a person's momentary
	// choice and would make the conformance interface depend on the state file.
	pol.Yolo = false
	return pol, nil
}
