package decide

import (
	"fmt"
	"github.com/agentmgr/agentmgr/internal/boundedmap"
	"strings"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/policy"
)

// Prepared keeps what For answered, per folders, caller and sessions, and answers from it
// again while the files it came from keep their stamps (personas.Stamp): the deciding
// personas' files, the persona folders and the legacy file, and what the composition reads
// (policy.Inputs: the state file, the guards files, the sessions' rules). A decide then stamps
// those few files instead of the whole catalog, and compiles nothing: a long-lived enforcer
// (serve) prepares once and decides many times, as OPA prepares a query.
//
// A folder's stamp changes when a file is added, removed or renamed in it (an atomic save
// renames), not when another file is written in place: a persona file edited in place to take
// the name of one that decides is seen once its folder changes. An answer whose files changed
// within the last moments (personas.Stamp.Racy) is not kept, nor is an error.
type Prepared struct {
	kept boundedmap.Map[string, *prepared]
}

// maxPrepared bounds the answers kept: one per session a long-lived server sees.
const maxPrepared = 256

// prepared is one answer of For with the stamps of its files.
type prepared struct {
	r     Resolution
	pol   *engine.Policy
	probs []personas.Problem
	files []stampedFile
}

// stampedFile is a file and its stamp when an answer was prepared; ok is false for a file that
// was not there (its appearing changes the answer too).
type stampedFile struct {
	path  string
	stamp personas.Stamp
	ok    bool
}

// For answers as decide.For does, from the answer prepared for the same folders, caller and
// sessions while its files are unchanged; otherwise it loads the catalog with load and
// prepares a new answer.
func (pr *Prepared) For(dirs locations.Dirs, load func() *personas.Catalog, who Who, sessions ...string) (Resolution, *engine.Policy, []personas.Problem, error) {
	key := preparedKey(dirs, who, sessions)
	e, _ := pr.kept.Get(key)
	if e != nil && e.current() {
		return e.r, e.pol, e.probs, nil
	}
	start := time.Now()
	r, pol, probs, err := For(dirs, load(), who, sessions...)
	if err != nil {
		return r, pol, probs, err
	}
	e = &prepared{r: r, pol: pol, probs: probs}
	for _, path := range PreparedInputs(dirs, r, sessions...) {
		st, ok := personas.PathStamp(path)
		if ok && st.Racy(start) {
			// Changed just before or while it was read: its stamp may not tell the next
			// change, so this answer is not kept.
			return r, pol, probs, nil
		}
		e.files = append(e.files, stampedFile{path: path, stamp: st, ok: ok})
	}
	pr.store(key, e)
	return r, pol, probs, nil
}

// store keeps e under key, dropping the oldest answer past maxPrepared.
func (pr *Prepared) store(key string, e *prepared) {
	pr.kept.Put(key, e, maxPrepared)
}

// current reports whether every file of the answer still has its stamp.
func (e *prepared) current() bool {
	for _, f := range e.files {
		st, ok := personas.PathStamp(f.path)
		if ok != f.ok || st != f.stamp {
			return false
		}
	}
	return true
}

// PreparedInputs are the files an answer of For for r depends on: the persona folders (a
// persona added, removed or renamed), the legacy file, every deciding persona's file, and what
// the composition reads (policy.Inputs).
func PreparedInputs(dirs locations.Dirs, r Resolution, sessions ...string) []string {
	out := []string{dirs.GlobalAgents(), dirs.LegacyFile()}
	if pa := dirs.ProjectAgents(); pa != "" {
		out = append(out, pa)
	}
	for _, p := range r.Deciders() {
		if p.Path != "" {
			out = append(out, p.Path)
		}
	}
	return append(out, policy.Inputs(dirs, sessions...)...)
}

// preparedKey names what an answer is for.
func preparedKey(dirs locations.Dirs, who Who, sessions []string) string {
	var b strings.Builder
	// Every field of the folders, whatever fields they gain: each may change the answer.
	fmt.Fprintf(&b, "%#v", dirs)
	b.WriteByte(0)
	for _, s := range []string{who.Pinned, who.Named, who.Runs} {
		b.WriteString(s)
		b.WriteByte(0)
	}
	b.WriteString(strings.Join(who.Chain, "\x01"))
	b.WriteByte(0)
	b.WriteString(strings.Join(sessions, "\x01"))
	return b.String()
}
