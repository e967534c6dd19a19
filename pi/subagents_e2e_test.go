package pi

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/reviewlog"
)

// The personas of the subagent test. The callers: guarded denies rm, open allows it, careful
// asks for it. The subagents' own personas: cleaner denies rm, wiper allows it; sweeper has
// none. Every one has a bash rule, which pi-subagents refuses in the agent files it reads from
// the same folder, so that it takes the subagents' definitions from their own folder.
var subagentPersonas = map[string]string{
	"guarded": "---\ndescription: Never deletes\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": deny\n---\nBe careful.\n",
	"open":    "---\ndescription: Does anything\npermissions:\n  \"*\": allow\n  bash:\n    \"*\": allow\n---\nGo ahead.\n",
	"careful": "---\ndescription: Asks before deleting\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": ask\n---\nAsk first.\n",
	"cleaner": "---\ndescription: Cleans, never deletes\ntype: subagent\npermissions:\n  \"*\": allow\n  bash:\n    \"*\": allow\n    \"rm *\": deny\n---\nClean without deleting.\n",
	"boss":    "---\ndescription: Delegates, never lists\ntype: subagent\npermissions:\n  \"*\": allow\n  bash:\n    \"*\": allow\n    \"ls *\": deny\n---\nDelegate.\n",
	"wiper":   "---\ndescription: Deletes freely, never reads\ntype: subagent\npermissions:\n  \"*\": allow\n  read: deny\n  bash:\n    \"*\": allow\n---\nWipe without looking.\n",
}

// subagentWorld is pi with pi-subagents and the child's faux model, agentmgr installed by
// `agentmgr pi install`, and the personas and subagents above.
func subagentWorld(t *testing.T) *world {
	w := newWorld(t)
	subagents := piCacheModule(t, w, "pi-subagents 0.67.0", "pi-subagents", "index.ts")
	fauxChild, _ := filepath.Abs(filepath.Join("testdata", "fauxchild.ts"))
	w.extensions = []string{fauxChild, subagents}
	w.addSubagentPersonas(t)
	defs := filepath.Join(w.Home, "subagents")
	for _, name := range []string{"cleaner", "wiper", "sweeper"} {
		testfiles.Write(t, filepath.Join(defs, name+".md"), "---\nname: "+name+"\ndescription: The "+name+" subagent\nmodel: fauxchild/fauxchild-1\ntools: read, bash\nsubagentOnlyExtensions: "+fauxChild+"\n---\nDo the task.\n")
	}
	// boss may start subagents of its own.
	testfiles.Write(t, filepath.Join(defs, "boss.md"), "---\nname: boss\ndescription: The boss subagent\nmodel: fauxchild/fauxchild-1\ntools: read, bash, subagent\nallowNestedSubagents: true\nsubagentOnlyExtensions: "+fauxChild+"\n---\nDelegate.\n")
	// rogue chooses its own extensions, without agentmgr's: its children would run ungated.
	testfiles.Write(t, filepath.Join(defs, "rogue.md"), "---\nname: rogue\ndescription: The rogue subagent\nmodel: fauxchild/fauxchild-1\ntools: read, bash\nextensions: "+fauxChild+"\n---\nDo the task.\n")
	testfiles.Write(t, filepath.Join(w.Agent, "settings.json"), `{"subagents": {"agentScanDirs": [`+quote(defs)+`]}}`)
	if out := w.Agentmgr("pi", "install"); !strings.Contains(out, "subagents.defaultExtensions") {
		t.Fatalf("pi install did not list the extension for pi-subagents' children: %s", out)
	}
	return w
}

func quote(s string) string { return fmt.Sprintf("%q", s) }

// delegate has the parent call pi-subagents' subagent tool with a foreground child of sub
// whose task runs command, and returns what the child reported.
func delegate(t *testing.T, p *rpc, sub, command string) string {
	t.Helper()
	task := call("bash", map[string]string{"command": command})
	isErr, text := toolEnd(t, p.prompt(call("subagent", map[string]any{"agent": sub, "task": task, "async": false})))
	if isErr {
		t.Fatalf("the subagent call itself failed: %s", text)
	}
	if !strings.Contains(text, "child done:") {
		t.Fatalf("the child did not run its call: %s", text)
	}
	return text
}

