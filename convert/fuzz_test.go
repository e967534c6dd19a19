package convert

import (
	"strings"
	"testing"
)

// checkItem is what every parser's output must satisfy: a draft that renders to a valid
// persona, or a clear refusal to render.
func checkItem(t *testing.T, it *Item) {
	t.Helper()
	if it == nil || it.Draft == nil || it.Report == nil {
		t.Fatal("an import returned no error and no item")
	}
	// Refusing to write a persona that would not read back is fine (nothing invalid is ever
	// written); a panic, or an invalid file reported as valid, is not.
	if _, text, err := it.Draft.Persona("x.md"); err != nil && text != nil && !strings.Contains(err.Error(), "is not valid") {
		t.Fatalf("a converted persona does not read back: %v\n%s", err, text)
	}
}

func FuzzImportClaudeAgent(f *testing.F) {
	f.Add([]byte("---\nname: a\ndescription: b: c <example>x</example>\ntools: Read, bash, Agent(x, y)\n---\nP\n"), []byte(acceptanceSettings))
	f.Add([]byte("---\ntools: []\ndisallowedTools: [Write]\nmaxTurns: 3\n---\n"), []byte(`{}`))
	f.Add([]byte("---\n---\n"), []byte(`{"permissions":{"deny":["Read(**/x)"],"defaultMode":"plan"}}`))
	f.Fuzz(func(t *testing.T, agent, settings []byte) {
		it, err := ImportClaudeAgent("a.md", agent, "s.json", settings)
		if err == nil {
			checkItem(t, it)
		}
		if it, err := ImportClaudeSettings("s.json", "s", settings); err == nil {
			checkItem(t, it)
		}
	})
}

func FuzzImportOpenCode(f *testing.F) {
	f.Add([]byte("---\ndescription: d\npermission:\n  bash:\n    \"*\": ask\ntools:\n  write: false\n---\nx\n"))
	f.Add([]byte(`{"agent":{"a":{"permission":"allow"}},"agents":{"b":{"permissions":[{"action":"shell","resource":"*","effect":"deny"}]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if it, err := ImportOpenCodeMarkdown("a.md", "team/a", data); err == nil {
			checkItem(t, it)
		}
		if items, err := ImportOpenCodeConfig("opencode.json", data); err == nil {
			for _, it := range items {
				checkItem(t, it)
			}
		}
	})
}

func FuzzImportRoo(f *testing.F) {
	f.Add([]byte("customModes:\n  - slug: a\n    name: \"🅰 A\"\n    roleDefinition: r\n    groups: [read, [edit, {fileRegex: \"\\\\.(md|txt)$\"}], command]\n"), "x.md", "rules")
	f.Add([]byte(`{"customModes":[{"slug":"b","groups":["mcp","browser"],"rulesFiles":[{"relativePath":"a","content":"c"}]}]}`), "", "")
	f.Fuzz(func(t *testing.T, data []byte, rel, content string) {
		items, err := ImportRoo(".roomodes", data, map[string][]RulesFile{"a": {{rel, content}}})
		if err != nil {
			return
		}
		for _, it := range items {
			checkItem(t, it)
		}
	})
}

func FuzzImportOpcode(f *testing.F) {
	f.Add([]byte(`{"version":1,"exported_at":"x","agent":{"name":"A b","icon":"bot","system_prompt":"S. T.","default_task":"d"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if it, err := ImportOpcode("a.opcode.json", data); err == nil {
			checkItem(t, it)
		}
	})
}

func FuzzClaudePath(f *testing.F) {
	for _, s := range []string{"./.env", "**/*.key", "//etc/**", "~/.ssh/**", "src/**/a/*.go", "/", "**", "a//b", "./"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		pats, _ := claudePathToGlobs(spec)
		if len(pats) == 0 {
			t.Fatalf("claudePathToGlobs(%q) gave no pattern", spec)
		}
		_ = gitignoreMatch(spec, "a/b")
		_ = globToClaudePath(spec)
	})
}

func FuzzRegexToGlobs(f *testing.F) {
	for _, s := range []string{`\.md$`, `^docs/.*`, `\.(md|mdx)$`, `a|b`, `(`, `^src/[a-z]+$`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, re string) {
		globs, ok := regexToGlobs(re)
		if !ok {
			return
		}
		back, ok := regexToGlobs(globsToRegex(globs))
		if !ok || len(back) != len(globs) {
			t.Fatalf("regexToGlobs(%q) = %q; globsToRegex gives %q, which reads back as %q", re, globs, globsToRegex(globs), back)
		}
	})
}
