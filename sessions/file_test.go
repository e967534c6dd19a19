package sessions

import (
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/engine"
)

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"empty file", "", "f.json:1:1: the file ends too early"},
		{"not an object", "[]", `f.json:1:1: expected the file to be a JSON object`},
		{"cut short", "{\n  \"id\": \"s1\",\n  \"rules\": [", "f.json:3:13: the file ends too early"},
		{"broken JSON", "{\n  \"id\": \"s1\" \"x\"}", "f.json:2:14: broken JSON"},
		{"id missing", `{"revision": 1}`, `"id" is missing`},
		{"another session", `{"id": "s2", "revision": 1}`, `holds session "s2", not "s1"`},
		{"revision missing", `{"id": "s1"}`, `"revision" is missing or 0`},
		{"negative revision", `{"id": "s1", "revision": -1}`, `f.json:1:26: "revision": -1 is not a whole number`},
		{"revision a string", `{"id": "s1", "revision": "1"}`, `f.json:1:26: "revision": "1" is not a whole number`},
		{"id a number", `{"id": 5, "revision": 1}`, `"id": expected string, got JSON number`},
		{"bad time", `{"id": "s1", "revision": 1, "updated": "yesterday"}`, `f.json:1:40: "updated": "yesterday" is not an RFC 3339 time`},
		{"rules not a list", `{"id": "s1", "revision": 1, "rules": {}}`, `f.json:1:38: expected "rules" to be a list`},
		{"rule without action", "{\"id\": \"s1\", \"revision\": 1, \"rules\": [\n {\"permission\": \"bash\", \"pattern\": \"x\"}]}", `f.json:2:2: rules[1]: "action" is missing`},
		{"rule without pattern", `{"id": "s1", "revision": 1, "rules": [{"permission": "bash", "action": "allow"}]}`, `rules[1]: "pattern" is missing`},
		{"rule with empty permission", `{"id": "s1", "revision": 1, "rules": [{"permission": "", "pattern": "x", "action": "allow"}]}`, `rules[1]: "permission" is missing or empty`},
		{"second rule bad", "{\"id\": \"s1\", \"revision\": 1, \"rules\": [\n  {\"permission\": \"bash\", \"pattern\": \"x\", \"action\": \"allow\"},\n  {\"permission\": \"bash\", \"pattern\": \"y\", \"action\": \"Allow\"}]}", `f.json:3:3: rules[2]: unknown action "Allow"`},
		{"rule pattern a number", `{"id": "s1", "revision": 1, "rules": [{"permission": "bash", "pattern": 3, "action": "allow"}]}`, `rules[1].pattern: expected string, got JSON number`},
		{"deleted with rules", `{"id": "s1", "revision": 2, "deleted": true, "rules": [{"permission": "bash", "pattern": "x", "action": "allow"}]}`, "a deleted session holds no rules"},
		{"trailing data", `{"id": "s1", "revision": 1} {}`, `f.json:1:29: unexpected data after the session object`},
		{"columns count characters", `{"id": "s1", "revision": 1, "x": "äöü", "updated": "no"}`, `f.json:1:52: "updated"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := decode("f.json", "s1", []byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("decode(%q): err = %v, want it to contain %q", tt.data, err, tt.want)
			}
		})
	}
}

func TestDecodeKeepsUnknownKeysOut(t *testing.T) {
	data := `{"future": {"a": [1, 2]}, "id": "s1", "revision": 4, "generation": 2, "rules": [{"permission": "edit", "pattern": "src/*", "action": "allow", "note": "x"}]}`
	got, err := decode("f.json", "s1", []byte(data))
	if err != nil {
		t.Fatalf("decode with unknown keys: %v", err)
	}
	want := engine.Rule{Permission: "edit", Pattern: "src/*", Action: engine.Allow, Source: engine.Source{Kind: engine.FromSession, Name: "s1", Line: 1}}
	if got.Revision != 4 || got.Generation != 2 || len(got.Rules) != 1 || got.Rules[0] != want {
		t.Errorf("decode = %+v, want revision 4, generation 2 and %+v", got, want)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	tests := []approvals.SessionRules{
		{ID: "s1", Revision: 1, Generation: 1},
		{ID: "s1", Revision: 9, Generation: 3, Deleted: true},
		{ID: "a.b-c_d", Revision: 1 << 62, Generation: 1, Rules: engine.Ruleset{
			{Permission: "bash", Pattern: "echo \"<&>\" \u2028 *", Action: engine.Ask},
			{Permission: "*", Pattern: "", Action: engine.Deny, Reason: "line\nbreak"},
		}},
	}
	for _, s := range tests {
		s.Updated = time.Date(2026, 1, 2, 3, 4, 5, 600, time.UTC)
		s.Rules = s.Rules.WithSource(engine.Source{Kind: engine.FromSession, Name: s.ID})
		for i := range s.Rules {
			s.Rules[i].Source.Line = i + 1
		}
		data := encode(s)
		got, err := decode("f.json", s.ID, data)
		if err != nil {
			t.Fatalf("decode(encode(%+v)): %v\n%s", s, err, data)
		}
		if got.ID != s.ID || got.Revision != s.Revision || got.Generation != s.Generation || got.Deleted != s.Deleted || !got.Updated.Equal(s.Updated) || len(got.Rules) != len(s.Rules) {
			t.Fatalf("round trip = %+v, want %+v\n%s", got, s, data)
		}
		for i := range s.Rules {
			if got.Rules[i] != s.Rules[i] {
				t.Errorf("rule %d round trip = %+v, want %+v", i+1, got.Rules[i], s.Rules[i])
			}
		}
	}
}

func TestEncodeIsOneRulePerLine(t *testing.T) {
	s := approvals.SessionRules{ID: "s1", Revision: 2, Generation: 1, Updated: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Rules: engine.Ruleset{
		{Permission: "bash", Pattern: "git push *", Action: engine.Allow},
		{Permission: "read", Pattern: "*.env", Action: engine.Deny, Reason: "secrets"},
	}}
	want := `{
  "id": "s1",
  "revision": 2,
  "generation": 1,
  "deleted": false,
  "updated": "2026-01-02T03:04:05Z",
  "rules": [
    {"permission":"bash","pattern":"git push *","action":"allow"},
    {"permission":"read","pattern":"*.env","action":"deny","reason":"secrets"}
  ]
}
`
	if got := string(encode(s)); got != want {
		t.Errorf("encode =\n%s\nwant\n%s", got, want)
	}
}

// FuzzDecode checks that no input makes decode panic, and that whatever it accepts encodes
// and decodes back to the same session.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"id":"s1","revision":1,"generation":1,"rules":[{"permission":"bash","pattern":"x","action":"allow"}]}`))
	f.Add([]byte(`{"id":"s1","revision":3,"deleted":true,"updated":"2026-01-02T03:04:05Z","rules":[]}`))
	f.Add([]byte(`{"id":"s1","revision":1,"x":[{},[]],"rules":[{"permission":"*","pattern":"","action":"deny","reason":"r"}]}`))
	f.Add([]byte(`{"id":"s1","revision":18446744073709551615}`))
	f.Add([]byte("{\"id\":\"s1\",\"revision\":1,\"rules\":[\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := decode("f.json", "s1", data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		again, err := decode("f.json", "s1", encode(s))
		if err != nil {
			t.Fatalf("decode accepted %q but not its re-encoding: %v", data, err)
		}
		if again.Revision != s.Revision || again.Generation != s.Generation || again.Deleted != s.Deleted || len(again.Rules) != len(s.Rules) || !again.Updated.Equal(s.Updated) {
			t.Fatalf("round trip of %q changed %+v into %+v", data, s, again)
		}
		for i := range s.Rules {
			if again.Rules[i] != s.Rules[i] {
				t.Fatalf("round trip of %q changed rule %d from %+v to %+v", data, i+1, s.Rules[i], again.Rules[i])
			}
		}
	})
}
