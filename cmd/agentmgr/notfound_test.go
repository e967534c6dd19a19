package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// A name whose file failed to load is answered with the file's error, by every command that
// takes a persona name, so the person fixes the file instead of hunting for a typo.
func TestNameOfABrokenFile(t *testing.T) {
	const broken = "---\ndescription: x\npermissions:\n  bash: block\n---\n"
	const wantErr = `persona "broken" did not load: `
	const wantPos = "broken.md:4:9: permissions.bash: unknown action \"block\""
	for _, args := range [][]string{
		{"show", "broken"},
		{"show", "Broken", "--envelope"},
		{"tools", "--agent", "broken"},
		{"check", "--agent", "broken", "bash", "ls"},
		{"lint", "broken"},
		{"use", "broken"},
		{"set", "broken", "description", "y"},
		{"rule", "rm", "broken", "1"},
		{"rename", "broken", "fixed"},
		{"rm", "broken"},
		{"new", "copy", "--from", "broken"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			e, _, errb := testEnv(t, "")
			writeAgent(t, "broken.md", broken)
			if code := run(args, e); code != 1 {
				t.Errorf("agentmgr %q exited %d, want 1", args, code)
			}
			if !strings.Contains(errb.String(), wantErr) || !strings.Contains(errb.String(), wantPos) {
				t.Errorf("agentmgr %q printed on stderr:\n%s\nwant %q with %q", args, errb, wantErr, wantPos)
			}
		})
	}
	t.Run("eval", func(t *testing.T) {
		e, out, _ := testEnv(t, `{"agent":"broken","tool":"bash","value":"ls"}`)
		writeAgent(t, "broken.md", broken)
		if code := run([]string{"eval"}, e); code != 0 {
			t.Fatalf("eval exited %d", code)
		}
		if !strings.HasPrefix(out.String(), `{"error":"`+strings.ReplaceAll(wantErr, `"`, `\"`)) {
			t.Errorf("eval answered %s, want an error starting %q", out, wantErr)
		}
	})
	t.Run("a name no file has", func(t *testing.T) {
		e, _, errb := testEnv(t, "")
		writeAgent(t, "broken.md", broken)
		if code := run([]string{"show", "brok"}, e); code != 1 || !strings.Contains(errb.String(), `no persona named "brok"`) {
			t.Errorf("agentmgr show brok exited %d with %q, want 1 and no persona named \"brok\"", code, errb)
		}
	})
}

// lint NAME answers for NAME: another persona's broken file neither fails it nor fills it.
func TestLintNamedPersonasOnly(t *testing.T) {
	files := map[string]string{
		"broken.md":   "---\ndescription: x\npermissions:\n  bash: block\n---\n",
		"good.md":     "---\ndescription: fine\npermissions:\n  \"*\": deny\n  read: allow\n---\n",
		"colorful.md": "---\ndescription: odd colour\ncolor: purple\npermissions: read\n---\n",
	}
	tests := []struct {
		args   []string
		code   int
		want   []string
		noWant []string
	}{
		{args: []string{"lint", "good"}, want: []string{"1 persona, no findings"}, noWant: []string{"broken.md", "colorful.md"}},
		{args: []string{"lint", "colorful"}, want: []string{`colorful.md:3:8: color: unknown theme token "purple"`}, noWant: []string{"broken.md"}},
		{args: []string{"lint", "good", "--json"}, want: []string{`"findings": []`, `"problems": []`}},
		{args: []string{"lint"}, code: 1, want: []string{"broken.md:4:9", "colorful.md:3:8"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			e, out, errb := testEnv(t, "")
			for name, content := range files {
				writeAgent(t, name, content)
			}
			if code := run(tt.args, e); code != tt.code {
				t.Errorf("agentmgr %q exited %d, want %d\nstdout: %s\nstderr: %s", tt.args, code, tt.code, out, errb)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("agentmgr %q printed\n%s\nwant %q in it", tt.args, out, w)
				}
			}
			for _, w := range tt.noWant {
				if strings.Contains(out.String(), w) {
					t.Errorf("agentmgr %q printed\n%s\nwant no %q in it", tt.args, out, w)
				}
			}
		})
	}
}

