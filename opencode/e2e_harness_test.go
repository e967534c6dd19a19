package opencode

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/internal/e2etest"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// world is an isolated home with pi's agent dir, a project OpenCode runs in, the fake model
// OpenCode talks to, and the environment OpenCode and agentmgr run in.
type world struct {
	e2etest.World
	opencode string
	model    *fakeModel
}

// openCodeConfig is the project's opencode.json: the fake model as an OpenAI-compatible
// provider, as OpenCode's docs configure a local model.
const openCodeConfig = `{
  "$schema": "https://opencode.ai/config.json",
  "model": "fake/fake-1",
  "provider": {
    "fake": {
      "npm": "@ai-sdk/openai-compatible",
      "name": "Fake",
      "options": {"baseURL": %q, "apiKey": "not-needed"},
      "models": {"fake-1": {"name": "Fake 1", "tool_call": true}}
    }
  }
}
`

func newWorld(t *testing.T) *world {
	oc := e2etest.OpenCode.Find(t) // before the build: under -short it skips
	w := &world{World: e2etest.NewWorld(t, "..", ".pi", "agent"), opencode: oc, model: &fakeModel{}}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: w.model}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	w.Env = []string{
		"HOME=" + w.Home,
		"PWD=" + w.Project, // OpenCode takes the project from $PWD, not from its cwd
		"PATH=" + os.Getenv("PATH"),
		"LANG=C.UTF-8",
		"XDG_CONFIG_HOME=" + filepath.Join(w.Home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(w.Home, ".local", "share"),
		"XDG_CACHE_HOME=" + filepath.Join(w.Home, ".cache"),
		"XDG_STATE_HOME=" + filepath.Join(w.Home, ".local", "state"),
		"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1",
		"OPENCODE_DISABLE_SHARE=1", "OPENCODE_DISABLE_CLAUDE_CODE=1",
	}
	testfiles.Write(t, filepath.Join(w.Project, "opencode.json"), fmt.Sprintf(openCodeConfig, "http://"+ln.Addr().String()+"/v1"))
	testfiles.Write(t, filepath.Join(w.Project, "hello.txt"), "hello from the project\n")
	// A git repository makes the project folder OpenCode's worktree.
	if err := os.MkdirAll(filepath.Join(w.Project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	w.provision(filepath.Join(w.Project, ".opencode"))
	w.provision(filepath.Join(w.Home, ".config", "opencode"))
	return w
}

// provision makes OpenCode find its plugin package installed in the config folder dir:
// without it OpenCode 1.18.33 tries to install @opencode-ai/plugin from npm there, which
// offline takes a minute to give up. The plugin does not import it.
func (w *world) provision(dir string) {
	testfiles.Write(w.T, filepath.Join(dir, "package.json"), `{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}`+"\n")
	testfiles.Write(w.T, filepath.Join(dir, "package-lock.json"), `{"packages":{"":{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}}}`+"\n")
	if err := os.MkdirAll(filepath.Join(dir, "node_modules"), 0o755); err != nil {
		w.T.Fatal(err)
	}
}

// runTimeout only keeps a broken OpenCode from hanging the test run; no result depends on it.
const runTimeout = 2 * time.Minute

// run is one `opencode run --format json` and what came of it.
type run struct {
	events []map[string]any
	stderr string
	// results are the tool results the model read, in order.
	results []string
}

// run runs OpenCode once with the prompt under agent ("" for OpenCode's default) and extra
// flags, and returns its events.
func (w *world) run(agent, prompt string, flags ...string) run {
	w.T.Helper()
	args := []string{"run", "--format", "json"}
	if agent != "" {
		args = append(args, "--agent", agent)
	}
	args = append(append(args, flags...), prompt)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, w.opencode, args...)
	cmd.Dir, cmd.Env = w.Project, w.Env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	n := w.model.resultCount()
	err := cmd.Run()
	r := run{stderr: stderr.String(), results: w.model.resultsSince(n)}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var ev map[string]any
		if json.Unmarshal(sc.Bytes(), &ev) == nil {
			r.events = append(r.events, ev)
		}
	}
	if ctx.Err() != nil {
		w.T.Fatalf("opencode %s did not finish in %s\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), runTimeout, stdout.String(), r.stderr)
	}
	if err != nil {
		w.T.Logf("opencode %s: %v", strings.Join(args, " "), err)
	}
	return r
}

// toolPart is one tool call of the run's main session as OpenCode reported it.
type toolPart struct {
	tool, status string
	out          string // the output, or the error of a call that failed
}

// parts are the tool calls of the run's main session, in order.
func (r run) parts() []toolPart {
	var out []toolPart
	for _, ev := range r.events {
		if ev["type"] != "tool_use" {
			continue
		}
		part, _ := ev["part"].(map[string]any)
		state, _ := part["state"].(map[string]any)
		p := toolPart{tool: fmt.Sprint(part["tool"]), status: fmt.Sprint(state["status"]), out: fmt.Sprint(state["output"])}
		if p.status == "error" {
			p.out = fmt.Sprint(state["error"])
		}
		out = append(out, p)
	}
	return out
}

// part is the run's i-th tool call, which must be of tool.
func (r run) part(t *testing.T, i int, tool string) toolPart {
	t.Helper()
	ps := r.parts()
	if i >= len(ps) || ps[i].tool != tool {
		b, _ := json.Marshal(r.events)
		t.Fatalf("the run's tool call %d is not %s: %+v\nevents: %s\nstderr:\n%s", i, tool, ps, b, r.stderr)
	}
	return ps[i]
}
