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
			return fileState(r.Global, r.Project, r.Advice, r.Others, func(o pi.Other) string { return "also installed: " + o.Name + " (" + o.Where + ")" })
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
