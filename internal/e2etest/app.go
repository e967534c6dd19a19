package e2etest

import (
	"context"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
	"github.com/agentmgr/agentmgr/sessions"
)

// App stands in for the desktop app of the agent dir agent: it serves the inbox the gate and
// serve forward asks to, decides with the asking persona's policy as the app does, and hands
// each ask to ask, which plays the person. It stops when the test ends.
func App(t testing.TB, agent string, ask func(context.Context, *inbox.Prompt)) {
	t.Helper()
	dirs := locations.Dirs{Agent: agent}
	srv := inbox.NewServer(inbox.In(dirs), approvals.New(sessions.Open(dirs), nil),
		func(r inbox.Request) (*engine.Policy, error) {
			p, _ := personas.Load(dirs).Lookup(r.Agent)
			pol, _, err := policy.For(dirs, p, "")
			return pol, err
		}, ask)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ctx) }()
	t.Cleanup(func() {
		cancel()
		<-served
	})
}
