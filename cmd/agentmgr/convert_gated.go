package main

import (
	"github.com/agentmgr/agentmgr/codex"
	"github.com/agentmgr/agentmgr/convert"
	"github.com/agentmgr/agentmgr/gemini"
	"github.com/agentmgr/agentmgr/locations"
)

// exportGated marks the reports of an export to Codex or Gemini CLI when agentmgr's hook for
// that runtime is installed and enforcing: the gate then decides exactly, and the file is the
// fallback.
func exportGated(e *env, to string, exports []*convert.Export) {
	bin, _ := selfPath("")
	home := locations.Home(e.getenv)
	where := ""
	switch to {
	case "codex":
		if r := codex.Status(codex.Home(e.getenv, home), bin); r.Enforcing {
			where = r.Hooks
		}
	case "gemini":
		if r := gemini.Status(gemini.Folder(e.getenv, home), bin); r.Enforcing {
			where = r.Settings
		}
	}
	if where == "" {
		return
	}
	runtime := map[string]string{"codex": "Codex", "gemini": "Gemini CLI"}[to]
	for _, ex := range exports {
		ex.Report.Gated(runtime, where)
	}
}
