package pi

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// agentWorld is pi with @tintinweb/pi-subagents loaded as its README says (`pi -e`, or `pi
// install`: either way the children do not load it, they load the agent dir's extensions),
// agentmgr installed by `agentmgr pi install`, and the subagent test's personas, which
// @tintinweb/pi-subagents also offers as agent types. Its children run on the parent's model,
// so the faux model is an extension of the agent dir, which they load too. hermit's agent file isolates its children; the workspace's .agents/agents folder
// holds it, which agentmgr does not read as personas.
func agentWorld(t *testing.T, more ...string) *world {
	w := newWorld(t)
	w.extensions = append([]string{piCacheModule(t, w, "@tintinweb/pi-subagents 0.14.1", "@tintinweb", "pi-subagents", "src", "index.ts")}, more...)
	faux, err := os.ReadFile(filepath.Join("testdata", "faux.ts"))
	if err != nil {
		t.Fatal(err)
	}
	testfiles.Write(t, filepath.Join(w.Agent, "extensions", "faux", "index.ts"), string(faux))
	w.fauxInAgentDir = true
	w.addSubagentPersonas(t)
	testfiles.Write(t, filepath.Join(w.Project, ".agents", "agents", "hermit.md"), "---\ndescription: Works alone\nisolated: true\n---\nDo the task.\n")
	// sweeper is an agent type with no persona of its name.
	testfiles.Write(t, filepath.Join(w.Project, ".agents", "agents", "sweeper.md"), "---\ndescription: Sweeps\n---\nDo the task.\n")
	w.Agentmgr("pi", "install")
	return w
}

// spawn has the parent call the Agent tool: a child of type sub whose task is the faux
// model's script task; more adds arguments (run_in_background, isolated).
func spawn(t *testing.T, p *rpc, sub, task string, more map[string]any) (isErr bool, text string) {
	t.Helper()
	args := map[string]any{"subagent_type": sub, "prompt": task, "description": "test " + sub}
	for k, v := range more {
		args[k] = v
	}
	return toolEnd(t, p.prompt(call("Agent", args)))
}

// awaitEvent reads pi's events, answering dialogs, until match says one is the awaited one,
// then up to the end of the run it belongs to (so that the next prompt starts on a quiet pi).
func (r *rpc) awaitEvent(what string, match func(ev map[string]any) bool) []map[string]any {
	r.t.Helper()
	seen, ended := false, false
	return r.until("send a "+what, func(ev map[string]any) bool {
		switch {
		case !seen:
			seen = match(ev)
		case ev["type"] == "agent_end":
			ended = true
		case ev["type"] == "agent_settled" && ended:
			return true
		}
		return false
	})
}

// notified reports whether ev carries a background child's completion notice.
func notified(ev map[string]any) bool {
	b, _ := json.Marshal(ev)
	return ev["type"] == "message_end" && strings.Contains(string(b), "task-notification")
}

