package personas

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/unidiff"
)

var update = flag.Bool("update", false, "rewrite the golden diffs under testdata/golden")

// corpus reads every persona file of testdata/corpus.
func corpus(t testing.TB) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "corpus", "*.md"))
	if err != nil || len(paths) < 25 {
		t.Fatalf("corpus: %d files (%v); want at least 25", len(paths), err)
	}
	out := map[string][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(p)] = data
	}
	return out
}

func sortedNames(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestCorpusRoundTripIsByteIdentical(t *testing.T) {
	t.Parallel()
	files := corpus(t)
	for _, name := range sortedNames(files) {
		data := files[name]
		d, err := NewDocument(name, data, ScopeGlobal)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := d.Bytes(); !bytes.Equal(got, data) {
			t.Errorf("%s: parse then write changed the file:\n%s", name, unidiff.Diff(name, name, data, got))
		}
		if d.Changed() {
			t.Errorf("%s: an unedited document reports a change", name)
		}
	}
}

// TestCorpusEditsChangeOnlyWhatWasAsked applies each edit to every file it fits and checks the
// persona read back: the edited thing changed, and every other field and rule is as before.
func TestCorpusEditsChangeOnlyWhatWasAsked(t *testing.T) {
	t.Parallel()
	newRule := engine.Rule{Permission: "zz_tool", Pattern: "*", Action: engine.Ask}
	edits := []struct {
		name  string
		apply func(d *Document) error
		want  func(before *Persona) *Persona
	}{
		{"set description", func(d *Document) error { return d.Set("description", "A new description: with a colon") },
			func(b *Persona) *Persona { b.Description = "A new description: with a colon"; return b }},
		{"set color", func(d *Document) error { return d.Set("color", "warning") },
			func(b *Persona) *Persona { b.Color = "warning"; return b }},
		{"set icon", func(d *Document) error { return d.Set("icon", "⚙") },
			func(b *Persona) *Persona { b.Icon = "⚙"; return b }},
		{"set steps", func(d *Document) error { return d.Set("steps", "12") },
			func(b *Persona) *Persona { b.Steps = 12; return b }},
		{"set hidden", func(d *Document) error { return d.Set("hidden", "true") },
			func(b *Persona) *Persona { b.Hidden = true; return b }},
		{"set prompt", func(d *Document) error { return d.SetPrompt("Line one.\n\n  Indented line two.") },
			func(b *Persona) *Persona { b.Prompt = "Line one.\n\n  Indented line two."; return b }},
		{"append a rule", func(d *Document) error { return d.AddRule(newRule) },
			func(b *Persona) *Persona { b.Rules = append(b.Rules, newRule); return b }},
		{"insert a rule first", func(d *Document) error { return d.InsertRule(0, newRule) },
			func(b *Persona) *Persona { b.Rules = append(engine.Ruleset{newRule}, b.Rules...); return b }},
		{"remove the last rule", func(d *Document) error { return d.RemoveRule(len(d.Rules()) - 1) },
			func(b *Persona) *Persona { b.Rules = b.Rules[:len(b.Rules)-1]; return b }},
		{"flip the first rule's action", func(d *Document) error {
			r := d.Rules()[0]
			r.Action = flip(r.Action)
			return d.SetRule(0, r)
		}, func(b *Persona) *Persona { b.Rules[0].Action = flip(b.Rules[0].Action); return b }},
		{"expand the preset", func(d *Document) error { return d.ExpandRules() },
			func(b *Persona) *Persona { b.Form, b.Preset, b.Legacy = FormRules, "", nil; return b }},
	}
	files := corpus(t)
	for _, name := range sortedNames(files) {
		data := files[name]
		for _, ed := range edits {
			d, err := NewDocument(name, data, ScopeGlobal)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			before := clonePersona(d.Persona())
			if strings.Contains(ed.name, "rule") && before.Form != FormRules || ed.name == "expand the preset" && before.Form == FormRules ||
				ed.name == "remove the last rule" && len(before.Rules) == 0 {
				continue
			}
			if err := ed.apply(d); err != nil {
				t.Errorf("%s: %s: %v", name, ed.name, err)
				continue
			}
			want := ed.want(clonePersona(before))
			if diff := comparePersonas(d.Persona(), want); diff != "" {
				t.Errorf("%s: %s changed more than asked:%s\n%s", name, ed.name, diff, d.Diff())
			}
			if bytes.Contains(d.Bytes(), []byte("\r\n")) != bytes.Contains(data, []byte("\r\n")) ||
				bytes.Count(d.Bytes(), []byte("\n")) != bytes.Count(d.Bytes(), []byte("\r\n")) && bytes.Contains(data, []byte("\r\n")) {
				t.Errorf("%s: %s mixed line endings:\n%q", name, ed.name, d.Bytes())
			}
			if bytes.HasSuffix(d.Bytes(), []byte("\n")) != bytes.HasSuffix(data, []byte("\n")) && ed.name != "set prompt" {
				t.Errorf("%s: %s changed the final newline", name, ed.name)
			}
		}
	}
}

func flip(a engine.Action) engine.Action {
	if a == engine.Deny {
		return engine.Allow
	}
	return engine.Deny
}

func clonePersona(p *Persona) *Persona {
	c := *p
	c.Rules = append(engine.Ruleset(nil), p.Rules...)
	c.Legacy = append([]string(nil), p.Legacy...)
	c.Unknown = append([]string(nil), p.Unknown...)
	return &c
}

// comparePersonas lists the fields where got differs from want; rule sources are ignored
// (lines move when lines are added).
func comparePersonas(got, want *Persona) string {
	var b strings.Builder
	check := func(field string, g, w any) {
		if fmtAny(g) != fmtAny(w) {
			b.WriteString("\n  " + field + ": got " + fmtAny(g) + ", want " + fmtAny(w))
		}
	}
	check("name", got.Name, want.Name)
	check("description", got.Description, want.Description)
	check("type", got.Type, want.Type)
	check("icon", got.Icon, want.Icon)
	check("color", got.Color, want.Color)
	check("hidden", got.Hidden, want.Hidden)
	check("steps", got.Steps, want.Steps)
	check("prompt", got.Prompt, want.Prompt)
	check("form", got.Form, want.Form)
	check("unknown", got.Unknown, want.Unknown)
	if err := sameRules(got.Rules, want.Rules); err != nil {
		check("rules", rulesString(got.Rules), rulesString(want.Rules))
	}
	return b.String()
}

// TestCorpusGoldenEdits pins the exact diff of typical edits: only the expected lines change.
// Run with -update to rewrite the golden files after a deliberate change.
func TestCorpusGoldenEdits(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file, name string
		apply      func(d *Document) error
	}{
		{"01-reviewer.md", "set-color", func(d *Document) error { return d.Set("color", "success") }},
		{"01-reviewer.md", "add-bash-pattern", func(d *Document) error {
			return d.InsertRule(8, engine.Rule{Permission: "bash", Pattern: "git blame *", Action: engine.Allow})
		}},
		{"02-builder-crlf.md", "flip-action", func(d *Document) error {
			r := d.Rules()[1]
			r.Action = engine.Deny
			return d.SetRule(1, r)
		}},
		{"02-builder-crlf.md", "set-prompt", func(d *Document) error { return d.SetPrompt("Ship it.\nThen test it.") }},
		{"03-preset-plan.md", "expand", func(d *Document) error { return d.ExpandRules() }},
		{"05-legacy-block-list.md", "expand", func(d *Document) error { return d.ExpandRules() }},
		{"06-subagent-tools.md", "unset-steps", func(d *Document) error { return d.Unset("steps") }},
		{"07-flow-maps.md", "add-rule", func(d *Document) error {
			return d.AddRule(engine.Rule{Permission: "bash", Pattern: "ls *", Action: engine.Allow})
		}},
		{"08-reasons.md", "change-reason", func(d *Document) error {
			r := d.Rules()[1]
			r.Reason = "Use trash-put."
			return d.SetRule(1, r)
		}},
		{"08-reasons.md", "block-action-object", func(d *Document) error {
			r := d.Rules()[3]
			r.Action = engine.Ask
			return d.SetRule(3, r)
		}},
		{"11-prompt-field.md", "set-prompt-field", func(d *Document) error { return d.SetPrompt("Translate.\n\nKeep {name} as is.") }},
		{"12-comments-everywhere.md", "move-rule", func(d *Document) error { return d.MoveRule(6, 4) }},
		{"12-comments-everywhere.md", "remove-rule", func(d *Document) error { return d.RemoveRule(3) }},
		{"13-quoted-keys.md", "set-description", func(d *Document) error { return d.Set("description", "Still quoted") }},
		{"13-quoted-keys.md", "add-pattern", func(d *Document) error {
			return d.AddRule(engine.Rule{Permission: "bash", Pattern: "head *", Action: engine.Allow})
		}},
		{"14-no-trailing-newline.md", "set-prompt", func(d *Document) error { return d.SetPrompt("Answer briefly.") }},
		{"15-empty-body.md", "set-prompt", func(d *Document) error { return d.SetPrompt("Now with a prompt.") }},
		{"16-unknown-nested.md", "add-icon", func(d *Document) error { return d.Set("icon", "🧩") }},
		{"19-crlf-comments.md", "insert-rule", func(d *Document) error {
			return d.InsertRule(3, engine.Rule{Permission: "bash", Pattern: "Test-*", Action: engine.Allow})
		}},
		{"22-ask-everything.md", "add-rule", func(d *Document) error {
			return d.AddRule(engine.Rule{Permission: "read", Pattern: "*", Action: engine.Allow})
		}},
		{"24-blank-lines.md", "set-description", func(d *Document) error { return d.Set("description", "Fewer words") }},
		{"25-multiline-description.md", "set-description", func(d *Document) error { return d.Set("description", "Now one line") }},
		{"26-single-quoted-patterns.md", "scalar-to-map", func(d *Document) error {
			return d.InsertRule(2, engine.Rule{Permission: "read", Pattern: "*.key", Action: engine.Deny})
		}},
	}
	files := corpus(t)
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.name, func(t *testing.T) {
			d, err := NewDocument(tt.file, files[tt.file], ScopeGlobal)
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.apply(d); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			got := d.Diff()
			golden := filepath.Join("testdata", "golden", strings.TrimSuffix(tt.file, ".md")+"."+tt.name+".diff")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no golden diff (run go test -update): %v", err)
			}
			if got != string(want) {
				t.Errorf("%s on %s:\n got diff:\n%s\nwant diff:\n%s", tt.name, tt.file, got, want)
			}
		})
	}
}
