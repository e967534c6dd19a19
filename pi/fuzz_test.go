package pi

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/internal/ownedfile/ownedfiletest"
	"github.com/agentmgr/agentmgr/locations"
)

// FuzzRenderParse: any binary path survives install and status (Render, then Parse), and
// Parse never panics on what it reads from disk.
func FuzzRenderParse(f *testing.F) { ownedfiletest.Fuzz(f, contract) }

// FuzzSettingsEdit: adding and removing the child extension never loses or reorders another
// key of a settings file that reads, and leaves one that does not read alone.
func FuzzSettingsEdit(f *testing.F) {
	for _, s := range []string{`{}`, `{"theme":"dark","subagents":{"agentScanDirs":["x"]}}`, `{"subagents":{"defaultExtensions":["/a.ts"]}}`,
		`{"subagents":[]}`, `{"a":1,"a":2}`, `[1]`, `{"x":"\u2028"}`, `{"subagents":{"defaultExtensions":[]}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		before, err := ownedfile.ParseObject([]byte(data))
		dir := t.TempDir()
		ext := filepath.Join(dir, "extensions")
		if err := os.WriteFile(Settings(ext), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, gerr := GateChildren(ext); gerr != nil {
			if got, _ := os.ReadFile(Settings(ext)); string(got) != data {
				t.Fatalf("a refused edit rewrote the file: %q -> %q", data, got)
			}
			return
		}
		if err != nil {
			return // an empty file reads as an empty object
		}
		after, err := readSettingsFile(Settings(ext))
		if err != nil {
			t.Fatalf("the edited file does not read: %v", err)
		}
		var keys []string
		for _, m := range before {
			keys = append(keys, m.Key)
		}
		var got []string
		for _, m := range after {
			got = append(got, m.Key)
		}
		if !slices.Equal(got[:min(len(keys), len(got))], keys) && !slices.Equal(append(slices.Clone(keys), subagentsKey), got) {
			t.Fatalf("keys %v became %v", keys, got)
		}
	})
}

func readSettingsFile(path string) (ownedfile.Object, error) {
	o, _, err := readSettings(path)
	return o, err
}

// FuzzAgentSpawnGating: an agent file and an Agent call of any content never panic the check,
// and an isolated call of a type whose file does not say otherwise always asks.
func FuzzAgentSpawnGating(f *testing.F) {
	for _, s := range [][2]string{
		{"---\ndescription: x\nisolated: true\n---\n", `{"subagent_type":"t"}`},
		{"---\nextensions: [web, agentmgr]\nexclude_extensions: AGENTMGR\n---\n", `{"subagent_type":"T","isolated":false}`},
		{"---\nextensions: false\n---\n", `{"subagent_type":1}`},
		{"---\ninherit_extensions: ~/x/agentmgr/index.ts\n---\n", `{}`},
		{"---\n: :\n---\n", `[`},
		{"no frontmatter", `{"isolated":"yes"}`},
	} {
		f.Add(s[0], s[1])
	}
	home := f.TempDir()
	dirs := locations.Dirs{Agent: filepath.Join(home, "agent"), Home: home}
	if _, err := Install(dirs.GlobalExtensions(), "/usr/bin/agentmgr", "test"); err != nil {
		f.Fatal(err)
	}
	file := filepath.Join(dirs.Agent, "agents", "t.md")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, agentFile, input string) {
		if err := os.WriteFile(file, []byte(agentFile), 0o644); err != nil {
			t.Fatal(err)
		}
		_ = AgentSpawnGating(dirs, "", []byte(input))
		a, _ := readAgentType(file)
		if a.isolated == nil && AgentSpawnGating(dirs, "", []byte(`{"subagent_type":"t","isolated":true}`)) == "" {
			t.Fatalf("an isolated call of %q was let through", agentFile)
		}
	})
}
