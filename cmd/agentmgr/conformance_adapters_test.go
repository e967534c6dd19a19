package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/mapping"
)

// conformanceAdapter is one way into agentmgr's decision (decide.Judge): it turns a
// conformance request into its own input and its output back into eval's answer, so that the
// same case is checked against every adapter. A request the adapter cannot express is skipped
// for it with a reason, and the reasons are counted.
type conformanceAdapter struct {
	name string
	// express is the adapter's input for req, or why the adapter cannot say it.
	express func(req json.RawMessage) (input any, skip string)
	// answer runs the adapter on each input and returns eval's answer for each.
	answer func(t *testing.T, inputs []any) []string
}

// conformanceAdapters are eval (the conformance interface itself), check --json, gate json,
// serve (the pi extension's and the OpenCode plugin's server), replay and the app's
// simulator.
var conformanceAdapters = []conformanceAdapter{
	{name: "eval", express: func(req json.RawMessage) (any, string) { return string(req), "" }, answer: answerEval},
	{name: "check", express: expressCheck, answer: answerCheck},
	{name: "gate json", express: expressGate, answer: answerGate},
	{name: "serve", express: expressServe, answer: answerServe},
	{name: "replay", express: expressReplay, answer: answerReplay},
	{name: "simulator", express: expressLibrary, answer: answerSimulator},
}

// TestConformance runs testdata/conformance/*.jsonl through every adapter: eval and serve as
// one stream each, check and gate json once per case they can express.
func TestConformance(t *testing.T) {
	shortGrace(t)
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "conformance", "*.jsonl"))
	if len(files) == 0 {
		t.Fatal("no conformance cases found")
	}
	var cases []conformanceCase
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var c conformanceCase
			if err := json.Unmarshal([]byte(line), &c); err != nil {
				t.Fatalf("%s:%d: %v", file, i+1, err)
			}
			c.Name = filepath.Base(file) + ": " + c.Name
			cases = append(cases, c)
		}
	}
	for _, a := range conformanceAdapters {
		t.Run(a.name, func(t *testing.T) {
			skipped := map[string]int{}
			var run []conformanceCase
			var inputs []any
			for _, c := range cases {
				in, why := a.express(c.Request)
				if why != "" {
					skipped[why]++
					continue
				}
				run, inputs = append(run, c), append(inputs, in)
			}
			answers := a.answer(t, inputs)
			for i, c := range run {
				t.Run(c.Name, func(t *testing.T) { checkAnswer(t, c, answers[i]) })
			}
			reasons := make([]string, 0, len(skipped))
			for why, n := range skipped {
				reasons = append(reasons, fmt.Sprintf("%d: %s", n, why))
			}
			sort.Strings(reasons)
			t.Logf("%s ran %d of %d cases; skipped %s", a.name, len(run), len(cases), strings.Join(reasons, "; "))
			// An adapter must be checked on a real share of the cases, never skip them all; eval
			// is the conformance interface and skips none.
			if len(run) < 40 || a.name == "eval" && len(run) != len(cases) {
				t.Errorf("%s ran only %d cases", a.name, len(run))
			}
		})
	}
}

// answerEval feeds the requests to `agentmgr eval` as one stream.
func answerEval(t *testing.T, inputs []any) []string {
	lines := make([]string, len(inputs))
	for i, in := range inputs {
		lines[i] = in.(string)
	}
	e, out, _ := testEnv(t, strings.Join(lines, "\n")+"\n")
	if code := run([]string{"eval"}, e); code != 0 {
		t.Fatalf("eval exited %d", code)
	}
	answers := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(answers) != len(lines) {
		t.Fatalf("%d answers for %d requests", len(answers), len(lines))
	}
	return answers
}

// toolRequest is what check and gate json can say: a persona's decision on one tool call.
// A bare ruleset is said as a persona file holding those rules (Persona), whose decisions are
// read back as the ruleset's ("source": "rules").
type toolRequest struct {
	Agent, Tool, Value, Cwd, Session string
	HasValue                         bool
	Persona                          string // the persona file's text; "" to use Agent as is
}

// rulesPersona is the name the persona file of a bare ruleset gets.
const rulesPersona = "conformance-rules"

