package convert

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/atomicfile"
	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/personas"
)

func TestMergeGuards(t *testing.T) {
	ssh := engine.Rule{Permission: "read", Pattern: "~/.ssh/*", Action: engine.Deny}
	env := engine.Rule{Permission: "read", Pattern: "*.env", Action: engine.Deny}
	envExample := engine.Rule{Permission: "read", Pattern: "*.env.example", Action: engine.Allow}
	curl := engine.Rule{Permission: "bash", Pattern: "curl *", Action: engine.Ask}
	tests := []struct {
		name     string
		existing string // "" for no file
		imported engine.Ruleset
		want     string // the file after the merge
		added    int
		kept     []string // a word of each kept rule's reason, in order
	}{
		{
			name:     "a missing file is written",
			imported: engine.Ruleset{env, envExample},
			want:     "# Imported from src by agentmgr import pi-permission-system --guards.\nread:\n  \"*.env\": deny\n  \"*.env.example\": allow\n",
			added:    2,
		},
		{
			name:     "comments, order and other keys stay; rules join their key",
			existing: "# my guards\nbash:\n  \"rm *\": deny # never\nread:\n  \"*.pem\": deny\ncustom_tool: ask\n",
			imported: engine.Ruleset{curl, ssh},
			want:     "# my guards\nbash:\n  \"rm *\": deny # never\n  \"curl *\": ask\nread:\n  \"*.pem\": deny\n  \"~/.ssh/*\": deny\ncustom_tool: ask\n",
			added:    2,
		},
		{
			name:     "a new key goes last",
			existing: "bash:\n  \"rm *\": deny\n",
			imported: engine.Ruleset{ssh},
			want:     "bash:\n  \"rm *\": deny\nread:\n  \"~/.ssh/*\": deny\n",
			added:    1,
		},
		{
			name:     "a rule already there is not written again",
			existing: "read:\n  \"*.env\": deny\n",
			imported: engine.Ruleset{env},
			want:     "read:\n  \"*.env\": deny\n",
			kept:     []string{"already"},
		},
		{
			name:     "an allow never overrides the file's deny",
			existing: "read:\n  \"secrets/*\": deny\n",
			imported: engine.Ruleset{{Permission: "read", Pattern: "secrets/public/*", Action: engine.Allow}},
			want:     "read:\n  \"secrets/*\": deny\n",
			kept:     []string{"loosen"},
		},
		{
			name:     "a looser action for the same pattern leaves the file's",
			existing: "read:\n  \"*.env\": deny\n",
			imported: engine.Ruleset{{Permission: "read", Pattern: "*.env", Action: engine.Ask}},
			want:     "read:\n  \"*.env\": deny\n",
			kept:     []string{"never loosens"},
		},
		{
			name:     "a stricter action for the same pattern tightens it in place",
			existing: "read:\n  \"*.env\": ask # review\n  \"*.key\": deny\n",
			imported: engine.Ruleset{env},
			want:     "read:\n  \"*.env\": deny # review\n  \"*.key\": deny\n",
			added:    1,
		},
		{
			name:     "a catch-all of the key that decides the same already covers it",
			existing: "bash: ask\n",
			imported: engine.Ruleset{curl},
			want:     "bash: ask\n",
			kept:     []string{"already decides"},
		},
		{
			name:     "a file of only comments gets the rules after them",
			existing: "# nothing yet\n",
			imported: engine.Ruleset{ssh},
			want:     "# nothing yet\n# Imported from src by agentmgr import pi-permission-system --guards.\nread:\n  ~/.ssh/*: deny\n",
			added:    1,
		},
		{
			name:     "CRLF lines stay CRLF",
			existing: "read:\r\n  \"*.pem\": deny\r\n",
			imported: engine.Ruleset{ssh},
			want:     "read:\r\n  \"*.pem\": deny\r\n  \"~/.ssh/*\": deny\r\n",
			added:    1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state", "guards.yaml")
			if tt.existing != "" {
				testfiles.WriteMode(t, path, tt.existing, 0o600)
			}
			m, err := MergeGuards(path, tt.imported, "src")
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != tt.want {
				t.Errorf("file:\n%q\nwant:\n%q", got, tt.want)
			}
			if len(m.Added) != tt.added || len(m.Kept) != len(tt.kept) {
				t.Fatalf("added %v, kept %v; want %d added, %d kept", m.Added, m.Kept, tt.added, len(tt.kept))
			}
			for i, w := range tt.kept {
				if !strings.Contains(m.Kept[i].Why, w) {
					t.Errorf("kept %q: %q does not say %q", m.Kept[i].Rule, m.Kept[i].Why, w)
				}
			}
			if _, probs := personas.ParseRuleMap(path, got); len(probs) > 0 {
				t.Errorf("the merged file does not read back: %v", probs)
			}
			if tt.existing != "" && m.Added != nil {
				if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
					t.Errorf("mode %v, want the file's own 0600", st.Mode().Perm())
				}
			}
		})
	}
}

