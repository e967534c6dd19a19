package gui

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/agentmgr/agentmgr/gui/personalist"
	"github.com/agentmgr/agentmgr/locations"
)

// listed reports whether the list shows a persona named name.
func listed(s *Shell, name string) func() bool {
	return func() bool {
		return listHas(s.screen.List().Items(), name, func(personalist.ListItem) bool { return true })
	}
}

// An app started before the agent dir exists (a first run) still notices the CLI making it:
// `agentmgr new alpha; agentmgr use alpha` shows alpha, and alpha as the active agent.
func TestWatchingNoticesAnAgentDirMadeAfterTheStart(t *testing.T) {
	home := t.TempDir()
	d := locations.Dirs{Agent: filepath.Join(home, ".pi", "agent")}
	s, q := newQueuedShell(t, d)
	if err := s.StartWatching(); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(d.GlobalAgents(), "alpha.md"), "---\ndescription: First.\npermissions: read\n---\nFirst.\n")
	waitUI(t, q, "alpha in the list", listed(s, "alpha"))
	writeFile(t, d.StateFile(), `{"active": "alpha"}`)
	waitUI(t, q, "alpha active", func() bool { return s.ws.Active() == "alpha" })
}

// Watching survives the persona folder deleted and made again, and a Reload by hand.
func TestWatchingSurvivesAFolderDeletedAndMadeAgain(t *testing.T) {
	d := fixtureDirs(t)
	s, q := newQueuedShell(t, d)
	if err := s.StartWatching(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(d.GlobalAgents()); err != nil {
		t.Fatal(err)
	}
	waitUI(t, q, "the deleted folder's personas gone", func() bool { return !listed(s, "reviewer")() })
	writeFile(t, filepath.Join(d.GlobalAgents(), "beta.md"), "---\ndescription: Second.\npermissions: read\n---\nSecond.\n")
	waitUI(t, q, "beta in the folder made again", listed(s, "beta"))

	s.Reload()
	settle(t, s, q)
	writeFile(t, filepath.Join(d.GlobalAgents(), "gamma.md"), "---\ndescription: Third.\npermissions: read\n---\nThird.\n")
	waitUI(t, q, "gamma after a Reload", listed(s, "gamma"))

	// The whole agent dir deleted and made again is watched too.
	if err := os.RemoveAll(d.Agent); err != nil {
		t.Fatal(err)
	}
	waitUI(t, q, "the personas gone with the agent dir", func() bool { return !listed(s, "gamma")() })
	writeFile(t, filepath.Join(d.GlobalAgents(), "delta.md"), "---\ndescription: Fourth.\npermissions: read\n---\nFourth.\n")
	waitUI(t, q, "delta in the agent dir made again", listed(s, "delta"))
}
