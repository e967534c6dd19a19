package pi

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// What the tests of pi's two subagent extensions (pi-subagents' subagent tool,
// @tintinweb/pi-subagents' Agent tool) share: the extension found in the pi cache, the callers'
// and subagents' personas, the file a child's rm must not remove, the dialogs the parent shows,
// and the review log's link from a child's calls to its parent's session.

// piCacheModule is the file at rel below the pi cache's node_modules (`make deps-pi` installs
// it beside pi), which the test needs as what. Without it the test is skipped, except under
// CI=true, where it fails.
func piCacheModule(t *testing.T, w *world, what string, rel ...string) string {
	t.Helper()
	// cli is …/pi/node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js
	modules := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(w.tools.cli)))))
	path := filepath.Join(append([]string{modules}, rel...)...)
	if _, err := os.Stat(path); err != nil {
		msg := fmt.Sprintf("the test needs %s in the pi cache (`make deps-pi` installs it): %v", what, err)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return path
}

// addSubagentPersonas writes subagentPersonas into the world's agent dir, and gives pi a
// temporary folder of its own, where the subagent extensions write their run artifacts.
func (w *world) addSubagentPersonas(t *testing.T) {
	t.Helper()
	tmp := filepath.Join(w.Home, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	w.Env = append(w.Env, "TMPDIR="+tmp)
	for name, text := range subagentPersonas {
		testfiles.Write(t, filepath.Join(w.Agent, "agents", name+".md"), text)
	}
}

// victim is the project's file VICTIM, which a child's rm -rf VICTIM must leave unless the
// persons allows it.
type victim struct {
	t    *testing.T
	path string
}

func newVictim(t *testing.T, w *world) victim {
	return victim{t, filepath.Join(w.Project, "VICTIM")}
}

// plant (re)creates the file.
func (v victim) plant() { testfiles.Write(v.t, v.path, "keep me\n") }

// exists reports whether the file is still there.
func (v victim) exists() bool { _, err := os.Stat(v.path); return err == nil }

// dialogs are the dialogs pi showed (title and options, one string each), each answered with
// answer.
type dialogs struct {
	shown  []string
	answer string
}

// recordDialogs answers p's dialogs from the returned record, which keeps them.
func recordDialogs(p *rpc) *dialogs {
	d := &dialogs{}
	p.dialog = func(title string, options []string) string {
		d.shown = append(d.shown, title+" "+strings.Join(options, "|"))
		return d.answer
	}
	return d
}

// expect forgets the dialogs shown so far and answers the next ones with answer.
func (d *dialogs) expect(answer string) { d.shown, d.answer = nil, answer }

// loggedWithParents reads the world's review log, and the sessions in which the parent called
// tool to start a child: a child's entries must name one of them as their parent.
func loggedWithParents(t *testing.T, w *world, tool string) ([]reviewlog.Entry, map[string]bool) {
	t.Helper()
	es, err := reviewlog.Read(locations.Dirs{Agent: w.Agent}.ReviewLog(), reviewlog.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	parents := map[string]bool{}
	for _, e := range es {
		if e.Tool == tool && e.Subagent == "" {
			parents[e.Session] = true
		}
	}
	return es, parents
}

// backgroundNotice waits for a background child's completion notice, and returns the events
// up to it as text, for the test to look for the child's report in.
func (r *rpc) backgroundNotice() string {
	b, _ := json.Marshal(r.awaitEvent("background child's notice", notified))
	return string(b)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
