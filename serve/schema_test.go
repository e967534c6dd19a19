package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentmgr/agentmgr/internal/schematest"
)

// The serve protocol's schema is checked with santhosh-tekuri/jsonschema, the validator the
// persona schema's test already uses: one well-kept library (JSON Schema 2020-12 in full,
// with errors that name the failing keyword and place) rather than a second one.
var serveSchemaPath = schematest.Path("serve.schema.json")

func loadServeSchema(t *testing.T) *jsonschema.Schema { return schematest.Load(t, "serve.schema.json") }

// validLine reports why line is not valid under the schema, or "" when it is.
func validLine(s *jsonschema.Schema, line []byte) string {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(line))
	if err != nil {
		return err.Error()
	}
	if err := s.Validate(doc); err != nil {
		return err.Error()
	}
	return ""
}

// Every request type the clients send, in the shapes each sends, and the server's every reply
// to them, are valid under the one schema the clients are tested against too.
func TestServeSpeaksItsSchema(t *testing.T) {
	s := loadServeSchema(t)
	f := newFixture(t)
	lines := []string{
		`{"id":1,"type":"hello","version":"1.2.3"}`,
		`{"id":2,"type":"agent","cwd":"/p","tools":["read","bash","edit","write"]}`,
		`{"id":3,"type":"agents","cwd":"/p"}`,
		decideLine(4, "read", `{"path":"src/main.go"}`),
		decideLine(5, "bash", `{"command":"ls && rm -rf /"}`),
		decideLine(6, "bash", `{"command":"git push"}`),
		`{"id":7,"type":"reply","request":"nope","reply":"once"}`,
		openCodeLine(8, "read", `{"filePath":"src/main.go"}`, "build", "helper"),
		childAsk(9, "child-1", "cleaner", "git push"),
		`{"id":10,"type":"decide","session":"s1","tool":"bash","value":"ls"}`,
		`{"id":"use-1","type":"use","cwd":"/p","step":1,"tools":["read"]}`,
		`{"id":12,"type":"policy","cwd":"/p","session":"s1"}`,
		`{"id":13,"type":"agent","cwd":"/p","tools":["read"],"skills":["deploy"]}`,
		`{"id":11,"type":"decide","session":"s1"}`,
		`not json`,
	}
	for _, l := range lines[:len(lines)-2] {
		if why := validLine(s, []byte(l)); why != "" {
			t.Errorf("request %s is not valid under the schema: %s", l, why)
		}
	}
	replies := f.run(t, lines...)
	if len(replies) != len(lines) {
		t.Fatalf("%d replies to %d lines", len(replies), len(lines))
	}
	for _, r := range replies {
		data, _ := json.Marshal(r)
		if why := validLine(s, data); why != "" {
			t.Errorf("reply %s is not valid under the schema: %s", data, why)
		}
	}
}

// The schema refuses what a client must not send and the server never sends: a field it does
// not know (the server would skip it silently), a reply with a request's type.
func TestServeSchemaRefusesUnknownFields(t *testing.T) {
	s := loadServeSchema(t)
	for _, l := range []string{
		`{"id":1,"type":"decide","sesion":"s1","tool":"bash"}`,
		`{"id":1,"type":"reply","request":"pi-1","reply":"sometimes"}`,
		`{"id":1,"type":"teleport"}`,
		`{"id":1,"action":"allow","verdict":"yes"}`,
		`{"id":1,"action":"maybe"}`,
	} {
		if validLine(s, []byte(l)) == "" {
			t.Errorf("%s is valid under the schema, want refused", l)
		}
	}
}

// The schema names every field of the Go types, so that neither drifts from the other.
func TestServeSchemaNamesEveryField(t *testing.T) {
	data, err := os.ReadFile(serveSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	var sch struct {
		Defs map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &sch); err != nil {
		t.Fatal(err)
	}
	check := func(def string, types ...any) {
		props := sch.Defs[def].Properties
		for _, v := range types {
			for _, name := range jsonFields(reflect.TypeOf(v)) {
				if _, ok := props[name]; !ok {
					t.Errorf("%T's field %q is not in the schema's %s", v, name, def)
				}
			}
		}
	}
	check("request", Request{})
	check("reply", Reply{}, Decision{}, AgentState{})
}

// jsonFields are the JSON names of t's fields, those of embedded structs included.
func jsonFields(t reflect.Type) []string {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			continue // an embedded reply part: checked as a type of its own
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

// Samples recorded from the clients themselves (the pi extension and the OpenCode plugin,
// talking to a real serve in their end-to-end tests): every request they sent and every reply
// they got is valid under the schema. A line is "req" or "rep", a tab, then the JSON.
func TestClientSamplesMatchTheSchema(t *testing.T) {
	s := loadServeSchema(t)
	for _, client := range []string{"pi", "opencode"} {
		path := filepath.Join("..", "schemas", "testdata", "serve", client+".tsv")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		seen := map[string]bool{}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			kind, line, ok := strings.Cut(sc.Text(), "\t")
			if !ok {
				t.Fatalf("%s:%d: no tab after req or rep", path, n)
			}
			if why := validLine(s, []byte(line)); why != "" {
				t.Errorf("%s:%d: %s %s is not valid under the schema: %s", path, n, kind, line, why)
			}
			var typ struct {
				Type string `json:"type"`
			}
			if kind == "req" && json.Unmarshal([]byte(line), &typ) == nil {
				seen[typ.Type] = true
			}
		}
		for _, want := range []string{"hello", "decide"} {
			if !seen[want] {
				t.Errorf("%s: no %s request recorded from the %s client", path, want, client)
			}
		}
	}
}
