package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/e2etest"
	"github.com/agentmgr/agentmgr/internal/jsonc"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// The pi-permission-system oracle: every configuration of convert/testdata/pps/configs is
// installed where pi-permission-system reads it, its own extension code decides the calls of
// convert/testdata/pps/calls.json as pi drives it (convert/testdata/pps/decide.mjs), then
// `agentmgr import pps` imports it and `agentmgr serve` decides the same calls as the pi
// extension asks them. agentmgr must never be looser, and decide nearly every call alike.

// ppsCase is one configuration: the global and project config files, agent files' permission
// blocks, and the agent pi runs as.
type ppsCase struct {
	Global  json.RawMessage            `json:"global"`
	Project json.RawMessage            `json:"project"`
	Agents  map[string]json.RawMessage `json:"agents"`
	Agent   string                     `json:"agent"`
}

type ppsCall struct {
	Tool  string          `json:"tool"`
	Input json.RawMessage `json:"input"`
}

// ppsOracle finds pi-permission-system's package and the Node 22 that runs it: skipped without
// them, a failure under CI=true.
func ppsOracle(t *testing.T) (pkg, node string) {
	t.Helper()
	missing := func(why string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pi-permission-system is required with CI=true: %s (make deps-pps)", why)
		}
		t.Skip(why)
	}
	pkg, node = os.Getenv("AGENTMGR_TEST_PPS"), os.Getenv("AGENTMGR_TEST_NODE22")
	if pkg == "" || node == "" {
		missing("AGENTMGR_TEST_PPS or AGENTMGR_TEST_NODE22 is not set")
	}
	if _, err := os.Stat(filepath.Join(pkg, "src", "index.ts")); err != nil {
		missing(err.Error())
	}
	if _, err := os.Stat(node); err != nil {
		missing(err.Error())
	}
	return pkg, node
}

func TestPPSImportNeverLooserThanPPS(t *testing.T) {
	pkg, node := ppsOracle(t)
	testdata := filepath.Join("..", "..", "convert", "testdata", "pps")
	var calls []ppsCall
	readJSON(t, filepath.Join(testdata, "calls.json"), &calls)
	files, _ := filepath.Glob(filepath.Join(testdata, "configs", "*.json"))
	if len(files) < 10 {
		t.Fatalf("only %d configurations", len(files))
	}
	total, alike := 0, 0
	var looser []string
	type layout struct {
		name, home, agentDir, proj, agent string
		yolo                              bool
	}
	var cases []layout
	for _, f := range files {
		var c ppsCase
		readJSON(t, f, &c)
		home := t.TempDir()
		agentDir, proj := ppsLayout(t, home, c)
		cases = append(cases, layout{strings.TrimSuffix(filepath.Base(f), ".json"), home, agentDir, proj, c.Agent, c.yoloMode(t)})
	}
	// One Node process decides every case: loading the extension's TypeScript is its slow part.
	var req []map[string]any
	for _, c := range cases {
		req = append(req, map[string]any{"home": c.home, "agentDir": c.agentDir, "cwd": c.proj, "agent": c.agent, "calls": calls})
	}
	all := ppsDecide(t, pkg, node, req, len(calls))
	// advised counts the calls decided alike once the import report's advice is followed: a
	// configuration with yoloMode on has `agentmgr yolo on` too (the import reports it and
	// leaves agentmgr's own switch to the person).
	advised := 0
	for ci, c := range cases {
		name, theirs := c.name, all[ci]
		ours := agentmgrDecide(t, c.home, c.agentDir, c.proj, c.agent, false, calls)
		withYolo := ours
		if c.yolo {
			withYolo = agentmgrDecide(t, c.home, c.agentDir, c.proj, c.agent, true, calls)
		}
		for i, call := range calls {
			if withYolo[i] == theirs[i] {
				advised++
			} else if engine.Stricter(withYolo[i], theirs[i]) == theirs[i] {
				looser = append(looser, fmt.Sprintf("%s, yolo on: %s %s: agentmgr %s, pi-permission-system %s", name, call.Tool, call.Input, withYolo[i], theirs[i]))
			}
			total++
			switch {
			case ours[i] == theirs[i]:
				alike++
			case engine.Stricter(ours[i], theirs[i]) == theirs[i] && ours[i] != theirs[i]:
				looser = append(looser, fmt.Sprintf("%s: %s %s: agentmgr %s, pi-permission-system %s", name, call.Tool, call.Input, ours[i], theirs[i]))
			default:
				t.Logf("%s: %s %s: agentmgr %s (stricter), pi-permission-system %s", name, call.Tool, call.Input, ours[i], theirs[i])
			}
		}
	}
	for _, l := range looser {
		t.Error("looser: " + l)
	}
	pct := 100 * float64(alike) / float64(total)
	t.Logf("%d configurations, %d calls: %d decided alike (%.1f%%), %d looser; with the report's advice followed (yolo on where yoloMode was), %d alike (%.1f%%)",
		len(files), total, alike, pct, len(looser), advised, 100*float64(advised)/float64(total))
	if pct < 96 {
		t.Errorf("only %.1f%% of the calls decided alike; want at least 96%%", pct)
	}
}