// personaFor writes rules as a persona file's permission map, or says why it cannot: a map
// keeps the rules of one permission together, so a permission that comes back after another
// one, or a pattern given twice, has no persona of the same meaning.
func personaFor(raw json.RawMessage) (string, string) {
	var rules []struct {
		Permission *string `json:"permission"`
		Pattern    *string `json:"pattern"`
		Action     *string `json:"action"`
		Reason     string  `json:"reason"`
	}
	if json.Unmarshal(raw, &rules) != nil {
		return "", "rules that are not a list of rules"
	}
	var b strings.Builder
	b.WriteString("---\ndescription: a conformance case's rules\npermissions:\n")
	done := map[string]bool{}
	patterns := map[string]bool{}
	last := ""
	for i, r := range rules {
		switch {
		case r.Permission == nil || r.Pattern == nil || r.Action == nil:
			return "", "an incomplete rule, which eval refuses"
		case r.Reason != "":
			return "", "a rule with a reason"
		case *r.Action != "allow" && *r.Action != "ask" && *r.Action != "deny":
			return "", "an invalid action, which eval refuses"
		}
		if i == 0 || *r.Permission != last {
			if done[*r.Permission] {
				return "", "a permission's rules interleaved with another's: no rule map says that"
			}
			done[*r.Permission], last = true, *r.Permission
			patterns = map[string]bool{}
			k, _ := json.Marshal(*r.Permission)
			fmt.Fprintf(&b, "  %s:\n", k)
		}
		if patterns[*r.Pattern] {
			return "", "a pattern given twice for one permission"
		}
		patterns[*r.Pattern] = true
		pat, _ := json.Marshal(*r.Pattern)
		fmt.Fprintf(&b, "    %s: %s\n", pat, *r.Action)
	}
	if len(rules) == 0 {
		b.WriteString("  {}\n")
	}
	b.WriteString("---\n")
	return b.String(), ""
}

// expressTool reads req as a toolRequest, or says why it is not one.
func expressTool(raw json.RawMessage) (toolRequest, string) {
	var r toolRequest
	var req map[string]json.RawMessage
	if json.Unmarshal(raw, &req) != nil {
		return r, "the request is not a JSON object"
	}
	keys := make([]string, 0, len(req))
	for k := range req {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first key that cannot be said is the reason, the same every run
	for _, k := range keys {
		switch k {
		case "agent", "tool", "value", "cwd", "session", "rules":
		case "permission", "values", "tools":
			return r, fmt.Sprintf("%q: not a tool call of a persona", k)
		default:
			// A field eval does not use: every adapter ignores it.
		}
	}
	fields := map[string]*string{"agent": &r.Agent, "tool": &r.Tool, "value": &r.Value, "cwd": &r.Cwd, "session": &r.Session}
	for k, p := range fields {
		if raw, ok := req[k]; ok && json.Unmarshal(raw, p) != nil {
			return r, fmt.Sprintf("%q is not a string", k)
		}
	}
	_, r.HasValue = req["value"]
	if rules, ok := req["rules"]; ok {
		if r.Agent != "" {
			return r, `"rules" and "agent", which eval refuses`
		}
		var why string
		if r.Persona, why = personaFor(rules); why != "" {
			return r, why
		}
		r.Agent = rulesPersona
	}
	switch {
	case r.Agent == "":
		return r, "no agent: eval refuses it, the adapter would decide with the active persona"
	case r.Tool == "":
		return r, "no tool"
	case r.Cwd != "" && !filepath.IsAbs(r.Cwd):
		return r, "a relative cwd, which eval refuses"
	}
	return r, ""
}

func expressCheck(req json.RawMessage) (any, string) {
	r, why := expressTool(req)
	if why == "" && strings.HasPrefix(r.Tool, "-") {
		why = "a tool name check would read as a flag"
	}
	return r, why
}

// answerCheck runs `agentmgr check --json` per request, from the request's cwd.
func answerCheck(t *testing.T, inputs []any) []string {
	return perRequest(inputs, func(r toolRequest) string {
		e, stdout, stderr := testEnv(t, "")
		writeRulesPersona(t, e, r)
		if r.Cwd != "" {
			e.cwd = r.Cwd
		}
		args := []string{"check", "--json", "--agent", r.Agent}
		if r.Session != "" {
			args = append(args, "--session", r.Session)
		}
		args = append(args, "--", r.Tool)
		if r.HasValue {
			args = append(args, r.Value)
		}
		if code := run(args, e); code != 0 {
			return errorAnswer(fmt.Sprintf("check exited %d: %s", code, stderr))
		}
		return asRules(t, r, stdout.Bytes())
	})
}

// perRequest answers each of inputs, toolRequests, on its own, in order.
func perRequest(inputs []any, answer func(toolRequest) string) []string {
	out := make([]string, len(inputs))
	for i, in := range inputs {
		out[i] = answer(in.(toolRequest))
	}
	return out
}

// writeRulesPersona writes r's persona file, named r.Agent, when r is a bare ruleset.
func writeRulesPersona(t *testing.T, e *env, r toolRequest) {
	if r.Persona == "" {
		return
	}
	dir := e.dirs().GlobalAgents()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, r.Agent+".md"), []byte(r.Persona), 0o644); err != nil {
		t.Fatal(err)
	}
}

// asRules reads an answer back as eval's for a bare ruleset: a rule of the persona file is
// one of the request's rules.
func asRules(t *testing.T, r toolRequest, answer []byte) string {
	if r.Persona == "" {
		return string(answer)
	}
	var a map[string]any
	if err := json.Unmarshal(answer, &a); err != nil {
		t.Fatalf("answer %q: %v", answer, err)
	}
	if src, _ := a["source"].(string); src != "" && src != "default" {
		a["source"] = "rules"
	}
	b, _ := json.Marshal(a)
	return string(b)
}

func expressGate(req json.RawMessage) (any, string) {
	r, why := expressTool(req)
	switch {
	case why != "":
	case !r.HasValue:
		why = "no value: gate json cannot tell a value left out from an empty one"
	case mapping.IsShellKey(mapping.KeyForTool(r.Tool)) && strings.TrimSpace(r.Value) == "":
		why = "an empty command, which gate json reads as none (it asks)"
	}
	return r, why
}

