package policy

import (
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/sessions"
)

// Inputs are the files ForChain reads for dirs and the sessions ids, besides the personas'
// own: every guards file, the state file (yolo) and each session's rules. A policy prepared
// once (decide.Prepared) is used again only while none of them changed, so a file ForChain
// comes to read (a trust store, a managed guards file) must be listed here too.
func Inputs(dirs locations.Dirs, ids ...string) []string {
	out := append([]string{dirs.StateFile()}, dirs.GuardsFiles()...)
	store := sessions.Open(dirs)
	for _, id := range ids {
		if id != "" {
			out = append(out, store.Path(id))
		}
	}
	return out
}