// yoloMode reports whether the case's global or project config has yoloMode on.
func (c ppsCase) yoloMode(t *testing.T) bool {
	t.Helper()
	for _, raw := range []json.RawMessage{c.Global, c.Project} {
		var cfg struct {
			YoloMode bool `json:"yoloMode"`
		}
		if len(raw) > 0 && json.Unmarshal(raw, &cfg) == nil && cfg.YoloMode {
			return true
		}
	}
	return false
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(jsonc.Strip(data), v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// ppsLayout writes the case's files under home and the project the calls are made in: a
// source file, env files, a link to .env, a key and folders outside the project.
func ppsLayout(t *testing.T, home string, c ppsCase) (agentDir, proj string) {
	t.Helper()
	agentDir = filepath.Join(home, ".pi", "agent")
	proj = filepath.Join(home, "proj")
	write := func(p, text string) {
		testfiles.Write(t, p, text)
	}
	for _, p := range []string{"src/app.ts", ".env", ".env.example", "config/prod.env", "certs/server.pem", "Cargo.lock", "files.txt"} {
		write(filepath.Join(proj, p), "x\n")
	}
	for _, p := range []string{".ssh/id_rsa", ".cargo/registry/index.json", "development/other/readme.md", "other/notes.md"} {
		write(filepath.Join(home, p), "x\n")
	}
	if err := os.Symlink(".env", filepath.Join(proj, "envlink")); err != nil {
		t.Fatal(err)
	}
	if len(c.Global) > 0 {
		write(filepath.Join(agentDir, "extensions", "pi-permission-system", "config.json"), string(c.Global))
	}
	if len(c.Project) > 0 {
		write(filepath.Join(proj, ".pi", "extensions", "pi-permission-system", "config.json"), string(c.Project))
	}
	names := make([]string, 0, len(c.Agents))
	for n := range c.Agents {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		// pi-permission-system reads block maps of scalars only, so the block is written so.
		write(filepath.Join(agentDir, "agents", n+".md"), "---\nname: "+n+"\ndescription: agent "+n+"\npermission:\n"+blockYAML(t, c.Agents[n], "  ")+"---\nYou are "+n+".\n")
	}
	return agentDir, proj
}

// ppsDecide runs pi-permission-system's extension on the cases, each with its own home, agent
// dir and project.
func ppsDecide(t *testing.T, pkg, node string, cases []map[string]any, n int) [][]engine.Action {
	t.Helper()
	var ans []struct {
		Decisions []struct {
			Action engine.Action `json:"action"`
		} `json:"decisions"`
	}
	script := e2etest.NodeScript{Node: node, Script: filepath.Join("..", "..", "convert", "testdata", "pps", "decide.mjs"), Args: []string{pkg}, Dir: cases[0]["cwd"].(string)}
	script.JSON(t, cases, &ans)
	if len(ans) != len(cases) {
		t.Fatalf("decide.mjs answered %d cases of %d", len(ans), len(cases))
	}
	acts := make([][]engine.Action, len(cases))
	for ci, a := range ans {
		if len(a.Decisions) != n {
			t.Fatalf("decide.mjs gave %d decisions for %d calls", len(a.Decisions), n)
		}
		for _, d := range a.Decisions {
			acts[ci] = append(acts[ci], d.Action)
		}
	}
	return acts
}

// agentmgrDecide imports the configuration with `agentmgr import pps` and decides the calls
// through `agentmgr serve`, as the pi extension asks them.
func agentmgrDecide(t *testing.T, home, agentDir, proj, agent string, yolo bool, calls []ppsCall) []engine.Action {
	t.Helper()
	getenv := func(k string) string {
		switch k {
		case "HOME":
			return home
		case "PI_CODING_AGENT_DIR":
			return agentDir
		}
		return ""
	}
	cmd := func(stdin string, args ...string) string {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, cwd: proj, getenv: getenv}
		if code := run(args, e); code != 0 {
			t.Fatalf("agentmgr %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
		}
		return out.String()
	}
	cmd("", "import", "pps", "--force")
	persona := "pps"
	if agent != "" {
		persona = agent
	}
	cmd("", "use", persona)
	if yolo {
		cmd("", "yolo", "on")
		defer cmd("", "yolo", "off")
	}
	var in strings.Builder
	for i, c := range calls {
		line, _ := json.Marshal(map[string]any{"id": i, "type": "decide", "cwd": proj, "session": "oracle", "tool": c.Tool, "input": c.Input})
		in.Write(line)
		in.WriteByte('\n')
	}
	out := cmd(in.String(), "serve", "--stdio")
	acts := make([]engine.Action, len(calls))
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			ID     *int          `json:"id"`
			Action engine.Action `json:"action"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil || r.ID == nil || *r.ID < 0 || *r.ID >= len(calls) || r.Action == "" {
			t.Fatalf("serve answered %s (%v)", sc.Bytes(), err)
		}
		acts[*r.ID] = r.Action
	}
	for i, a := range acts {
		if a == "" {
			t.Fatalf("serve gave no answer for call %d", i)
		}
	}
	return acts
}

// blockYAML writes a JSON object of strings and objects as a YAML block map, keys in order.
func blockYAML(t *testing.T, obj json.RawMessage, indent string) string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s: expected an object", obj)
	}
	var b strings.Builder
	for dec.More() {
		tok, _ := dec.Token()
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		var str string
		if json.Unmarshal(v, &str) == nil {
			fmt.Fprintf(&b, "%s%q: %s\n", indent, key, str)
			continue
		}
		fmt.Fprintf(&b, "%s%q:\n%s", indent, key, blockYAML(t, v, indent+"  "))
	}
	return b.String()
}
