package pi

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/internal/e2etest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// piTools are the node binary and pi's CLI script.
type piTools struct{ node, cli string }

// findPi finds Node 22 and pi in the pi cache (`make deps-pi`).
func findPi(t testing.TB) piTools {
	t.Helper()
	node, cli := e2etest.Pi(t)
	return piTools{node, cli}
}

// script is the Node script testdata/name run by pi's Node 22, which strips the types of the
// TypeScript it imports (the extension), with args.
func (p piTools) script(name string, args ...string) e2etest.NodeScript {
	return e2etest.NodeScript{Node: p.node, Flags: []string{"--experimental-strip-types", "--no-warnings"}, Script: filepath.Join("testdata", name), Args: args}
}

// agentmgrBinary builds the headless agentmgr binary once for all tests.
func agentmgrBinary(t testing.TB) string { return e2etest.Agentmgr(t, "..") }

// world is a home folder with pi's agent dir and a project, and the environment pi and
// agentmgr run in.
type world struct {
	e2etest.World
	tools piTools
	// extensions are more extensions pi loads (-e), after the faux model.
	extensions []string
	// beforeInstall are the agent dir's files before `agentmgr pi install`, when a test took them.
	beforeInstall []string
	// fauxInAgentDir says the faux model is an extension of the agent dir, which children
	// started inside pi load too, instead of one pi loads with -e.
	fauxInAgentDir bool
}

func newWorld(t *testing.T) *world {
	tools := findPi(t)
	w := &world{World: e2etest.NewWorld(t, "..", "agent"), tools: tools}
	w.Env = []string{
		"HOME=" + w.Home,
		"PI_CODING_AGENT_DIR=" + w.Agent,
		"PATH=" + filepath.Dir(tools.node) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"LANG=C.UTF-8",
	}
	testfiles.Write(t, filepath.Join(w.Project, "hello.txt"), "hello from the project\n")
	return w
}

// piArgs are the arguments that run pi offline with the scripted model.
func (w *world) piArgs(mode string) []string {
	faux, _ := filepath.Abs(filepath.Join("testdata", "faux.ts"))
	args := []string{w.tools.cli, "--offline", "--mode", mode, "--no-session"}
	if !w.fauxInAgentDir {
		args = append(args, "-e", faux)
	}
	for _, e := range w.extensions {
		args = append(args, "-e", e)
	}
	return append(args, "--provider", "faux", "--model", "faux-1")
}

// rpc is pi running in RPC mode.
type rpc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	events chan map[string]any
	done   chan struct{}
	nextID int
	// dialog answers pi's select dialogs: the option to choose, "" to cancel.
	dialog func(title string, options []string) string
	// input answers pi's input dialogs: the text to enter, "" to cancel.
	input   func(title string) string
	notices []string
	// status is the footer's status entries (setStatus), by key.
	status map[string]string
}

func (w *world) startRPC() *rpc {
	w.T.Helper()
	cmd := exec.Command(w.tools.node, w.piArgs("rpc")...)
	cmd.Dir, cmd.Env = w.Project, w.Env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		w.T.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		w.T.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		w.T.Fatal(err)
	}
	r := &rpc{t: w.T, cmd: cmd, stdin: stdin, events: make(chan map[string]any, 1024), done: make(chan struct{})}
	go func() {
		defer close(r.done)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			var ev map[string]any
			if json.Unmarshal(sc.Bytes(), &ev) == nil {
				r.events <- ev
			}
		}
	}()
	w.T.Cleanup(func() {
		r.stop()
		if w.T.Failed() {
			w.T.Logf("pi stderr:\n%s", stderr.String())
		}
	})
	r.ready()
	return r
}

// startTimeout only keeps a pi that never starts from hanging the test run: loading its
// extensions (pi-subagents is large, and compiled on every start) takes seconds on an idle
// machine and can take minutes on a loaded one.
const startTimeout = 5 * time.Minute

// ready waits until pi answers an RPC command, so that no turn's wait includes pi's start.
func (r *rpc) ready() {
	r.t.Helper()
	r.send(map[string]any{"id": "ready", "type": "get_state"})
	deadline := time.After(startTimeout)
	for {
		select {
		case ev := <-r.events:
			if ev["type"] == "response" && ev["id"] == "ready" {
				return
			}
			if ev["type"] == "extension_ui_request" {
				r.ui(ev)
			}
		case <-r.done:
			r.t.Fatal("pi exited before it was ready")
		case <-deadline:
			r.t.Fatalf("pi did not start in %s", startTimeout)
		}
	}
}

// stop closes pi's input and waits for it to exit; a pi that does not is killed.
func (r *rpc) stop() {
	r.stdin.Close()
	select {
	case <-r.done:
	case <-time.After(10 * time.Second):
		_ = r.cmd.Process.Kill()
		<-r.done
	}
	_ = r.cmd.Wait()
}

// turnTimeout only keeps a broken pi from hanging the test run; no result depends on it.
const turnTimeout = 60 * time.Second

// prompt sends a prompt and returns the events of the run it starts, answering dialogs on the
// way, up to the run's agent_settled.
func (r *rpc) prompt(msg string) []map[string]any {
	r.t.Helper()
	ended := false
	return r.exchange("p", msg, "finish", func(id string, ev map[string]any) bool {
		switch ev["type"] {
		case "response":
			if ev["id"] == id && ev["success"] != true {
				r.t.Fatalf("prompt %q failed: %v", msg, ev["error"])
			}
		case "agent_end":
			ended = true
		case "agent_settled":
			return ended
		}
		return false
	})
}

