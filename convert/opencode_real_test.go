package convert

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/personas/personastest"
)

// realTool is the path of a pinned external tool the Makefile installs (its env var), or a
// skip when it is missing and CI is not "true".
func realTool(t *testing.T, env string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("a real-tool end-to-end test: the quick tier (go test -short, make check) leaves it out")
	}
	p := os.Getenv(env)
	if p != "" {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not set to an installed tool (%q); run make deps", env, p)
	}
	t.Skipf("%s not set or missing; make test installs it", env)
	return ""
}

// openCodeEnv is the environment OpenCode runs offline in, with its home and XDG folders in
// home and PWD set to the project (OpenCode reads $PWD, not the process's folder).
func openCodeEnv(home, project string) []string {
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "PWD=" + project,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_DATA_HOME=" + filepath.Join(home, ".local/share"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "XDG_STATE_HOME=" + filepath.Join(home, ".local/state"),
		"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1",
		"OPENCODE_DISABLE_SHARE=1", "OPENCODE_DISABLE_CLAUDE_CODE=1"}
	return env
}

// runOpenCode runs the real OpenCode with args in project and returns its standard output.
func runOpenCode(t *testing.T, bin, home, project string, args ...string) []byte {
	t.Helper()
	// A hang, not a slow machine, is what this limit catches.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir, cmd.Env = project, openCodeEnv(home, project)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// OpenCode exits before a pipe has taken all of a long output (its agent list is cut
	// mid-rule past some size); a file takes every write.
	f, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdout = f
	err = cmd.Run()
	out, rerr := os.ReadFile(f.Name())
	if rerr != nil {
		t.Fatal(rerr)
	}
	if err != nil {
		t.Fatalf("opencode %s: %v\n%s\n%s", strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return out
}

var agentHeaderRE = regexp.MustCompile(`^(\S+) \((primary|subagent|all)\)$`)

// parseAgentList reads `opencode agent list`: each agent's name and mode, then its resolved
// rules as indented JSON.
func parseAgentList(t *testing.T, out []byte) map[string][]ocRule {
	t.Helper()
	agents := map[string][]ocRule{}
	var name string
	var buf strings.Builder
	flush := func() {
		if name == "" {
			return
		}
		var raw []struct{ Permission, Pattern, Action string }
		if err := json.Unmarshal([]byte(buf.String()), &raw); err != nil {
			t.Fatalf("agent %s: cannot read its rules: %v\n%s", name, err, buf.String())
		}
		var rs []ocRule
		for _, r := range raw {
			rs = append(rs, ocRule{r.Permission, r.Pattern, engine.Action(r.Action)})
		}
		agents[name] = rs
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		if m := agentHeaderRE.FindStringSubmatch(sc.Text()); m != nil {
			flush()
			name = m[1]
			buf.Reset()
			continue
		}
		buf.WriteString(sc.Text())
		buf.WriteByte('\n')
	}
	flush()
	return agents
}

// openCodeSandbox makes an isolated home and a git project for OpenCode.
func openCodeSandbox(t *testing.T) (home, project string) {
	t.Helper()
	root := t.TempDir()
	home = filepath.Join(root, "home")
	project = filepath.Join(home, "project")
	for _, d := range []string{home, filepath.Join(project, ".git"), filepath.Join(project, ".opencode", "agents")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return home, project
}

func loadFixturePersonas(t *testing.T, dir string) ([]*personas.Persona, [][]byte) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	var ps []*personas.Persona
	var srcs [][]byte
	for _, f := range files {
		p, data := personastest.Load(t, f)
		ps, srcs = append(ps, p), append(srcs, data)
	}
	for _, n := range []string{"planner", "builder"} {
		p, _ := personas.LoadBuiltin(n)
		ps, srcs = append(ps, p), append(srcs, nil)
	}
	return ps, srcs
}

// TestOpenCodeExport_realOpenCode exports varied personas, has the real OpenCode load all of
// them, and decides a mixed call set with OpenCode's evaluation over the rules OpenCode
// resolved: at least 98% of the calls must be decided as agentmgr's preview decides them,
// and every call that differs must be named in the export's report.
func TestOpenCodeExport_realOpenCode(t *testing.T) {
	bin := realTool(t, "AGENTMGR_TEST_OPENCODE")
	home, project := openCodeSandbox(t)
	ps, srcs := loadFixturePersonas(t, filepath.Join("testdata", "opencode", "personas"))
	exports := map[string]*Export{}
	for i, p := range ps {
		ex, err := ExportOpenCode(p, srcs[i])
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if err := WriteFiles(filepath.Join(project, ".opencode"), ex.Files, false); err != nil {
			t.Fatal(err)
		}
		exports[p.Name] = ex
	}
	agents := parseAgentList(t, runOpenCode(t, bin, home, project, "agent", "list"))
	total, agree := 0, 0
	pl := ocPlace{Project: project, Home: home}
	for _, p := range ps {
		rules, ok := agents[p.Name]
		if !ok {
			// `agent list` leaves hidden agents out; debug agent shows any agent.
			var one struct {
				Permission []struct{ Permission, Pattern, Action string }
			}
			if err := json.Unmarshal(runOpenCode(t, bin, home, project, "debug", "agent", p.Name), &one); err != nil {
				t.Fatalf("%s: OpenCode did not load the exported agent: %v", p.Name, err)
			}
			for _, r := range one.Permission {
				rules = append(rules, ocRule{r.Permission, r.Pattern, engine.Action(r.Action)})
			}
		}
		pol := &engine.Policy{Persona: engine.CompileWithHome(p.Rules, home)}
		pol = pol.At(&engine.Place{Cwd: project, Project: project, Home: home})
		calls := openCodeCalls(p.Rules)
		for _, c := range calls {
			total++
			want := pol.DecideKey(c.Key, c.Value).Action
			got := ocDecide(rules, ocKeyFor(c.Key), c.Value, pl)
			if got == want {
				agree++
				continue
			}
			t.Logf("%s: %s %q: agentmgr %s, OpenCode %s", p.Name, c.Key, c.Value, want, got)
			if !reportNames(exports[p.Name].Report, c.Key, want, got) {
				t.Errorf("%s: %s %q: agentmgr %s, OpenCode %s, and the report does not name it\nreport: %+v\nrules: %v",
					p.Name, c.Key, c.Value, want, got, exports[p.Name].Report.Changed, rules)
			}
		}
	}
	t.Logf("OpenCode agrees with the preview on %d of %d calls", agree, total)
	if agree*100 < total*98 {
		t.Errorf("OpenCode agrees with the preview on %d of %d calls, want at least 98%%", agree, total)
	}
}

// reportNames reports whether rep names a call of key that agentmgr decides want and OpenCode
// got: one of the export's "OpenCode decides" entries is that call shape (the permission, from
// agentmgr's answer to OpenCode's), so the report says what the user will see differ. A change
// or loss that only mentions the key does not count.
func reportNames(rep *Report, key string, want, got engine.Action) bool {
	shape := shapeKey(key)
	for _, c := range rep.Changed {
		if strings.HasPrefix(c.What, "OpenCode decides: "+shape+" ") && c.From == string(want) && c.To == string(got) {
			return true
		}
	}
	return false
}

// importReportNames reports whether an import's report has the call shape (the permission,
// from the persona's answer to OpenCode's) among its compared calls.
func importReportNames(rep *Report, key string, ours, theirs engine.Action) bool {
	for _, c := range rep.Changed {
		if strings.HasPrefix(c.What, "the persona decides: "+shapeKey(key)+" ") && c.From == string(ours) && c.To == string(theirs) {
			return true
		}
	}
	return false
}

// TestOpenCodeImport_realOpenCode imports a project's opencode.json (top-level permission,
// agents with tools and permission) and agent files (tools only, the V2 list, a permission
// string) and checks that the personas decide the mixed call set as OpenCode's evaluation
// over the rules the real OpenCode resolved, on at least 98% of the calls; every call that
// differs is one agentmgr's shell analysis decides more strictly, as the report says.
func TestOpenCodeImport_realOpenCode(t *testing.T) {
	bin := realTool(t, "AGENTMGR_TEST_OPENCODE")
	home, project := openCodeSandbox(t)
	if err := os.CopyFS(project, os.DirFS(filepath.Join("testdata", "opencode", "import"))); err != nil {
		t.Fatal(err)
	}
	agents := parseAgentList(t, runOpenCode(t, bin, home, project, "agent", "list"))
	items, errs := ReadSources("opencode", project, ImportOptions{})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(items) != 7 {
		t.Fatalf("imported %d items, want 7", len(items))
	}
	pl := ocPlace{Project: project, Home: home}
	total, agree := 0, 0
	for _, it := range items {
		rules, ok := agents[it.Draft.Name]
		if !ok {
			t.Fatalf("OpenCode has no agent %s: %v", it.Draft.Name, agents)
		}
		p, _, err := it.Draft.Persona(filepath.Join(home, it.Draft.Name+".md"))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", it.Draft.Name, it.Report.Fidelity)
		pol := &engine.Policy{Persona: engine.CompileWithHome(p.Rules, home)}
		pol = pol.At(&engine.Place{Cwd: project, Project: project, Home: home})
		for _, c := range ocMixedCalls {
			total++
			got := pol.DecideKey(c.Key, c.Value).Action
			want := ocDecide(rules, ocKeyFor(c.Key), c.Value, pl)
			if got == want {
				agree++
				continue
			}
			t.Logf("%s: %s %q: OpenCode %s, imported persona %s", it.Draft.Name, c.Key, c.Value, want, got)
			if engine.Stricter(got, want) != got || c.Key != "bash" || !hasChange(it.Report, "shell analysis") {
				t.Errorf("%s: %s %q: OpenCode %s, imported persona %s; only a stricter shell decision the report names may differ", it.Draft.Name, c.Key, c.Value, want, got)
			}
			if !importReportNames(it.Report, c.Key, got, want) {
				t.Errorf("%s: %s %q: OpenCode %s, imported persona %s, and no \"the persona decides\" entry of the report is that call shape", it.Draft.Name, c.Key, c.Value, want, got)
			}
		}
	}
	t.Logf("the imported personas agree with OpenCode on %d of %d calls", agree, total)
	if agree*100 < total*98 {
		t.Errorf("the imported personas agree with OpenCode on %d of %d calls, want at least 98%%", agree, total)
	}
}
