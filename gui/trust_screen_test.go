package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

// TestTrustScreenDecidesTheProjectsTrust: the Trust screen says whether the project's files
// are used and which of them changed since the trust, and its buttons record the person's
// decision where `agentmgr trust` reads it.
func TestTrustScreenDecidesTheProjectsTrust(t *testing.T) {
	dst := copyTestdata(t, "part2")
	d := locations.Dirs{Agent: filepath.Join(dst, "agentdir"), Project: filepath.Join(dst, "project", ".pi")}
	at := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	v := NewTrustScreen(d, nil, func() time.Time { return at })
	w := test.NewWindow(v)
	defer w.Close()
	w.Resize(fyne.NewSize(800, 600))
	steps := []struct {
		name    string
		do      func()
		state   trust.State
		summary string
		details []string
	}{
		{"a project nobody trusted", func() {}, trust.Untrusted, "are not used: no trust decision recorded",
			[]string{"agents/deployer.md — not trusted"}},
		{"Trust", func() { test.Tap(v.Trust) }, trust.Trusted, "are used: trusted with agentmgr trust",
			[]string{"agents/deployer.md — as trusted"}},
		{"a persona changed and one added, Check again", func() {
			writeFile(t, filepath.Join(d.ProjectAgents(), "deployer.md"), "---\nname: deployer\ndescription: Deploys, and now pushes too.\npermissions:\n  \"*\": allow\n---\nDeploy.\n")
			writeFile(t, filepath.Join(d.ProjectAgents(), "pusher.md"), "---\nname: pusher\ndescription: Pushes.\n---\nPush.\n")
			test.Tap(v.Check)
		}, trust.Changed, "changed since you trusted them",
			[]string{"agents/deployer.md — changed since trusted", "agents/pusher.md — added since trusted"}},
		{"Trust again", func() { test.Tap(v.Trust) }, trust.Trusted, "are used", []string{"agents/pusher.md — as trusted"}},
		{"a persona removed", func() {
			if err := os.Remove(filepath.Join(d.ProjectAgents(), "pusher.md")); err != nil {
				t.Fatal(err)
			}
			test.Tap(v.Check)
		}, trust.Changed, "changed since you trusted them", []string{"agents/pusher.md — removed since trusted"}},
		{"Revoke", func() { test.Tap(v.Revoke) }, trust.Untrusted, "refused with agentmgr trust --revoke",
			[]string{"agents/deployer.md — not trusted"}},
	}
	for _, st := range steps {
		st.do()
		if got := v.Status().State; got != st.state {
			t.Fatalf("%s: the screen shows %s, want %s", st.name, got, st.state)
		}
		if got := trust.Of(d).State; got != st.state {
			t.Errorf("%s: agentmgr trust --status says %s, the screen %s", st.name, got, st.state)
		}
		if !strings.Contains(v.Summary.Text, st.summary) {
			t.Errorf("%s: the summary says %q, want %q in it", st.name, v.Summary.Text, st.summary)
		}
		for _, want := range st.details {
			if !strings.Contains(v.Details.Text, want) {
				t.Errorf("%s: the details do not say %q:\n%s", st.name, want, v.Details.Text)
			}
		}
		if trusted := st.state == trust.Trusted; v.Trust.Disabled() != trusted {
			t.Errorf("%s: Trust enabled %v in state %s", st.name, !v.Trust.Disabled(), st.state)
		}
	}
}

// TestTrustScreenWithoutAProjectHasNothingToDecide: outside a project the screen says there
// is nothing to trust and offers no decision.
func TestTrustScreenWithoutAProjectHasNothingToDecide(t *testing.T) {
	v := NewTrustScreen(locations.Dirs{Agent: t.TempDir()}, nil, time.Now)
	if !strings.Contains(v.Summary.Text, "nothing to trust") || !v.Trust.Disabled() || !v.Revoke.Disabled() {
		t.Errorf("without a project: %q, Trust off %v, Revoke off %v", v.Summary.Text, v.Trust.Disabled(), v.Revoke.Disabled())
	}
}

// TestTrustScreenIsOneOfTheWindowsScreensAndFits: the window offers the Trust screen beside
// the others, and it fits an 800x600 window.
func TestTrustScreenIsOneOfTheWindowsScreensAndFits(t *testing.T) {
	s := part2Shell(t)
	s.Window().Resize(fyne.NewSize(800, 600))
	if !s.ShowScreen(TrustTitle) {
		t.Fatal("no Trust screen")
	}
	v := screenOf[*TrustScreen](t, s, TrustTitle)
	if v.Status().State != trust.Trusted {
		t.Errorf("the fixture's trusted project shows as %s", v.Status().State)
	}
	fits(t, s, "Trust", 800, 600)
}