func TestRealPiSubagentsAreGoverned(t *testing.T) {
	w := subagentWorld(t)
	v := newVictim(t, w)
	p := w.startRPC()
	dialogs := recordDialogs(p)

	cases := []struct {
		name, caller, sub, want string
	}{
		{"the caller's persona denies: blocked", "guarded", "sweeper", `"rm *" deny`},
		{"the subagent's own persona denies, the caller's allows: blocked", "open", "cleaner", `cleaner.md`},
		{"the subagent's persona allows what the caller's denies: still blocked", "guarded", "wiper", `guarded.md`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w.Agentmgr("use", tc.caller)
			v.plant()
			text := delegate(t, p, tc.sub, "rm -rf VICTIM")
			if !v.exists() || !strings.Contains(text, "isError=true") || !strings.Contains(text, tc.want) {
				t.Fatalf("under %s, subagent %s's rm -rf: file kept %v, child saw %q; want it blocked naming %s", tc.caller, tc.sub, v.exists(), text, tc.want)
			}
		})
	}

	t.Run("a nested child is decided by every persona on its chain", func(t *testing.T) {
		w.Agentmgr("use", "open")
		inner := call("subagent", map[string]any{"agent": "wiper", "task": call("bash", map[string]string{"command": "ls -l"}), "async": false})
		_, text := toolEnd(t, p.prompt(call("subagent", map[string]any{"agent": "boss", "task": inner, "async": false})))
		if !strings.Contains(text, "isError=true") || !strings.Contains(text, "boss.md") {
			t.Fatalf("wiper started by boss ran ls -l: %q; want it blocked by boss's persona", text)
		}
	})

	t.Run("the child's tools and system prompt are its own persona's, never looser than the caller's", func(t *testing.T) {
		w.Agentmgr("use", "guarded")
		ask := func(sub, what string) string {
			_, text := toolEnd(t, p.prompt(call("subagent", map[string]any{"agent": sub, "task": what, "async": false})))
			return text
		}
		if text := ask("wiper", "TOOLS"); !strings.Contains(text, "child tools: ") || strings.Contains(text, "read") || !strings.Contains(text, "bash") {
			t.Errorf("wiper's tools: %q; want bash without read, which wiper's persona hides", text)
		}
		if text := ask("sweeper", "TOOLS"); !strings.Contains(text, "child tools: ") || !strings.Contains(text, "read") {
			t.Errorf("sweeper's tools: %q; want read, which the caller's persona allows", text)
		}
		text := ask("wiper", "SYSTEM")
		if !strings.Contains(text, "Wipe without looking.") || strings.Contains(text, "Be careful.") {
			t.Errorf("wiper's system prompt: %q; want wiper's persona, not the caller's", text)
		}
	})

	t.Run("a child's ask is answered in the parent's dialog: Reject keeps the file", func(t *testing.T) {
		w.Agentmgr("use", "careful")
		v.plant()
		dialogs.expect("Reject")
		text := delegate(t, p, "sweeper", "rm -rf VICTIM")
		if len(dialogs.shown) != 1 || !strings.Contains(dialogs.shown[0], "Subagent sweeper") ||
			!strings.Contains(dialogs.shown[0], "Allow once|Always, this subagent|Always, the whole session|Reject") {
			t.Fatalf("dialogs = %q; want one naming subagent sweeper with the four answers", dialogs.shown)
		}
		if !v.exists() || !strings.Contains(text, "rejected") {
			t.Fatalf("after Reject: file kept %v, child saw %q", v.exists(), text)
		}
		// The footer keeps a mark of the parent's persona; the child's own has no UI.
		if got := p.status["agentmgr"]; got != "agent: careful" {
			t.Errorf("status line = %q; want agent: careful", got)
		}
	})

	t.Run("a child's ask is answered in the parent's dialog: Allow once removes the file", func(t *testing.T) {
		v.plant()
		dialogs.expect("Allow once")
		text := delegate(t, p, "sweeper", "rm -rf VICTIM")
		if len(dialogs.shown) != 1 || v.exists() || !strings.Contains(text, "isError=false") {
			t.Fatalf("after Allow once: dialogs %q, file kept %v, child saw %q; want the file removed", dialogs.shown, v.exists(), text)
		}
	})

	t.Run("a child's ask with no parent UI goes to the app's inbox and is denied when nobody serves it", func(t *testing.T) {
		w.Agentmgr("use", "careful")
		v.plant()
		task := call("bash", map[string]string{"command": "rm -rf VICTIM"})
		cmd := execPi(w, "json", call("subagent", map[string]any{"agent": "sweeper", "task": task, "async": false}))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pi --mode json: %v\n%s", err, out)
		}
		text := string(out)
		if !v.exists() || !strings.Contains(text, "child done: isError=true") || !strings.Contains(text, "nobody is serving agentmgr's inbox") {
			t.Fatalf("without a UI: file kept %v; want the child's rm denied because nobody serves the inbox; output ends:\n%s", v.exists(), tail(text, 3000))
		}
	})

	t.Run("a subagent whose children would run ungated asks first, saying how to fix it", func(t *testing.T) {
		w.Agentmgr("use", "open")
		v.plant()
		dialogs.expect("Reject")
		task := call("bash", map[string]string{"command": "rm -rf VICTIM"})
		isErr, text := toolEnd(t, p.prompt(call("subagent", map[string]any{"agent": "rogue", "task": task, "async": false})))
		if len(dialogs.shown) != 1 || !strings.Contains(dialogs.shown[0], "lists its own extensions") || !strings.Contains(dialogs.shown[0], "rogue.md") {
			t.Fatalf("dialogs = %q; want one about rogue.md's own extensions", dialogs.shown)
		}
		if !isErr || !v.exists() {
			t.Fatalf("after Reject: the subagent call ended isError=%v %q, file kept %v; want it blocked and the file kept", isErr, text, v.exists())
		}
	})

	t.Run("the log names the subagent and links the parent session", func(t *testing.T) {
		es, parents := loggedWithParents(t, w, "subagent")
		i := slices.IndexFunc(es, func(e reviewlog.Entry) bool {
			return e.Subagent == "cleaner" && e.Action == "deny" && slices.Equal(e.Values, []string{"rm -rf VICTIM"})
		})
		if i < 0 {
			t.Fatalf("no deny of cleaner's rm in the log: %+v", es)
		}
		if e := es[i]; !parents[e.Parent] || e.Session == e.Parent || e.Agent != "cleaner" {
			t.Fatalf("cleaner's entry = %+v; want its own session, persona cleaner and the parent session of a subagent call (%v)", e, parents)
		}
	})
}