func TestRealPiAgentToolChildrenAreGoverned(t *testing.T) {
	w := agentWorld(t)
	v := newVictim(t, w)
	rm := call("bash", map[string]string{"command": "rm -rf VICTIM"})
	p := w.startRPC()
	dialogs := recordDialogs(p)

	cases := []struct {
		name, caller, sub string
		background        bool
		want              string
	}{
		{"the caller's persona denies: blocked", "guarded", "sweeper", false, `"rm *" deny`},
		{"the subagent's own persona denies, the caller's allows: blocked", "open", "cleaner", false, "cleaner.md"},
		{"the subagent's persona allows what the caller's denies: still blocked", "guarded", "wiper", false, "guarded.md"},
		{"in the background, the caller's persona denies: blocked", "guarded", "wiper", true, "guarded.md"},
		{"in the background, the subagent's own persona denies: blocked", "open", "cleaner", true, "cleaner.md"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w.Agentmgr("use", tc.caller)
			v.plant()
			isErr, text := spawn(t, p, tc.sub, rm, map[string]any{"run_in_background": tc.background})
			if isErr {
				t.Fatalf("the Agent call itself failed: %s", text)
			}
			if tc.background {
				text = p.backgroundNotice()
			}
			if !v.exists() || !strings.Contains(text, "isError=true") || !strings.Contains(text, tc.want) {
				t.Fatalf("under %s, subagent %s's rm -rf: file kept %v, parent saw %q; want it blocked naming %s", tc.caller, tc.sub, v.exists(), tail(text, 2000), tc.want)
			}
		})
	}

	t.Run("the child's tools and system prompt are its own persona's, never wider than the caller's", func(t *testing.T) {
		w.Agentmgr("use", "guarded")
		tools := func(sub string) []string {
			_, text := spawn(t, p, sub, "TOOLS", nil)
			_, list, ok := strings.Cut(text, "tools: ")
			if !ok {
				t.Fatalf("%s's child named no tools: %q", sub, text)
			}
			return strings.Split(strings.TrimSpace(list), ",")
		}
		if got := tools("wiper"); slices.Contains(got, "read") || !slices.Contains(got, "bash") {
			t.Errorf("wiper's tools: %q; want bash without read, which wiper's persona hides", got)
		}
		if got := tools("sweeper"); !slices.Contains(got, "read") || slices.Contains(got, "Agent") {
			t.Errorf("sweeper's tools: %q; want read, which the caller's persona allows, and no Agent", got)
		}
		_, text := spawn(t, p, "wiper", "SYSTEM", nil)
		if !strings.Contains(text, "Wipe without looking.") || strings.Contains(text, "Be careful.") {
			t.Errorf("wiper's system prompt: %q; want wiper's persona, not the caller's", tail(text, 2000))
		}
	})

	for _, bg := range []bool{false, true} {
		where := map[bool]string{false: "foreground", true: "background"}[bg]
		for _, choice := range []string{"Reject", "Allow once"} {
			t.Run(where+": a child's ask is answered in the parent's dialog: "+choice, func(t *testing.T) {
				w.Agentmgr("use", "careful")
				v.plant()
				dialogs.expect(choice)
				_, text := spawn(t, p, "sweeper", rm, map[string]any{"run_in_background": bg})
				if bg {
					text = p.backgroundNotice()
				}
				if len(dialogs.shown) != 1 || !strings.Contains(dialogs.shown[0], "Subagent sweeper") || !strings.Contains(dialogs.shown[0], "Always, this subagent") {
					t.Fatalf("dialogs = %q; want one naming subagent sweeper with the child's answers", dialogs.shown)
				}
				if removed := !v.exists(); removed != (choice == "Allow once") {
					t.Fatalf("after %s: file removed %v; child reported %q", choice, removed, tail(text, 2000))
				}
			})
		}
	}

	isolated := []struct{ name, sub string }{
		{"isolated in the call", "sweeper"},
		{"isolated by its agent file", "hermit"},
	}
	for _, tc := range isolated {
		t.Run("a spawn whose child loads no extension asks first: "+tc.name, func(t *testing.T) {
			w.Agentmgr("use", "guarded")
			v.plant()
			dialogs.expect("Reject")
			isErr, text := spawn(t, p, tc.sub, rm, map[string]any{"isolated": true})
			if len(dialogs.shown) != 1 || !strings.Contains(dialogs.shown[0], "isolated: true") || strings.Contains(dialogs.shown[0], "Always") {
				t.Fatalf("dialogs = %q; want one about isolated: true, with no always", dialogs.shown)
			}
			if !isErr || !v.exists() {
				t.Fatalf("after Reject: the Agent call ended isError=%v %q, file kept %v; want it blocked", isErr, text, v.exists())
			}
		})
	}

	t.Run("task rules decide and hide the Agent tool", func(t *testing.T) {
		testfiles.Write(t, filepath.Join(w.Agent, "agents", "alone.md"), "---\ndescription: Never delegates\npermissions:\n  \"*\": allow\n  task: deny\n---\nWork alone.\n")
		w.Agentmgr("use", "alone")
		text := reply(p.prompt("TOOLS"))
		if !strings.Contains(text, "tools: ") || strings.Contains(text, "Agent") || strings.Contains(text, "steer_subagent") || strings.Contains(text, "get_subagent_result") {
			t.Errorf("tools under task: deny = %q; want no Agent, get_subagent_result, steer_subagent", text)
		}
		v.plant()
		// Hidden, the tool is not offered; a call made anyway does not run.
		if isErr, text := spawn(t, p, "sweeper", rm, nil); !isErr || !v.exists() {
			t.Errorf("Agent under task: deny: isError=%v %q; want it refused", isErr, text)
		}
	})

	t.Run("the log names the child's persona and the parent session", func(t *testing.T) {
		es, parents := loggedWithParents(t, w, "Agent")
		n := 0
		for _, e := range es {
			if e.Subagent != "cleaner" || e.Action != "deny" || !slices.Equal(e.Values, []string{"rm -rf VICTIM"}) {
				continue
			}
			n++
			if !parents[e.Parent] || e.Session == e.Parent || e.Agent != "cleaner" {
				t.Errorf("cleaner's entry = %+v; want its own session, persona cleaner and the parent session of an Agent call (%v)", e, parents)
			}
		}
		if n != 2 {
			t.Fatalf("%d denials of cleaner's rm in the log; want 2 (foreground and background): %+v", n, es)
		}
	})
}

func TestRealPiForkLifecycleEventsLinkTheChild(t *testing.T) {
	fork, _ := filepath.Abs(filepath.Join("testdata", "forkchildren.ts"))
	w := agentWorld(t, fork)
	v := newVictim(t, w)
	p := w.startRPC()
	dialogs := recordDialogs(p)
	w.Agentmgr("use", "careful")
	rm := call("bash", map[string]string{"command": "rm -rf VICTIM"})
	for _, choice := range []string{"Reject", "Allow once"} {
		t.Run(choice, func(t *testing.T) {
			v.plant()
			dialogs.expect(choice)
			p.notices = nil
			p.command("/fork-spawn sweeper " + rm)
			if len(dialogs.shown) != 1 || !strings.Contains(dialogs.shown[0], "Subagent sweeper") {
				t.Fatalf("dialogs = %q; want the child's ask in the parent's dialog", dialogs.shown)
			}
			if removed := !v.exists(); removed != (choice == "Allow once") {
				t.Fatalf("after %s: file removed %v; notices %q", choice, removed, p.notices)
			}
		})
	}
	es, err := reviewlog.Read(locations.Dirs{Agent: w.Agent}.ReviewLog(), reviewlog.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(es, func(e reviewlog.Entry) bool { return e.Subagent == "sweeper" && e.Parent != "" })
	if i < 0 || es[i].Parent == es[i].Session {
		t.Fatalf("no log entry of the child linked to its parent session: %+v", es)
	}
}
