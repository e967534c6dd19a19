package pi

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/internal/e2etest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/locations"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/reviewlog"
	"github.com/agentmgr/agentmgr/sessions"
)

// setUp writes the persona, makes it active and installs the extension with the built binary.
func setUp(t *testing.T) *world {
	w := newWorld(t)
	testfiles.Write(t, filepath.Join(w.Agent, "agents", "guarded.md"), e2etest.GuardedPersona)
	w.Agentmgr("use", "guarded")
	w.beforeInstall = listFiles(t, w.Agent)
	if out := w.Agentmgr("pi", "install"); !strings.HasPrefix(out, "installed ") {
		t.Fatalf("pi install: %s", out)
	}
	return w
}

func call(tool string, args any) string {
	b, _ := json.Marshal(args)
	return "CALL " + tool + " " + string(b)
}

func TestRealPi(t *testing.T) {
	w := setUp(t)
	before := listFiles(t, w.Agent)
	p := w.startRPC()

	t.Run("rm -rf / is blocked by the persona's rule and logged", func(t *testing.T) {
		isErr, text := toolEnd(t, p.prompt(call("bash", map[string]string{"command": "rm -rf /"})))
		persona := filepath.Join(w.Agent, "agents", "guarded.md")
		if !isErr || !strings.Contains(text, `"rm *" deny`) || !strings.Contains(text, persona+":7") {
			t.Fatalf("bash rm -rf / ended isError=%v %q; want blocked naming the rule and %s:7", isErr, text, persona)
		}
		es, err := reviewlog.Read(locations.Dirs{Agent: w.Agent}.ReviewLog(), reviewlog.Filter{})
		if err != nil || len(es) == 0 {
			t.Fatalf("review log: %v, %v", es, err)
		}
		last := es[len(es)-1]
		if last.Action != "deny" || last.Rule == nil || last.Rule.Pattern != "rm *" || !slices.Equal(last.Values, []string{"rm -rf /"}) {
			t.Errorf("last review log entry = %+v; want the deny with rule rm *", last)
		}
	})

	t.Run("an allowed read runs", func(t *testing.T) {
		isErr, text := toolEnd(t, p.prompt(call("read", map[string]string{"path": "hello.txt"})))
		if isErr || !strings.Contains(text, "hello from the project") {
			t.Fatalf("read ended isError=%v %q; want the file's text", isErr, text)
		}
	})

	t.Run("the persona's hidden tools are not offered", func(t *testing.T) {
		tools := offered(t, p)
		if slices.Contains(tools, "edit") || slices.Contains(tools, "write") || !slices.Contains(tools, "bash") || !slices.Contains(tools, "read") {
			t.Fatalf("tools offered = %v; want read and bash without edit and write", tools)
		}
	})

	t.Run("agentmgr use during the session changes the tools before the next turn", func(t *testing.T) {
		w.Agentmgr("use", "builder")
		tools := offered(t, p)
		if !slices.Contains(tools, "edit") || !slices.Contains(tools, "write") {
			t.Fatalf("after agentmgr use builder, tools offered = %v; want edit and write back", tools)
		}
		if !slices.ContainsFunc(p.notices, func(n string) bool { return strings.Contains(n, "builder") }) {
			t.Errorf("notices = %q; want one naming builder", p.notices)
		}
		w.Agentmgr("use", "guarded")
		if tools := offered(t, p); slices.Contains(tools, "edit") {
			t.Fatalf("back on guarded, tools offered = %v; want edit hidden again", tools)
		}
	})

	t.Run("/agent NAME switches inside pi and writes state.json", func(t *testing.T) {
		p.command("/agent builder")
		st, _ := personas.LoadState(locations.Dirs{Agent: w.Agent})
		if st.Active != "builder" {
			t.Fatalf("after /agent builder, state.json names %q", st.Active)
		}
		if tools := offered(t, p); !slices.Contains(tools, "edit") {
			t.Fatalf("after /agent builder, tools offered = %v; want edit", tools)
		}
		p.command("/agent guarded")
		if tools := offered(t, p); slices.Contains(tools, "edit") {
			t.Fatalf("after /agent guarded, tools offered = %v; want edit hidden", tools)
		}
	})

	t.Run("/agent-policy shows the rules deciding the session and where each is written", func(t *testing.T) {
		p.notices = nil
		p.command("/agent-policy")
		text := strings.Join(p.notices, "\n")
		persona := filepath.Join(w.Agent, "agents", "guarded.md")
		if !strings.Contains(text, "persona guarded") || !strings.Contains(text, `bash "rm *" deny  (`+persona+":7)") {
			t.Fatalf("/agent-policy said %q; want guarded's rm * deny on %s:7", text, persona)
		}
	})

	t.Run("an ask opens pi's dialog and always stores a session rule", func(t *testing.T) {
		var asked []string
		p.dialog = func(title string, options []string) string {
			asked = options
			for _, o := range options {
				if strings.HasPrefix(o, "Always allow") {
					return o
				}
			}
			return ""
		}
		defer func() { p.dialog = nil }()
		isErr, text := toolEnd(t, p.prompt(call("bash", map[string]string{"command": "git --version"})))
		if isErr || !strings.Contains(text, "git version") {
			t.Fatalf("git --version ended isError=%v %q after always; want it run", isErr, text)
		}
		if len(asked) != 4 || !strings.Contains(asked[1], `"git --version *"`) || asked[2] != "Reject" || !strings.HasPrefix(asked[3], "Reject, with a reason") {
			t.Errorf("dialog options = %q; want once, always showing the pattern, reject, reject with a reason", asked)
		}
		list, err := sessions.Open(locations.Dirs{Agent: w.Agent}).List()
		if err != nil || len(list) != 1 || len(list[0].Rules) != 1 || list[0].Rules[0].Pattern != "git --version *" {
			t.Fatalf("session rules = %+v, %v; want the always rule", list, err)
		}
	})

	t.Run("a rejection with a reason tells the model the reason", func(t *testing.T) {
		p.dialog = func(title string, options []string) string { return options[len(options)-1] }
		p.input = func(string) string { return "use the fixture repository instead" }
		defer func() { p.dialog, p.input = nil, nil }()
		isErr, text := toolEnd(t, p.prompt(call("bash", map[string]string{"command": "git status"})))
		if !isErr || !strings.Contains(text, "rejected this call in pi: use the fixture repository instead") {
			t.Fatalf("git status ended isError=%v %q; want it blocked with the person's reason", isErr, text)
		}
	})

	t.Run("a killed serve blocks calls and comes back", func(t *testing.T) {
		serves := childPIDs(t, p.cmd.Process.Pid)
		if len(serves) == 0 {
			t.Fatal("pi runs no agentmgr serve")
		}
		// With the binary gone, the extension cannot start a new serve: it must block.
		hidden := w.Bin + ".away"
		if err := os.Rename(w.Bin, hidden); err != nil {
			t.Fatal(err)
		}
		for _, pid := range serves {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		isErr, text := toolEnd(t, p.prompt(call("read", map[string]string{"path": "hello.txt"})))
		if err := os.Rename(hidden, w.Bin); err != nil {
			t.Fatal(err)
		}
		if !isErr || !strings.Contains(text, "agentmgr blocked the call") {
			t.Fatalf("with serve gone, read ended isError=%v %q; want blocked with the reason", isErr, text)
		}
		isErr, text = toolEnd(t, p.prompt(call("read", map[string]string{"path": "hello.txt"})))
		if isErr || !strings.Contains(text, "hello from the project") {
			t.Fatalf("with the binary back, read ended isError=%v %q; want it run", isErr, text)
		}
	})

	p.stop()
	t.Run("pi uninstall leaves nothing behind", func(t *testing.T) {
		w.Agentmgr("pi", "uninstall")
		after := listFiles(t, w.Agent)
		for _, f := range before {
			// What install wrote (the extension, and the settings.json it created) goes; the rest stays.
			wrote := !slices.Contains(w.beforeInstall, f)
			if kept := slices.Contains(after, f); kept == wrote {
				t.Errorf("after uninstall, %s is kept %v; install wrote it: %v", f, kept, wrote)
			}
		}
		for _, f := range after {
			if strings.HasPrefix(f, "extensions") || f == SettingsName {
				t.Errorf("after uninstall %s is left", f)
			}
		}
		if st := Check(locations.Dirs{Agent: w.Agent}, w.Bin, "x"); st.Global.Installed {
			t.Errorf("status after uninstall: %+v", st.Global)
		}
	})
}

// offered asks the scripted model which tools it was given.
func offered(t *testing.T, p *rpc) []string {
	t.Helper()
	text := reply(p.prompt("TOOLS"))
	list, ok := strings.CutPrefix(text, "tools: ")
	if !ok {
		t.Fatalf("TOOLS got %q", text)
	}
	return strings.Split(list, ",")
}

// listFiles lists the files under dir, relative.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}

// Without a UI (pi's json mode) an ask goes to the app's inbox, exactly as the gate's do: the
// app (here its server, in the test) asks the person, whose answer decides the call.
func TestRealPiWithoutUIForwardsAsksToTheApp(t *testing.T) {
	w := setUp(t)
	asked := make(chan inbox.Request, 1)
	e2etest.App(t, w.Agent, func(_ context.Context, p *inbox.Prompt) {
		asked <- p.Request
		_ = p.Reply(approvals.Reply{Kind: approvals.Once})
	})

	cmd := execPi(w, "json", call("bash", map[string]string{"command": "git --version"}))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pi --mode json: %v\n%s", err, out)
	}
	var events []map[string]any
	for _, line := range strings.Split(string(out), "\n") {
		var ev map[string]any
		if json.Unmarshal([]byte(line), &ev) == nil {
			events = append(events, ev)
		}
	}
	isErr, text := toolEnd(t, events)
	if isErr || !strings.Contains(text, "git version") {
		t.Fatalf("git --version ended isError=%v %q; want it run after the app allowed it", isErr, text)
	}
	select {
	case r := <-asked:
		if r.Tool != "bash" || r.Value != "git --version" || r.Agent != "guarded" {
			t.Errorf("the app was asked %+v", r)
		}
	default:
		t.Fatal("the app was never asked")
	}
}

// A serve that answers late or with nonsense never lets a call through: the extension blocks
// the call, saying why.
func TestRealPiBlocksOnALateOrMalformedAnswer(t *testing.T) {
	w := newWorld(t)
	// It answers agent like serve too: the extension asks it at load.
	fake := e2etest.BrokenServe(t, w.Home, `*'"type":"agent"'*) echo "{\"id\":$id,\"name\":\"fake\",\"label\":\"fake\",\"hidden\":[],\"prompt\":\"\"}" ;;`)
	w.Agentmgr("pi", "install", "--binary", fake)
	p := w.startRPC()
	isErr, text := toolEnd(t, p.prompt(call("read", map[string]string{"path": "late.txt"})))
	if !isErr || !strings.Contains(text, "no answer within 5 s") {
		t.Fatalf("read with a serve that does not answer ended isError=%v %q; want blocked after 5 s", isErr, text)
	}
	isErr, text = toolEnd(t, p.prompt(call("read", map[string]string{"path": "hello.txt"})))
	if !isErr || !strings.Contains(text, "malformed answer") {
		t.Fatalf("read with a broken serve ended isError=%v %q; want blocked for the malformed answer", isErr, text)
	}
}