// answerGate runs `agentmgr gate json` per request, with no app serving: an ask comes back
// as the gate's deny for want of someone to ask, which is read back as ask.
func answerGate(t *testing.T, inputs []any) []string {
	return perRequest(inputs, func(r toolRequest) string {
		if r.Session == "" {
			r.Session = "conformance"
		}
		line, _ := json.Marshal(map[string]string{"session": r.Session, "agent": r.Agent, "tool": r.Tool, "value": r.Value, "cwd": r.Cwd})
		e, stdout, _ := testEnv(t, string(line))
		writeRulesPersona(t, e, r)
		if code := run([]string{"gate", "json"}, e); code != 0 {
			t.Fatalf("gate json exited %d for %s", code, line)
		}
		var resp decideAnswer
		if err := json.Unmarshal(stdout.Bytes(), &resp); err != nil {
			t.Fatalf("gate json answered %q: %v", stdout, err)
		}
		switch {
		case resp.DecidedBy == "gate" && resp.Source == "":
			// Refused before any rule decided: bad input, no such persona.
			return errorAnswer(resp.Reason)
		case resp.DecidedBy == "gate":
			resp.Action = "ask"
		}
		return asRules(t, r, resp.asEval())
	})
}

// decideAnswer is a decision as gate json and serve write it.
type decideAnswer struct {
	Action    string          `json:"action"`
	DecidedBy string          `json:"decided_by"`
	Rule      json.RawMessage `json:"rule"`
	Source    string          `json:"source"`
	Units     json.RawMessage `json:"units"`
	Reason    string          `json:"reason"`
}

// asEval is the decision as eval writes it: action, rule, source and units, each rule with
// only its permission, pattern and action.
func (d decideAnswer) asEval() []byte {
	a := map[string]any{"action": d.Action, "rule": normalRule(d.Rule), "source": d.Source}
	if units := normalUnits(d.Units); units != nil {
		a["units"] = units
	}
	b, _ := json.Marshal(a)
	return b
}

// normalRule is a rule as eval writes it: permission, pattern and action only.
func normalRule(raw json.RawMessage) any {
	var r *struct {
		Permission string `json:"permission"`
		Pattern    string `json:"pattern"`
		Action     string `json:"action"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return nil
	}
	return r
}

func errorAnswer(why string) string {
	b, _ := json.Marshal(map[string]string{"error": why})
	return string(b)
}

func expressServe(req json.RawMessage) (any, string) {
	r, why := expressTool(req)
	if why == "" && !r.HasValue {
		// Without "value" serve reads the value from the tool's arguments ("input").
		why = "no value: serve would read the call's arguments instead"
	}
	return r, why
}

// answerServe runs `agentmgr serve --stdio` once, with every request a decide line; a bare
// ruleset's persona gets a name of its own per request. An ask is answered as ask, with a
// request id for pi's dialog.
func answerServe(t *testing.T, inputs []any) []string {
	e, stdout, stderr := testEnv(t, "")
	var in strings.Builder
	reqs := make([]toolRequest, len(inputs))
	for i, x := range inputs {
		r := x.(toolRequest)
		if r.Persona != "" {
			r.Agent = fmt.Sprintf("%s-%d", rulesPersona, i)
			writeRulesPersona(t, e, r)
		}
		if r.Session == "" {
			r.Session = "conformance"
		}
		reqs[i] = r
		line, _ := json.Marshal(map[string]any{"id": i, "type": "decide", "session": r.Session, "agent": r.Agent, "tool": r.Tool, "value": r.Value, "cwd": r.Cwd})
		in.Write(line)
		in.WriteByte('\n')
	}
	e.stdin = strings.NewReader(in.String())
	if code := run([]string{"serve", "--stdio"}, e); code != 0 {
		t.Fatalf("serve exited %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("serve answered %d lines for %d requests", len(lines), len(inputs))
	}
	out := make([]string, len(inputs))
	for _, line := range lines {
		var resp struct {
			ID    int    `json:"id"`
			Error string `json:"error"`
			decideAnswer
		}
		if err := json.Unmarshal([]byte(line), &resp); err != nil || resp.ID < 0 || resp.ID >= len(out) {
			t.Fatalf("serve answered %q: %v", line, err)
		}
		if resp.Error != "" || resp.DecidedBy == "gate" && resp.Source == "" {
			out[resp.ID] = errorAnswer(resp.Error + resp.Reason)
			continue
		}
		out[resp.ID] = asRules(t, reqs[resp.ID], resp.asEval())
	}
	return out
}

// normalUnits are the units of an answer with each rule as eval writes it.
func normalUnits(raw json.RawMessage) []map[string]json.RawMessage {
	var units []map[string]json.RawMessage
	if json.Unmarshal(raw, &units) != nil {
		return nil
	}
	for _, u := range units {
		b, _ := json.Marshal(normalRule(u["rule"]))
		u["rule"] = b
	}
	return units
}
