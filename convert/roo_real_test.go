package convert

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/agentmgr/agentmgr/engine"
)

// TestRooExport_passesRooSchema exports varied personas (one named with _) to .roomodes and
// checks the file with Roo Code's own schema (@roo-code/types customModesSettingsSchema, run by
// node): it loads, and every mode keeps the groups the export wrote.
func TestRooExport_passesRooSchema(t *testing.T) {
	modules := realTool(t, "AGENTMGR_TEST_ROO_TYPES")
	ps, srcs := loadFixturePersonas(t, filepath.Join("testdata", "opencode", "personas"))
	var exports []*Export
	want := map[string][]string{}
	for i, p := range ps {
		ex, err := ExportRoo(p, srcs[i])
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		exports = append(exports, ex)
		mode := ex.rooMode.(yaml.MapSlice)
		slugV, _ := get(mode, "slug")
		gs, _ := get(mode, "groups")
		var names []string
		for _, g := range gs.([]any) {
			if l, ok := g.([]any); ok {
				g = l[0]
			}
			names = append(names, str(g))
			if str(g) == "browser" {
				t.Errorf("%s: the export writes the deprecated browser group", p.Name)
			}
		}
		want[str(slugV)] = names
	}
	files, err := CombineRoo(exports)
	if err != nil {
		t.Fatal(err)
	}
	js, err := yaml.YAMLToJSON(files[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join("testdata", "roo", "check-schema.cjs"), modules)
	cmd.Stdin = bytes.NewReader(js)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var res struct {
		OK     bool
		Issues []string
		Modes  []struct {
			Slug   string
			Groups []string
		}
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !res.OK {
		t.Fatalf("Roo's schema refuses the export: %v\n%s", res.Issues, files[0].Data)
	}
	if len(res.Modes) != len(ps) {
		t.Fatalf("Roo loads %d modes, want %d", len(res.Modes), len(ps))
	}
	for _, m := range res.Modes {
		if strings.Join(m.Groups, ",") != strings.Join(want[m.Slug], ",") {
			t.Errorf("%s: Roo loads groups %v, the export wrote %v", m.Slug, m.Groups, want[m.Slug])
		}
	}
}

// TestKiloExport_grantsNothingDenied exports varied personas to Kilo Code (.kilocodemodes and
// the agent files beside it), has the real Kilo Code CLI resolve every mode's rules, and
// checks that no call the persona denies is allowed or asked for by Kilo.
func TestKiloExport_grantsNothingDenied(t *testing.T) {
	bin := realTool(t, "AGENTMGR_TEST_KILO")
	home, project := openCodeSandbox(t)
	ps, srcs := loadFixturePersonas(t, filepath.Join("testdata", "opencode", "personas"))
	var exports []*Export
	for i, p := range ps {
		ex, err := ExportKilo(p, srcs[i])
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		exports = append(exports, ex)
	}
	files, err := CombineKilo(exports)
	if err != nil {
		t.Fatal(err)
	}
	if files[0].Path != ".kilocodemodes" {
		t.Fatalf("the modes file is %s, want .kilocodemodes", files[0].Path)
	}
	if err := WriteFiles(project, files, false); err != nil {
		t.Fatal(err)
	}
	agents := parseAgentList(t, runOpenCode(t, bin, home, project, "agent", "list"))
	pl := ocPlace{Project: project, Home: home}
	checked := 0
	for _, p := range ps {
		rules, ok := agents[rooSlug(p.Name)]
		if !ok {
			t.Fatalf("Kilo Code has no mode %s", rooSlug(p.Name))
		}
		pol := &engine.Policy{Persona: engine.CompileWithHome(p.Rules, home)}
		pol = pol.At(&engine.Place{Cwd: project, Project: project, Home: home})
		for _, c := range openCodeCalls(p.Rules) {
			if pol.DecideKey(c.Key, c.Value).Action != engine.Deny {
				continue
			}
			checked++
			if got := ocDecide(rules, ocKeyFor(c.Key), c.Value, pl); got != engine.Deny {
				t.Errorf("%s: %s %q: the persona denies it, Kilo Code %ss it", p.Name, c.Key, c.Value, got)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d denied calls checked; the fixtures should deny many more", checked)
	}
	t.Logf("%d calls the personas deny, all denied by Kilo Code", checked)
}