// A command about one persona reports that persona's problems, and the other broken files in
// one line; list and lint give every detail.
func TestOnePersonaCommandsReportItsOwnProblems(t *testing.T) {
	files := map[string]string{
		"broken.md":   "---\ndescription: x\npermissions:\n  bash: block\n---\n",
		"broken2.md":  "---\npermissions: read\nsteps: 0\n---\n", // two errors, one file
		"colorful.md": "---\ndescription: odd colour\ncolor: purple\npermissions: read\n---\n",
	}
	const note = "note: 2 other persona files failed to load; `agentmgr lint` says why\n"
	const warning = `colorful.md:3:8: color: unknown theme token "purple"`
	tests := []struct {
		args       []string
		want       []string
		wantNot    []string
		wantSilent bool
	}{
		{args: []string{"check", "--agent", "colorful", "read", "a"}, want: []string{warning, note}, wantNot: []string{"broken.md"}},
		{args: []string{"show", "colorful"}, want: []string{warning, note}, wantNot: []string{"broken.md"}},
		{args: []string{"tools", "--agent", "planner"}, want: []string{note}, wantNot: []string{"broken.md", "colorful.md"}},
		{args: []string{"use", "colorful"}, want: []string{warning, note}, wantNot: []string{"broken.md"}},
		{args: []string{"check", "--json", "--agent", "colorful", "read", "a"}, wantSilent: true},
		{args: []string{"list"}, want: []string{"broken.md:4:9", "broken2.md:", warning}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			e, _, errb := testEnv(t, "")
			for name, content := range files {
				writeAgent(t, name, content)
			}
			// The second run reads the broken files' fate from the persona index without
			// parsing them again; the note must not change.
			for _, run2 := range []string{"cold", "warm index"} {
				errb.Reset()
				if code := run(tt.args, e); code != 0 {
					t.Fatalf("%s: agentmgr %q exited %d: %s", run2, tt.args, code, errb)
				}
				if tt.wantSilent && errb.Len() > 0 {
					t.Errorf("%s: agentmgr %q printed on stderr:\n%s\nwant nothing", run2, tt.args, errb)
				}
				for _, w := range tt.want {
					if !strings.Contains(errb.String(), w) {
						t.Errorf("%s: agentmgr %q printed on stderr:\n%s\nwant %q in it", run2, tt.args, errb, w)
					}
				}
				for _, w := range tt.wantNot {
					if strings.Contains(errb.String(), w) {
						t.Errorf("%s: agentmgr %q printed on stderr:\n%s\nwant no %q in it", run2, tt.args, errb, w)
					}
				}
			}
		})
	}
}

// list says which files are not in effect because a higher scope replaces them, and which
// project files are not used: a project persona never replaces a global one.
func TestListNamesShadowedFiles(t *testing.T) {
	e, out, errb := testEnv(t, "")
	global := writeAgent(t, "reviewer.md", reviewer)
	writeAgent(t, "planner.md", "---\ndescription: my planner\npermissions: plan\n---\n")
	e.cwd = filepath.Join(e.cwd, "proj") // the home folder's .pi is pi's own, not a project
	project := filepath.Join(e.cwd, ".pi", "agents", "reviewer.md")
	testfiles.Write(t, project, reviewer)
	if code := run([]string{"trust"}, e); code != 0 {
		t.Fatalf("trust exited %d: %s", code, errb)
	}
	out.Reset()
	if code := run([]string{"list"}, e); code != 0 {
		t.Fatalf("list exited %d: %s", code, errb)
	}
	if want := "note: the built-in planner is replaced by global " + filepath.Join(filepath.Dir(global), "planner.md") + "\n"; !strings.Contains(errb.String(), want) {
		t.Errorf("list printed on stderr:\n%s\nwant %q", errb, want)
	}
	if want := "not used: a project persona may not replace the global persona reviewer (" + global + ")"; !regexpLine(out.String(), `reviewer +`+regexp.QuoteMeta(project)+` +`+regexp.QuoteMeta(want)) {
		t.Errorf("list printed:\n%s\nwant the project's reviewer listed as %q", out, want)
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"list", "--json"}, e); code != 0 {
		t.Fatalf("list --json exited %d with stderr %q", code, errb)
	}
	var got struct {
		Shadowed []personaJSON `json:"shadowed"`
		Unused   []unusedJSON  `json:"unused"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got.Shadowed) != 1 || got.Shadowed[0].Scope != "built-in" {
		t.Errorf("list --json shadowed = %+v (%v), want the built-in planner", got.Shadowed, err)
	}
	if len(got.Unused) != 1 || got.Unused[0].File != project || got.Unused[0].Name != "reviewer" || !strings.HasPrefix(got.Unused[0].Reason, "not used: a project persona may not replace") {
		t.Errorf("list --json unused = %+v, want the project's reviewer", got.Unused)
	}
}
