package personas

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// With AllowInvalid, edits that make the persona invalid are written, so that the text reads
// back with the parser's problems, each naming its field; Save still refuses the text.
func TestAllowInvalidWritesWhatTheParserRefuses(t *testing.T) {
	t.Parallel()
	src := fm("description: Reviews.", "steps: 5", "permissions:", "  bash:", "    ls: allow")
	tests := []struct {
		name  string
		edit  func(d *Document) error
		field string
		want  string
	}{
		{"steps zero", func(d *Document) error { return d.Set("steps", "0") }, "steps", "expected a positive whole number of steps"},
		{"steps not a number", func(d *Document) error { return d.Set("steps", "ten") }, "steps", `got "ten"`},
		{"no description", func(d *Document) error { return d.Unset("description") }, "description", "missing field description"},
		{"bad name", func(d *Document) error { return d.Set("name", "Not Valid") }, "name", "is not a valid name"},
		{"bad action", func(d *Document) error {
			return d.SetRules(engine.Ruleset{{Permission: "bash", Pattern: "rm *", Action: "block"}})
		}, `permissions.bash."rm *"`, `unknown action "block"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "rev.md")
			strict, err := NewDocument(path, src, ScopeGlobal)
			if err != nil {
				t.Fatal(err)
			}
			if err := tt.edit(strict); err == nil {
				t.Fatalf("without AllowInvalid the edit was applied:\n%s", strict.Bytes())
			}
			d, _ := NewDocument(path, src, ScopeGlobal)
			d.AllowInvalid()
			if err := tt.edit(d); err != nil {
				t.Fatalf("with AllowInvalid: %v", err)
			}
			_, probs := Parse(path, d.Bytes(), ScopeGlobal)
			var found bool
			for _, p := range Errors(probs) {
				found = found || p.Field == tt.field && strings.Contains(p.Message, tt.want)
			}
			if !found {
				t.Fatalf("problems of the written text %v; want one on %s saying %q\n%s", probs, tt.field, tt.want, d.Bytes())
			}
			if _, err := d.Save(); err == nil {
				t.Fatal("Save wrote a text with errors")
			}
		})
	}
}
