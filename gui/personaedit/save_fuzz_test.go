package personaedit

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/gui/internal/fixture"
	"github.com/agentmgr/agentmgr/personas"
)

// FuzzApplyDraft edits the fixture reviewer with arbitrary field values and one extra rule, and
// checks the promise behind Save: a draft without errors that the writer accepts is written as
// a file that reads back as exactly that draft.
func FuzzApplyDraft(f *testing.F) {
	data, err := os.ReadFile(fixture.Path(filepath.Join("agentdir", "agents", "reviewer.md")))
	if err != nil {
		f.Skip(err)
	}
	f.Add("Reviews.", "🔍", "info", "3", "Review it.", "bash", "git status *", "allow", "")
	f.Add("a: b # c", "'", "pink", "", "---\nnot frontmatter", "*", "*", "deny", "no \"quotes\"")
	f.Add("  spaced  ", "", "", "007", "line1\r\nline2", "web*", "https://x/*", "ask", "")
	f.Fuzz(func(t *testing.T, desc, icon, color, steps, prompt, key, pattern, action, reason string) {
		m, probs := NewFileModel("reviewer.md", data, personas.ScopeGlobal, nil)
		if m == nil {
			t.Fatalf("fixture does not load: %v", probs)
		}
		m.Update(func(d *Draft) {
			d.Description, d.Icon, d.Color, d.Steps, d.Prompt = desc, icon, color, steps, prompt
			d.Rules = append(d.Rules, RuleRow{Permission: key, Pattern: pattern, Action: engine.Action(action), Reason: reason})
		})
		out, err := m.Bytes()
		if len(m.Errors()) > 0 || err != nil {
			if m.CanSave() {
				t.Fatalf("CanSave with errors %v / %v", m.Errors(), err)
			}
			return
		}
		p, probs := personas.Parse("reviewer.md", out, personas.ScopeGlobal)
		if p == nil {
			t.Fatalf("the written draft does not load: %v\n%s", probs, out)
		}
		d := m.Draft()
		wantSteps := 0
		if d.Steps != "" {
			wantSteps, _ = strconv.Atoi(strings.TrimSpace(d.Steps))
		}
		want := m.Persona() // the draft as the editor previews it: text fields trimmed
		if p.Description != want.Description || p.Icon != want.Icon || p.Color != want.Color || p.Steps != wantSteps {
			t.Errorf("fields read back as %q %q %q %d; want %q %q %q %d\n%s", p.Description, p.Icon, p.Color, p.Steps, want.Description, want.Icon, want.Color, wantSteps, out)
		}
		// A body is read trimmed of blank lines around it, with "\n" line endings: compare
		// only prompts that this reading leaves as they are.
		if prompt == strings.TrimSpace(prompt) && !strings.Contains(prompt, "\r") && p.Prompt != prompt {
			t.Errorf("prompt read back as %q; want %q\n%s", p.Prompt, prompt, out)
		}
		if got, want := rowsString(rowsOf(p.Rules)), rowsString(d.Rules); got != want {
			t.Errorf("rules read back as\n%s\nwant\n%s\n%s", got, want, out)
		}
	})
}
