package personas

import "testing"

// Each kind of problem names the frontmatter key path it is about, so that an editor can show
// the parser's message next to that field.
func TestProblemField(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		src   []byte
		sev   Severity
		field string
	}{
		{"empty description", fm("description: ' '", "permissions: read"), Error, "description"},
		{"missing description", fm("permissions: read"), Error, "description"},
		{"missing permissions", fm("description: d"), Error, "permissions"},
		{"bad name", fm("name: Bad Name", "description: d", "permissions: read"), Error, "name"},
		{"bad type", fm("description: d", "type: main", "permissions: read"), Error, "type"},
		{"long icon", fm("description: d", "icon: abcdef", "permissions: read"), Warning, "icon"},
		{"unknown color", fm("description: d", "color: pink", "permissions: read"), Warning, "color"},
		{"hidden not a bool", fm("description: d", "hidden: maybe", "permissions: read"), Error, "hidden"},
		{"steps zero", fm("description: d", "steps: 0", "permissions: read"), Error, "steps"},
		{"steps not a number", fm("description: d", "steps: ten", "permissions: read"), Error, "steps"},
		{"description not text", fm("description: [a]", "permissions: read"), Error, "description"},
		{"both spellings of permissions", fm("description: d", "permissions: read", "permission: plan"), Error, "permission"},
		{"unknown preset", fm("description: d", "permissions: write"), Error, "permissions"},
		{"empty permissions", fm("description: d", "permissions:"), Error, "permissions"},
		{"unknown legacy word", fm("description: d", "permissions: [read, fly]"), Error, "permissions[1]"},
		{"bad action of a pattern", fm("description: d", "permissions:", "  bash:", `    "rm *": block`), Error, `permissions.bash."rm *"`},
		{"bad action of a key", fm("description: d", "permission:", "  edit: maybe"), Error, "permission.edit"},
		{"bad reason", fm("description: d", "permissions:", "  edit: {action: deny, reason: [a]}"), Error, "permissions.edit.reason"},
		{"unknown field of an action", fm("description: d", "permissions:", "  edit: {action: deny, why: r}"), Error, "permissions.edit.why"},
		{"duplicate pattern", fm("description: d", "permissions:", "  bash:", "    ls: allow", "    ls: deny"), Error, "permissions.bash.ls"},
		{"unknown field", fm("description: d", "permissions: read", "model: x"), Info, "model"},
		{"bad example", fm("description: d", "permissions: read", "examples:", "  allow: [':x']"), Error, "examples.allow[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, probs := Parse("a.md", tt.src, ScopeGlobal)
			for _, p := range probs {
				if p.Severity == tt.sev {
					if p.Field != tt.field {
						t.Fatalf("Field = %q; want %q (problem %v)", p.Field, tt.field, p)
					}
					return
				}
			}
			t.Fatalf("no %s among %v", tt.sev, probs)
		})
	}
}

// A problem of the file as a whole names no field.
func TestProblemFieldOfTheWholeFile(t *testing.T) {
	t.Parallel()
	_, probs := Parse("a.md", []byte("---\ndescription: [\n---\n"), ScopeGlobal)
	if len(probs) == 0 || probs[0].Field != "" {
		t.Fatalf("a YAML syntax error: %v; want one problem with no field", probs)
	}
}