// exchange sends msg as a prompt under a new id starting with prefix, and reads pi's events,
// answering dialogs on the way, up to the one end says closes the exchange (verb: "finish",
// "answer").
func (r *rpc) exchange(prefix, msg, verb string, end func(id string, ev map[string]any) bool) []map[string]any {
	r.t.Helper()
	r.nextID++
	id := fmt.Sprintf("%s%d", prefix, r.nextID)
	r.send(map[string]any{"id": id, "type": "prompt", "message": msg})
	return r.until(fmt.Sprintf("%s %q", verb, msg), func(ev map[string]any) bool { return end(id, ev) })
}

// until reads pi's events, answering dialogs, up to the one end says is the last, and returns
// them. pi exiting, or not getting there (what: what pi must do) within turnTimeout, fails the
// test.
func (r *rpc) until(what string, end func(ev map[string]any) bool) []map[string]any {
	r.t.Helper()
	var got []map[string]any
	deadline := time.After(turnTimeout)
	for {
		var ev map[string]any
		select {
		case ev = <-r.events:
		case <-r.done:
			r.t.Fatalf("pi exited before it would %s", what)
		case <-deadline:
			r.t.Fatalf("pi did not %s in %s; events: %v", what, turnTimeout, summary(got))
		}
		got = append(got, ev)
		if ev["type"] == "extension_ui_request" {
			r.ui(ev)
		} else if end(ev) {
			return got
		}
	}
}

func (r *rpc) ui(ev map[string]any) {
	switch ev["method"] {
	case "notify":
		r.notices = append(r.notices, fmt.Sprint(ev["message"]))
	case "setStatus":
		if r.status == nil {
			r.status = map[string]string{}
		}
		r.status[fmt.Sprint(ev["statusKey"])] = fmt.Sprint(ev["statusText"])
	case "select":
		var options []string
		for _, o := range ev["options"].([]any) {
			options = append(options, o.(string))
		}
		choice := ""
		if r.dialog != nil {
			choice = r.dialog(fmt.Sprint(ev["title"]), options)
		}
		if choice == "" {
			r.send(map[string]any{"type": "extension_ui_response", "id": ev["id"], "cancelled": true})
		} else {
			r.send(map[string]any{"type": "extension_ui_response", "id": ev["id"], "value": choice})
		}
	case "input":
		text := ""
		if r.input != nil {
			text = r.input(fmt.Sprint(ev["title"]))
		}
		if text == "" {
			r.send(map[string]any{"type": "extension_ui_response", "id": ev["id"], "cancelled": true})
		} else {
			r.send(map[string]any{"type": "extension_ui_response", "id": ev["id"], "value": text})
		}
	case "confirm", "editor":
		r.send(map[string]any{"type": "extension_ui_response", "id": ev["id"], "cancelled": true})
	}
}

func (r *rpc) send(v any) {
	r.t.Helper()
	line, _ := json.Marshal(v)
	if _, err := r.stdin.Write(append(line, '\n')); err != nil {
		r.t.Fatalf("writing to pi: %v", err)
	}
}

// toolEnd is the tool_execution_end of a run: whether the call failed and the result text.
func toolEnd(t *testing.T, events []map[string]any) (isError bool, text string) {
	t.Helper()
	for _, ev := range events {
		if ev["type"] != "tool_execution_end" {
			continue
		}
		res, _ := ev["result"].(map[string]any)
		var b strings.Builder
		for _, c := range asList(res["content"]) {
			if m, ok := c.(map[string]any); ok {
				b.WriteString(fmt.Sprint(m["text"]))
			}
		}
		return ev["isError"] == true, b.String()
	}
	t.Fatalf("the run called no tool; events: %v", summary(events))
	return false, ""
}

// reply is the model's last text of a run.
func reply(events []map[string]any) string {
	text := ""
	for _, ev := range events {
		if ev["type"] != "message_end" {
			continue
		}
		m, _ := ev["message"].(map[string]any)
		if m["role"] != "assistant" {
			continue
		}
		for _, c := range asList(m["content"]) {
			if cm, ok := c.(map[string]any); ok && cm["type"] == "text" {
				text = fmt.Sprint(cm["text"])
			}
		}
	}
	return text
}

func asList(v any) []any { l, _ := v.([]any); return l }

func summary(events []map[string]any) []string {
	var out []string
	for _, ev := range events {
		s := fmt.Sprint(ev["type"])
		if ev["type"] == "tool_execution_end" || ev["type"] == "extension_ui_request" {
			b, _ := json.Marshal(ev)
			s = string(b)
		}
		out = append(out, s)
	}
	return out
}

// childPIDs are the processes whose parent is pid (Linux /proc).
func childPIDs(t *testing.T, pid int) []int {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("finding serve's process needs /proc")
	}
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, f := range tasks {
		data, _ := os.ReadFile(f)
		for _, s := range strings.Fields(string(data)) {
			var n int
			fmt.Sscan(s, &n)
			out = append(out, n)
		}
	}
	return out
}

// execPi is pi run once in mode with prompt as its argument.
func execPi(w *world, mode, prompt string) *exec.Cmd {
	cmd := exec.Command(w.tools.node, append(w.piArgs(mode), prompt)...)
	cmd.Dir, cmd.Env = w.Project, w.Env
	return cmd
}

// command sends an extension command (a prompt starting with /), which pi handles without a
// model run, and returns the events up to its response.
func (r *rpc) command(msg string) []map[string]any {
	r.t.Helper()
	return r.exchange("c", msg, "answer", func(id string, ev map[string]any) bool {
		if ev["type"] != "response" || ev["id"] != id {
			return false
		}
		data, _ := ev["data"].(map[string]any)
		if ev["success"] != true || data["disposition"] != "handled" {
			r.t.Fatalf("%q: response %v; want handled", msg, ev)
		}
		return true
	})
}
