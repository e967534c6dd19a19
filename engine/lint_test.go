package engine

import (
	"fmt"
	"testing"
)

func kinds(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s@%d", f.Kind, f.Rule+1))
	}
	return out
}

func TestLint(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Ruleset
		opts  LintOptions
		want  []string
	}{
		{"clean planner-like", rules("*", "*", "deny", "read", "*", "allow", "bash", "git *", "allow"), LintOptions{}, nil},
		{"catch-all last shadows everything", rules("read", "*", "allow", "bash", "ls", "allow", "*", "*", "deny"), LintOptions{},
			[]string{"shadowed@1", "shadowed@2", "catch-all-late@3"}},
		{"duplicate", rules("bash", "ls", "allow", "bash", "ls", "allow"), LintOptions{}, []string{"duplicate@1"}},
		{"narrower after wider is fine, but a deny-list is fragile", rules("bash", "*", "allow", "bash", "rm *", "deny"), LintOptions{}, []string{"bash-fragile@1"}},
		{"a catch-all allow relying on bash denies is fragile", rules("*", "*", "allow", "bash", "rm *", "deny", "bash", "sudo *", "ask"), LintOptions{}, []string{"bash-fragile@1"}},
		{"the allow-list form is not fragile", rules("*", "*", "allow", "bash", "*", "ask", "bash", "git *", "allow", "bash", "rm *", "deny"), LintOptions{}, nil},
		{"an allow-list persona is not fragile", rules("*", "*", "deny", "bash", "git *", "allow"), LintOptions{}, nil},
		{"wider after narrower shadows", rules("bash", "git push *", "ask", "bash", "git *", "allow"), LintOptions{}, []string{"shadowed@1"}},
		{"optional tail is covered", rules("bash", "git *", "ask", "bash", "git*", "allow"), LintOptions{}, []string{"shadowed@1"}},
		{"question mark is not assumed to cover", rules("bash", "a*", "ask", "bash", "a?", "allow"), LintOptions{}, nil},
		{"wildcard permission shadows", rules("bash", "ls", "allow", "b*", "*", "deny"), LintOptions{}, []string{"shadowed@1"}},
		{"typo key", rules("bassh", "*", "allow"), LintOptions{}, []string{"unknown-key@1"}},
		{"unlisted custom key", rules("frobnicate", "*", "allow"), LintOptions{}, []string{"unknown-key@1"}},
		{"custom tool key listed by the user", rules("todo", "*", "allow", "ctx_*", "*", "deny"), LintOptions{ExtraTools: []string{"todo", "ctx_execute"}}, nil},
		{"wildcard key matching a tool", rules("web*", "*", "deny"), LintOptions{}, nil},
		{"wildcard key matching nothing", rules("zz*", "*", "deny"), LintOptions{}, []string{"unknown-key@1"}},
		{"bash ungated", rules("*", "*", "allow", "webfetch", "*", "deny"), LintOptions{}, []string{"bash-ungated@1"}},
		{"bash gated by asks only is left alone", rules("*", "*", "allow", "bash", "rm *", "ask"), LintOptions{}, nil},
		{"legacy", rules("*", "*", "deny"), LintOptions{Legacy: true}, []string{"legacy@0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := kinds(Lint(tt.rules, tt.opts))
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("Lint(%v) = %v, want %v", tt.rules, got, tt.want)
			}
		})
	}
}

func TestLintShadowedNeverDecides(t *testing.T) {
	t.Parallel()
	// Property: a rule reported as shadowed decides none of a set of probe values.
	rs := rules("bash", "git push *", "ask", "bash", "git *", "allow", "read", "src/*", "deny", "*", "*", "ask")
	c := Compile(rs)
	probes := []string{"git", "git push", "git push origin", "src/a", "x", ""}
	for _, f := range Lint(rs, LintOptions{}) {
		if f.Kind != LintShadowed {
			continue
		}
		for _, key := range []string{"bash", "read", "edit"} {
			for _, v := range probes {
				if d := c.Evaluate(key, v); d.Rule == &c.rules[f.Rule].Rule {
					t.Errorf("rule %d reported shadowed but decides %s %q", f.Rule+1, key, v)
				}
			}
		}
	}
}

func TestPostureOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		rules    Ruleset
		form     ShellForm
		def      Action
		narrower int
	}{
		{"no rules", nil, ShellAllowList, Ask, 0},
		{"planner", rules("*", "*", "deny", "read", "*", "allow"), ShellDenied, Deny, 0},
		{"allow-list", rules("*", "*", "deny", "bash", "git *", "allow", "bash", "go test *", "allow"), ShellAllowList, Deny, 2},
		{"ask by default", rules("bash", "*", "ask", "bash", "ls *", "allow"), ShellAllowList, Ask, 1},
		{"builder", rules("*", "*", "allow", "bash", "rm *", "ask", "bash", "sudo *", "ask"), ShellAskList, Allow, 2},
		{"deny-list", rules("*", "*", "allow", "bash", "rm *", "deny"), ShellDenyList, Allow, 1},
		{"ungated", rules("*", "*", "allow", "edit", "*.env", "deny"), ShellUngated, Allow, 0},
		{"rules before the last catch-all do not count", rules("bash", "rm *", "deny", "bash", "*", "allow"), ShellUngated, Allow, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := PostureOf(tt.rules)
			if p.Form != tt.form || p.Default != tt.def || len(p.Narrower) != tt.narrower || p.Summary() == "" {
				t.Errorf("PostureOf(%v) = %+v (%s), want form %s, default %s, %d narrower", tt.rules, p, p.Summary(), tt.form, tt.def, tt.narrower)
			}
		})
	}
}

func TestLintKnowsTheKeysThatGovernNoToolOfTheirOwn(t *testing.T) {
	t.Parallel()
	for _, key := range []string{"path", "external_directory", "wrappers", "skill", "mcp", "write", "find", "ls", "web_search", "fetch_content"} {
		for _, f := range Lint(Ruleset{{Permission: key, Pattern: "*", Action: Ask}}, LintOptions{}) {
			if f.Kind == LintUnknownKey {
				t.Errorf("%s: %s", key, f.Message)
			}
		}
	}
}
