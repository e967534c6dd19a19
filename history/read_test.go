package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/replay"
)

// calls renders the decisions of entries, each with its reply, as "tool value action[/reply]".
func calls(t *testing.T, path string) []string {
	t.Helper()
	entries, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range replay.FromEntries(entries).Calls {
		s := c.Tool + " " + strings.Join(c.Values, " ") + " " + string(c.Action)
		if c.Reply != "" {
			s += "/" + c.Reply
		}
		out = append(out, s)
	}
	return out
}

func TestReadOtherToolsRecords(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"claude-transcript.jsonl", []string{
			"Bash git status allow", "Read /home/dev/proj/src/app.ts allow",
			"Bash npm test allow", // it ran; the test failing is no refusal
			"Bash rm -rf node_modules ask/reject", "Edit /home/dev/proj/src/app.ts allow",
			"Bash git push origin main deny",
		}},
		{"pi-session.jsonl", []string{"read src/app.ts allow", "write src/app.test.ts allow", "bash go test ./... allow", "bash cat .env deny"}},
		{"pps-review.jsonl", []string{"bash npm install deny", "bash git push origin main ask/once", "read /etc/hosts ask/reject", "bash make build allow"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got := calls(t, filepath.Join("testdata", tc.file))
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

func TestSuggestFromATranscriptAndASession(t *testing.T) {
	tests := []struct {
		file    string
		allowed []string // calls the suggested persona allows
		not     []string // calls it does not
	}{
		{"claude-transcript.jsonl", []string{"bash git status", "bash npm test", "read /home/dev/proj/src/app.ts"}, []string{"bash rm -rf node_modules", "bash git push origin main"}},
		{"pi-session.jsonl", []string{"read src/app.ts", "edit src/app.test.ts", "bash go test ./..."}, []string{"bash cat .env"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			entries, err := Read(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			s, err := replay.Suggest(replay.FromEntries(entries), "", engine.Ask)
			if err != nil {
				t.Fatal(err)
			}
			pol := engine.NewPolicy(s.Rules)
			for _, c := range tc.allowed {
				key, value, _ := strings.Cut(c, " ")
				if d := pol.DecideKey(key, value); d.Action != engine.Allow {
					t.Errorf("%s: %s, want allow (rules %v)", c, d.Action, s.Rules)
				}
			}
			for _, c := range tc.not {
				key, value, _ := strings.Cut(c, " ")
				if d := pol.DecideKey(key, value); d.Action == engine.Allow {
					t.Errorf("%s: allowed, want not (rules %v)", c, s.Rules)
				}
			}
		})
	}
}

func TestReadRefusesAnUnknownFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "x.jsonl")
	if err := writeFile(p, `{"hello":"world"}`+"\n"); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(p); err == nil || !strings.Contains(err.Error(), "x.jsonl:1:") {
		t.Errorf("err = %v", err)
	}
}

func writeFile(p, text string) error { return os.WriteFile(p, []byte(text), 0o600) }

func FuzzReadFile(f *testing.F) {
	for _, n := range []string{"claude-transcript.jsonl", "pi-session.jsonl", "pps-review.jsonl"} {
		data, _ := os.ReadFile(filepath.Join("testdata", n))
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, text string) {
		p := filepath.Join(t.TempDir(), "r.jsonl")
		if err := writeFile(p, text); err != nil {
			t.Fatal(err)
		}
		entries, err := ReadFile(p)
		if err != nil {
			return
		}
		for _, e := range entries {
			if e.Event == "decision" && len(e.Values) != 1 {
				t.Fatalf("a decision with %d values", len(e.Values))
			}
		}
	})
}
