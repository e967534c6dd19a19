package runtimeinstall

import "github.com/agentmgr/agentmgr/opencode"

// OpenCode is the OpenCode screen's model for the folders of dirs, against the binary and
// version that would install the plugin now (the running app's agentmgr): opencode.Status's
// report, and opencode.Install into OpenCode's global config folder.
func OpenCode(dirs opencode.Dirs, binary, version string) *Model {
	return New(Runtime{
		Thing: "OpenCode plugin",
		Off:   "OpenCode decides its tool calls by its own rules.",
		Here:  "OpenCode asks agentmgr here.",
		Gone:  "OpenCode blocks every tool call.",
		On:    "OpenCode asks agentmgr about every tool call.",
		Next:  "OpenCode loads it when it starts next.",
		Check: func() State {
			r := opencode.Status(dirs, binary, version)
			return fileState(r.Global, r.Project, r.Advice, r.Others, func(o opencode.Other) string {
				return "also deciding: " + o.Kind + " " + o.Name + " (" + o.Where + "): " + o.Effect
			})
		},
		Path:    opencode.Path(dirs.Global),
		Install: func() (opencode.Outcome, error) { return opencode.Install(dirs.Global, binary, version) },
	})
}