func TestMergeGuards_refuses(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.yaml")
	if err := os.WriteFile(broken, []byte("read: [oops\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rules := engine.Ruleset{{Permission: "read", Pattern: "*.env", Action: engine.Deny}}
	if _, err := MergeGuards(broken, rules, "src"); err == nil || !strings.Contains(err.Error(), "broken.yaml:1") {
		t.Errorf("a guards file that does not parse: %v", err)
	}
	if got, _ := os.ReadFile(broken); string(got) != "read: [oops\n" {
		t.Errorf("the broken file was touched: %q", got)
	}
	// A change made between the read and the write stops the write.
	path := filepath.Join(dir, "guards.yaml")
	if err := os.WriteFile(path, []byte("bash:\n  \"rm *\": deny\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	existing, _ := personas.ParseRuleMap(path, data)
	m := &GuardsMerge{Path: path}
	merged, err := mergeGuardsText(data, existing, rules, "src", m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("bash: deny\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = atomicfile.Replace(path, merged, atomicfile.Options{Check: func(onDisk []byte, exists bool) error {
		if string(onDisk) != string(data) {
			return atomicfile.ErrChangedOnDisk
		}
		return nil
	}})
	if !errors.Is(err, atomicfile.ErrChangedOnDisk) {
		t.Errorf("want the write refused, got %v", err)
	}
}

// FuzzMergeGuards: whatever guards file the person has, a merge either refuses (and leaves it
// as it was) or leaves a file that reads back with every one of its rules still there, as
// strict or stricter.
func FuzzMergeGuards(f *testing.F) {
	for _, s := range []string{
		"bash:\n  \"rm *\": deny\n", "# c\n", "", "read: deny\n", "path:\n  '*': allow\n  \"*.env\": ask\n",
		"read: [oops\n", "a: {b: deny}\nbash: ask # x\r\n", "---\nread: deny\n", "read:\n  \"*.env\": allow\n",
	} {
		f.Add(s)
	}
	imported := engine.Ruleset{
		{Permission: "path", Pattern: "*", Action: engine.Allow}, {Permission: "path", Pattern: "*.env", Action: engine.Deny},
		{Permission: "read", Pattern: "*.env", Action: engine.Deny}, {Permission: "bash", Pattern: "curl *", Action: engine.Ask},
	}
	f.Fuzz(func(t *testing.T, existing string) {
		path := filepath.Join(t.TempDir(), "guards.yaml")
		if err := os.WriteFile(path, []byte(existing), 0o644); err != nil {
			t.Fatal(err)
		}
		before, probs := personas.ParseRuleMap(path, []byte(existing))
		_, err := MergeGuards(path, imported, "src")
		after, _ := os.ReadFile(path)
		if err != nil {
			if string(after) != existing {
				t.Fatalf("a refused merge changed the file:\n%q\n%q", existing, after)
			}
			return
		}
		for _, p := range probs {
			if p.Severity == personas.Error {
				t.Fatalf("merged into a file with an error %v", p)
			}
		}
		got, probs := personas.ParseRuleMap(path, after)
		if len(probs) > 0 && len(before) > 0 {
			t.Fatalf("the merged file does not read back: %v\n%q", probs, after)
		}
		for _, b := range before {
			found := false
			for _, a := range got {
				found = found || a.Permission == b.Permission && a.Pattern == b.Pattern && engine.Stricter(a.Action, b.Action) == a.Action
			}
			if !found {
				t.Fatalf("the file's rule %s is gone or looser:\n%q\n%q", b.String(), existing, after)
			}
		}
	})
}
