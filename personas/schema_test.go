package personas

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentmgr/agentmgr/builtin"
	"github.com/agentmgr/agentmgr/internal/schematest"
)

func loadSchema(t *testing.T) *jsonschema.Schema { return schematest.Load(t, "persona.schema.json") }

// frontmatterJSON is the frontmatter of a persona file as the JSON value the schema checks.
func frontmatterJSON(t *testing.T, data []byte) any {
	t.Helper()
	lay, msg, ok := splitFile(data)
	if !ok {
		t.Fatalf("no frontmatter: %s", msg)
	}
	fm := bytes.ReplaceAll(data[lay.fmStart:lay.fmEnd], []byte("\r\n"), []byte("\n"))
	var v any
	if err := yaml.Unmarshal(fm, &v); err != nil {
		t.Fatalf("yaml: %v", err)
	}
	if v == nil {
		v = map[string]any{}
	}
	j, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json: %v", err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(j))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestSchemaAcceptsBuiltinsAndCorpus(t *testing.T) {
	t.Parallel()
	s := loadSchema(t)
	files := corpus(t)
	for _, n := range builtin.Names {
		b, _ := builtin.File(n)
		files["builtin/"+n+".md"] = b
	}
	for _, name := range sortedNames(files) {
		if err := s.Validate(frontmatterJSON(t, files[name])); err != nil {
			t.Errorf("%s does not match the schema: %v", name, err)
		}
	}
}

// TestSchemaRejectsWhatTheReaderRejects checks the schema against the reader on the field
// rules both can express.
func TestSchemaRejectsWhatTheReaderRejects(t *testing.T) {
	t.Parallel()
	s := loadSchema(t)
	tests := []struct {
		name string
		src  []byte
	}{
		{"unknown action", fm("description: d", "permissions:", "  bash: block")},
		{"unknown action in a pattern map", fm("description: d", "permissions:", "  bash: {ls: nope}")},
		{"unknown action in an action object", fm("description: d", "permissions:", "  bash: {action: nope}")},
		{"unknown field of an action object", fm("description: d", "permissions:", "  bash: {action: deny, why: x}")},
		{"patterns nest one level", fm("description: d", "permissions:", "  bash: {git: {status: allow}}")},
		{"both permissions and permission", fm("description: d", "permissions: read", "permission: plan")},
		{"missing permissions", fm("description: d")},
		{"missing description", fm("permissions: read")},
		{"blank description", fm(`description: " "`, "permissions: read")},
		{"unknown preset", fm("description: d", "permissions: write")},
		{"unknown legacy word", fm("description: d", "permissions: [read, fly]")},
		{"bad type", fm("description: d", "type: helper", "permissions: read")},
		{"steps zero", fm("description: d", "steps: 0", "permissions: read")},
		{"hidden not a boolean", fm("description: d", "hidden: sometimes", "permissions: read")},
		{"bad name", fm("name: -x", "description: d", "permissions: read")},
		{"empty permission key", fm("description: d", "permissions:", `  "": allow`)},
		{"examples not a map", fm("description: d", "permissions: read", "examples: [read]")},
		{"unknown examples key", fm("description: d", "permissions: read", "examples: {maybe: [read]}")},
		{"example tool not one word", fm("description: d", "permissions: read", `examples: {ask: ["run it: ls"]}`)},
		{"example not text", fm("description: d", "permissions: read", `examples: {ask: [[read]]}`)},
	}
	for _, tt := range tests {
		if p, _ := Parse("a.md", tt.src, ScopeGlobal); p != nil {
			t.Errorf("%s: the reader accepts %q", tt.name, tt.src)
		}
		if err := s.Validate(frontmatterJSON(t, tt.src)); err == nil {
			t.Errorf("%s: the schema accepts %q", tt.name, strings.TrimSpace(string(tt.src)))
		}
	}
}
