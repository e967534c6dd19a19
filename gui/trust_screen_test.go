package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/trust"
)

// TestTrustScreenDecidesTheProjectsTrust: the Trust screen says whether the project's files
// are used and which of them changed since the trust, with what changed in each as a diff,
// and its buttons record the person's decision where `agentmgr trust` reads it.
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
		diff    []string // in order; none: no diff shown
	}{
		{"a project nobody trusted", func() {}, trust.Untrusted, "are not used: no trust decision recorded",
			[]string{"agents/deployer.md — not trusted"}, nil},
		{"Trust", func() { test.Tap(v.Trust) }, trust.Trusted, "are used: trusted with agentmgr trust",
			[]string{"agents/deployer.md — as trusted"}, nil},
		{"a persona changed and one added, Check again", func() {
			writeFile(t, filepath.Join(d.ProjectAgents(), "deployer.md"), "---\nname: deployer\ndescription: Deploys, and now pushes too.\npermissions:\n  \"*\": allow\n---\nDeploy.\n")
			writeFile(t, filepath.Join(d.ProjectAgents(), "pusher.md"), "---\nname: pusher\ndescription: Pushes.\n---\nPush.\n")
			test.Tap(v.Check)
		}, trust.Changed, "changed since you trusted them",
			[]string{"agents/deployer.md — changed since trusted", "agents/pusher.md — added since trusted"},
			[]string{"agents/deployer.md: changed since trusted\n--- agents/deployer.md (trusted)\n+++ agents/deployer.md (now)\n",
				"-description: Ships releases; asks before anything touches production.\n-color: warning\n+description: Deploys, and now pushes too.\n",
				"-  read: allow\n", "+  \"*\": allow\n",
				"agents/pusher.md: added since trusted\n--- /dev/null\n+++ agents/pusher.md (now)\n@@ -0,0 +1,5 @@\n+---\n+name: pusher\n"}},
		{"Trust again", func() { test.Tap(v.Trust) }, trust.Trusted, "are used", []string{"agents/pusher.md — as trusted"}, nil},
		{"a persona removed", func() {
			if err := os.Remove(filepath.Join(d.ProjectAgents(), "pusher.md")); err != nil {
				t.Fatal(err)
			}
			test.Tap(v.Check)
		}, trust.Changed, "changed since you trusted them", []string{"agents/pusher.md — removed since trusted"},
			[]string{"agents/pusher.md: removed since trusted\n--- agents/pusher.md (trusted)\n+++ /dev/null\n@@ -1,5 +0,0 @@\n----\n-name: pusher\n"}},
		{"Revoke", func() { test.Tap(v.Revoke) }, trust.Untrusted, "refused with agentmgr trust --revoke",
			[]string{"agents/deployer.md — not trusted"}, nil},
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
		rest := v.Diff.Text()
		if shown := v.content.Objects[0] == v.split; shown != (len(st.diff) > 0) || len(st.diff) == 0 && rest != "" {
			t.Errorf("%s: the diff view shown %v, holding:\n%s", st.name, shown, rest)
		}
		for _, want := range st.diff {
			i := strings.Index(rest, want)
			if i < 0 {
				t.Errorf("%s: the diff does not say %q (in order):\n%s", st.name, want, v.Diff.Text())
				break
			}
			rest = rest[i+len(want):]
		}
		if trusted := st.state == trust.Trusted; v.Trust.Disabled() != trusted {
			t.Errorf("%s: Trust enabled %v in state %s", st.name, !v.Trust.Disabled(), st.state)
		}
	}
}

// TestTrustScreenTrustsWhatItShowed: Trust covers the files as the screen showed them; a file
// changed since is not trusted unseen, and the screen shows it for a fresh look. A trust made
// before agentmgr kept copies says so where its diff would be.
func TestTrustScreenTrustsWhatItShowed(t *testing.T) {
	dst := copyTestdata(t, "part2")
	d := locations.Dirs{Agent: filepath.Join(dst, "agentdir"), Project: filepath.Join(dst, "project", ".pi")}
	deployer := filepath.Join(d.ProjectAgents(), "deployer.md")
	v := NewTrustScreen(d, nil, time.Now)
	w := test.NewWindow(v)
	defer w.Close()
	test.Tap(v.Trust)
	if err := os.RemoveAll(d.TrustCopies()); err != nil {
		t.Fatal(err)
	}
	writeFile(t, deployer, "---\nname: deployer\ndescription: Looked at.\n---\n")
	test.Tap(v.Check)
	if !strings.Contains(v.Diff.Text(), "agents/deployer.md: changed since trusted; no diff: no copy of the trusted content: trusted before agentmgr kept copies") {
		t.Errorf("without a copy, the diff view says:\n%s", v.Diff.Text())
	}
	writeFile(t, deployer, "---\nname: deployer\ndescription: Changed while the person looked.\n---\n")
	test.Tap(v.Trust)
	if st := trust.Of(d); st.State != trust.Changed {
		t.Fatalf("Trust of files changed since shown: %s, want still changed", st.State)
	}
	if !strings.Contains(v.Message.Text, "changed since they were shown") || v.Message.Importance != widget.DangerImportance {
		t.Errorf("the message after the refused trust: %q", v.Message.Text)
	}
	test.Tap(v.Trust)
	if st := trust.Of(d); st.State != trust.Trusted {
		t.Errorf("Trust of the files as shown after the fresh look: %s", st.State)
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
