package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/engine/shell"
	"github.com/agentmgr/agentmgr/gate"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

const gateUsage = "claude|codex|gemini|json [--timeout DURATION] [--agent NAME]"

// gateGrace is how long a gate waits for a live app before giving up; tests shorten it.
var gateGrace = inbox.DefaultGrace

// gateArgs is what a gate called without one of gateProtocols is told.
const gateArgs = "gate takes one protocol: claude, codex, gemini or json"

const gateHelp = `Decide one tool call of a running agent with the active persona and print the answer.

  agentmgr gate claude   reads a Claude Code PreToolUse event, prints the hook's JSON output
  agentmgr gate codex    reads a Codex PreToolUse event; prints nothing to allow, a deny to block
  agentmgr gate gemini   reads a Gemini CLI BeforeTool event; prints {} to allow, a deny to block
  agentmgr gate json     reads {"session","agent"?,"tool","value","cwd"?}, prints
                         {"action","reason","decided_by","rule","source",...}

A call the persona asks about is forwarded to the desktop app, which asks the person. While
the app serves, the gate waits up to --timeout; when no app serves it gives up after 2s and
answers ask (Claude Code then asks in its terminal) or deny (codex, gemini, json). Input the
gate cannot read is denied with the reason. The exit status is 0 whenever an answer was
printed; codex and gemini hooks installed by ` + "`agentmgr codex install`" + ` and ` + "`agentmgr gemini install`" + `
turn any other status, and a missing agentmgr, into a block.`

func gateOptions(fs *flag.FlagSet) action {
	timeout := fs.Duration("timeout", inbox.DefaultTimeout, "how long to wait for the person's answer while the app serves")
	agent := fs.String("agent", "", "decide with this persona instead of the active one; requests naming another are denied")
	return func(e *env, rest []string) error {
		if !slices.Contains(gateProtocols, rest[0]) {
			return usageError{gateArgs}
		}
		if *timeout <= 0 {
			return usagef("--timeout must be positive, e.g. 120s or 5m")
		}
		if err := e.dirs().Check(); err != nil {
			// No folder may be read or written: the call is refused in the runtime's own form,
			// since a hook that fails lets the runtime go on with its own permissions.
			return json.NewEncoder(e.stdout).Encode(refusalIn(rest[0], decide.Refusal(err.Error())))
		}
		// The hook runs in the agent's environment: a program named by a variable set there is
		// the one the command will run (docs/shell.md, "Variables from the agent's environment").
		defer shell.SetEnvironment(func(name string) (string, bool) { v := e.getenv(name); return v, v != "" })()
		rec := reviewlog.Open(e.dirs())
		g := gate.New(inbox.In(e.dirs()), e.gatePolicy(*agent),
			gate.WithWait(inbox.Wait{Timeout: *timeout, Grace: gateGrace}),
			gate.WithRecorder(rec),
			gate.WithChains(decide.Chains{Dir: e.dirs().SubagentsDir()}),
			gate.WithHooked(e.claudeHooked),
			gate.WithWritten(func(string) decide.WrittenFiles { return sessions.OpenWritten(e.dirs()) }),
		)
		// Claude Code kills a hook that outlives its own timeout: withdraw the request then, so
		// that the app does not ask about a call nobody waits for. And whatever the gate is doing
		// when the signal comes (loading personas, waiting for a lock), it answers in the
		// protocol's fail-closed form and exits: a hook that goes silent is a pass to the runtime.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		sigs := e.signals
		if sigs == nil {
			ch := make(chan os.Signal, 1)
			signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
			defer signal.Stop(ch)
			sigs = ch
		}
		decideCall := func() any {
			// Never more than the limit and one byte is read: a bigger call is refused unread.
			input, readErr := io.ReadAll(io.LimitReader(e.stdin, gate.MaxInput+1))
			switch {
			case readErr != nil, len(input) > gate.MaxInput:
				why := gate.TooBig()
				if readErr != nil {
					why = "cannot read stdin: " + readErr.Error()
				}
				return refusalIn(rest[0], decide.Refusal(why))
			case rest[0] == "claude":
				return g.Claude(ctx, input)
			case rest[0] == "codex":
				return g.Codex(ctx, input)
			case rest[0] == "gemini":
				return g.Gemini(ctx, input)
			}
			return g.Neutral(ctx, input)
		}
		out, finished := answerUnlessStopped(sigs, cancel, decideCall, func(sig os.Signal) any {
			return refusalIn(rest[0], decide.Refusal("agentmgr was stopped ("+signalName(sig)+") before it decided the call"))
		})
		// Unfinished, the decision still runs and may hold the review log: the answer only.
		if finished {
			if err := rec.Err(); err != nil {
				fmt.Fprintf(e.stderr, "agentmgr gate: the review log could not be written: %v\n", err)
			}
		}
		if o, ok := out.(*gate.CodexOutput); ok && o == nil {
			// Codex runs a call whose hook prints nothing and exits 0; it rejects an "allow".
			return nil
		}
		// One line: hook runners read stdout as a single JSON document.
		return json.NewEncoder(e.stdout).Encode(out)
	}
}

// gateProtocols are the hook protocols gate speaks.
var gateProtocols = []string{"claude", "codex", "gemini", "json"}

// refusalIn renders a verdict reached before any input was read in protocol's form.
func refusalIn(protocol string, v decide.Verdict) any {
	switch protocol {
	case "claude":
		return gate.ClaudeAnswer(v, "")
	case "codex":
		return gate.CodexAnswer(v)
	case "gemini":
		return gate.GeminiAnswer(v)
	}
	return gate.NeutralAnswer(v, decide.Call{})
}

// gatePolicy loads the personas that decide a gate's call (decide.Resolve: the pinned, named
// or active persona, and for a subagent every persona on its chain), with guards and the
// session rules of the call's agent. The call's cwd, when absolute, is where the project's
// personas and guards are found: the agent's project, not wherever the hook happens to run.
func (e *env) gatePolicy(pinned string) decide.PolicyFunc {
	return func(c decide.Call) (string, *engine.Policy, error) {
		ce := *e
		if filepath.IsAbs(c.Cwd) {
			ce.cwd = c.Cwd
		}
		who := decide.Who{Pinned: pinned, Named: c.Agent, Chain: c.Chain}
		if c.AgentID == "" {
			// A session started with --agent NAME: its calls carry the agent's type only.
			who.Runs = c.AgentType
		}
		cat := ce.loadIndexed(who.Names()...)
		r, pol, probs, err := decide.For(ce.dirs(), cat, who, c.SessionKey())
		reportProblems(ce.stderr, probs, personas.Warning)
		if err != nil {
			name := ""
			if r.Session != nil {
				name = r.Name()
			}
			return name, nil, err
		}
		name := r.Name()
		if note := r.Note(); note != "" {
			name += " (" + note + ")"
		}
		return name, pol, nil
	}
}
