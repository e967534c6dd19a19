package policy

import (
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/sessions"
)

// Inputs are the files ForChain reads for dirs and the sessions ids, besides the personas'
// own: every guards file, the state file (yolo), each session's rules and, in a project, the
// files its trust is decided from (a revoked project's guards and personas stop deciding at
// once). A policy prepared once (decide.Prepared) is used again only while none of them
// changed, so a file ForChain comes to read (a managed guards file) must be listed here too.
//
// The project's own persona files, which the trust covers by content, are not listed (a
// project may hold many): the deciding ones are an answer's inputs already, a file added or
// removed changes the folder's stamp, and a file of the project edited in place takes the
// project's files out (its trust no longer holds) while an answer prepared before goes on
// deciding with the guards and personas the person trusted, unchanged.
func Inputs(dirs locations.Dirs, ids ...string) []string {
	out := append([]string{dirs.StateFile()}, dirs.GuardsFiles()...)
	if dirs.Project != "" {
		out = append(out, dirs.TrustInputs()...)
	}
	store := sessions.Open(dirs)
	for _, id := range ids {
		if id != "" {
			out = append(out, store.Path(id))
		}
	}
	return out
}
