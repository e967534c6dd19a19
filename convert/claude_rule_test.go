package convert

import (
	"slices"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

func TestClaudePathToGlobs(t *testing.T) {
	tests := []struct {
		spec    string
		want    []string
		changed bool
	}{
		{"./.env", []string{".env"}, false},
		{"./src/**", []string{"src/*"}, false},
		{"**/*.key", []string{"*.key", "*/*.key"}, false},
		{"//etc/**", []string{"/etc/*"}, false},
		{"~/.ssh/**", []string{"~/.ssh/*"}, false},
		{".env", []string{".env", "*/.env"}, false},
		{"*.env", []string{"*.env", "*/*.env"}, false},
		{"./docs/*.md", []string{"docs/*.md"}, true},
		{"/src/a.go", []string{"src/a.go"}, true},
		{"src/**/test/*.go", []string{"src/test/*.go", "src/*/test/*.go"}, true},
		{"./build/", []string{"build/*"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			got, why := claudePathToGlobs(tt.spec)
			if !slices.Equal(got, tt.want) || (why != "") != tt.changed {
				t.Errorf("claudePathToGlobs(%q) = %q, %q; want %q, changed %v", tt.spec, got, why, tt.want, tt.changed)
			}
		})
	}
}

func TestClaudeRuleToRules(t *testing.T) {
	tests := []struct {
		rule string
		want []engine.Rule
	}{
		{"Bash(git diff:*)", []engine.Rule{{Permission: "bash", Pattern: "git diff *", Action: engine.Allow}}},
		{"Bash(npm test)", []engine.Rule{{Permission: "bash", Pattern: "npm test", Action: engine.Allow}}},
		{"Bash", []engine.Rule{{Permission: "bash", Pattern: "*", Action: engine.Allow}}},
		{"Write", []engine.Rule{{Permission: "edit", Pattern: "*", Action: engine.Allow}}},
		{"Agent(reviewer)", []engine.Rule{{Permission: "task", Pattern: "reviewer", Action: engine.Allow}}},
		{"mcp__github", []engine.Rule{{Permission: "mcp__github__*", Pattern: "*", Action: engine.Allow}}},
		{"mcp__github__create_issue", []engine.Rule{{Permission: "mcp__github__create_issue", Pattern: "*", Action: engine.Allow}}},
		{"WebSearch", []engine.Rule{{Permission: "websearch", Pattern: "*", Action: engine.Allow}}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			c, err := ParseClaudeRule(tt.rule)
			if err != nil {
				t.Fatal(err)
			}
			got := claudeRuleToRules(c, engine.Allow, newReport("s", "t", EnforcedByFile), func(int) {})
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s -> %v, want %v", tt.rule, got, tt.want)
			}
		})
	}
}

func TestParseClaudeRule_errors(t *testing.T) {
	for _, bad := range []string{"", "Bash(git", "(x)", "Read x"} {
		if _, err := ParseClaudeRule(bad); err == nil {
			t.Errorf("ParseClaudeRule(%q) gave no error", bad)
		}
	}
}

func TestRuleToClaude(t *testing.T) {
	tests := []struct {
		rule engine.Rule
		want []string
	}{
		{engine.Rule{Permission: "bash", Pattern: "git *"}, []string{"Bash(git *)"}},
		{engine.Rule{Permission: "read", Pattern: "src/*"}, []string{"Read(./src/**)"}},
		{engine.Rule{Permission: "read", Pattern: "*.key"}, []string{"Read(*.key)"}},
		{engine.Rule{Permission: "edit", Pattern: "/etc/*"}, []string{"Edit(//etc/**)"}},
		{engine.Rule{Permission: "webfetch", Pattern: "https://example.com/*"}, []string{"WebFetch(domain:example.com)"}},
		{engine.Rule{Permission: "mcp__github__*", Pattern: "*"}, []string{"mcp__github"}},
		{engine.Rule{Permission: "*", Pattern: "git *"}, nil},
		{engine.Rule{Permission: "ctx_execute", Pattern: "*"}, nil},
	}
	for _, tt := range tests {
		got, why := ruleToClaude(tt.rule)
		if !slices.Equal(got, tt.want) || got == nil && why == "" {
			t.Errorf("ruleToClaude(%v) = %q, %q; want %q", tt.rule, got, why, tt.want)
		}
	}
}

func TestRegexToGlobs(t *testing.T) {
	tests := []struct {
		re   string
		want []string
	}{
		{`\.md$`, []string{"*.md"}},
		{`\.(md|mdx)$`, []string{"*.md", "*.mdx"}},
		{`^docs/.*`, []string{"docs/*"}},
		{`^a\.go$|^b/.*$`, []string{"a.go", "b/*"}},
		{`^(\.dir1/.*|\.dir2/.*\.md)$`, []string{".dir1/*", ".dir2/*.md"}},
		{`^src/[a-z]+\.go$`, nil},
		{`(`, nil},
	}
	for _, tt := range tests {
		got, ok := regexToGlobs(tt.re)
		if !slices.Equal(got, tt.want) || ok != (tt.want != nil) {
			t.Errorf("regexToGlobs(%q) = %q, %v; want %q", tt.re, got, ok, tt.want)
		}
		if ok {
			back, ok2 := regexToGlobs(globsToRegex(got))
			if !ok2 || !slices.Equal(back, got) {
				t.Errorf("globsToRegex(%q) = %q does not read back: %q", got, globsToRegex(got), back)
			}
		}
	}
}
