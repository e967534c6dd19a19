package runtimeinstall

import (
	"fmt"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/pi"
)

// Pi is the pi screen's model for the agent dir of dirs, against the binary and version that
// would install the extension now (the running app): pi.Check's report, and pi.Install into
// the agent dir's extensions.
func Pi(dirs locations.Dirs, binary, version string) *Model {
	ext := dirs.GlobalExtensions()
	return New(Runtime{
		Thing: "pi extension",
		Off:   "pi does not follow the active agent.",
		Here:  "pi follows the active agent here.",
		Gone:  "pi blocks every tool call.",
		On:    "pi follows the active agent.",
		Next:  "restart pi or run /reload in it.",
		Check: func() State {
			r := pi.Check(dirs, binary, version)
			s := State{Global: r.Global, Project: r.Project, Advice: r.Advice}
			for _, o := range r.Others {
				s.Others = append(s.Others, "also installed: "+o.Name+" ("+o.Where+")")
			}
			return s
		},
		Path:    pi.Path(ext),
		Install: func() (pi.Outcome, error) { return pi.Install(ext, binary, version) },
		// As `agentmgr pi install`: pi-subagents' children load the extension too.
		Also: func() error {
			if _, err := pi.GateChildren(ext); err != nil {
				return fmt.Errorf("pi-subagents' children will not load it: %w", err)
			}
			return nil
		},
	})
}
