package engine

import (
	"testing"
)

func TestEvaluate(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		rules      Ruleset
		key, value string
		want       Action
		wantRule   int // 1-based index of the deciding rule, 0 for none
	}{
		{"no rules asks", nil, "bash", "ls", Ask, 0},
		{"last match wins", rules("bash", "*", "allow", "bash", "rm *", "deny"), "bash", "rm -rf /", Deny, 2},
		{"earlier rule when later does not match", rules("bash", "*", "allow", "bash", "rm *", "deny"), "bash", "ls", Allow, 1},
		{"catch-all last wins over everything", rules("bash", "rm *", "allow", "*", "*", "deny"), "bash", "rm x", Deny, 2},
		{"catch-all first is a default", rules("*", "*", "deny", "read", "*", "allow"), "read", "a.go", Allow, 2},
		{"permission is a wildcard", rules("mcp_*", "*", "deny"), "mcp_github_issue", "x", Deny, 1},
		{"permission wildcard does not match other key", rules("mcp_*", "*", "deny"), "bash", "x", Ask, 0},
		{"permission question mark", rules("ta?k", "*", "allow"), "task", "x", Allow, 1},
		{"permission optional tail bare", rules("mcp *", "*", "deny"), "mcp", "x", Deny, 1},
		{"permission optional tail is not a prefix", rules("mcp *", "*", "deny"), "mcpx", "x", Ask, 0},
		{"permission double star tail", rules("mcp **", "*", "deny"), "mcp", "x", Deny, 1},
		{"key is case-sensitive", rules("Bash", "*", "allow"), "bash", "ls", Ask, 0},
		{"empty value matches star", rules("bash", "*", "allow"), "bash", "", Allow, 1},
		{"empty value does not match literal", rules("bash", "ls", "allow"), "bash", "", Ask, 0},
		{"empty pattern matches empty value", rules("bash", "", "deny"), "bash", "", Deny, 1},
		{"optional tail", rules("bash", "git *", "allow"), "bash", "git", Allow, 1},
		{"optional tail not a prefix", rules("bash", "git *", "allow"), "bash", "gitk", Ask, 0},
		{"literal bracket", rules("bash", "echo [a]", "deny"), "bash", "echo [a]", Deny, 1},
		{"literal brace", rules("bash", "echo {a,b}", "deny"), "bash", "echo a", Ask, 0},
		{"path backslash", rules("edit", `src\*`, "allow"), "edit", `src\a.go`, Allow, 1},
		{"path backslash both ways", rules("read", `src/*`, "allow"), "read", `src\a.go`, Allow, 1},
		{"non-path backslash literal", rules("bash", `echo a\b`, "allow"), "bash", "echo a/b", Ask, 0},
		{"home in path pattern", rules("read", "~/.ssh/*", "deny"), "read", "/home/u/.ssh/id_rsa", Deny, 1},
		{"home in path value", rules("read", "/home/u/*", "deny"), "read", "~/notes", Deny, 1},
		{"dollar home value", rules("edit", "~/*", "deny"), "edit", "$HOME/x", Deny, 1},
		{"rule map whose catch-all comes last", rules("bash", "ls *", "allow", "bash", "*", "ask"), "bash", "ls -la", Ask, 2},
		{"star in key matches star key", rules("*", "*", "allow"), "*", "*", Allow, 1},
		{"multibyte question", rules("edit", "caf?.md", "allow"), "edit", "café.md", Allow, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := CompileWithHome(tt.rules, "/home/u")
			d := c.Evaluate(tt.key, tt.value)
			if d.Action != tt.want {
				t.Errorf("Evaluate(%q, %q) over %v = %s, want %s", tt.key, tt.value, tt.rules, d.Action, tt.want)
			}
			got := 0
			if d.Rule != nil {
				got = d.Rule.Source.Line
			}
			if got != tt.wantRule {
				t.Errorf("Evaluate(%q, %q) decided by rule %d, want %d", tt.key, tt.value, got, tt.wantRule)
			}
			if d.Value != tt.value {
				t.Errorf("decision value = %q, want the value as given %q", d.Value, tt.value)
			}
		})
	}
}

func TestEvaluateKeepsOrderAcrossLiteralAndWildcardKeys(t *testing.T) {
	t.Parallel()
	// The index splits literal and wildcard keys; the merge must keep file order.
	rs := rules("b*", "*", "deny", "bash", "*", "allow", "*", "*", "ask", "bash", "ls", "deny", "ba?h", "x", "allow")
	c := Compile(rs)
	tests := []struct {
		value string
		want  Action
		line  int
	}{{"ls", Deny, 4}, {"x", Allow, 5}, {"pwd", Ask, 3}}
	for _, tt := range tests {
		d := c.Evaluate("bash", tt.value)
		if d.Action != tt.want || d.Rule.Source.Line != tt.line {
			t.Errorf("bash %q = %s by rule %d, want %s by rule %d", tt.value, d.Action, d.Rule.Source.Line, tt.want, tt.line)
		}
		// Asking twice goes through the key cache and must agree.
		if again := c.Evaluate("bash", tt.value); again.Action != d.Action || again.Rule != d.Rule {
			t.Errorf("second evaluation of %q differs: %v vs %v", tt.value, again, d)
		}
	}
}

func TestDecisionSource(t *testing.T) {
	t.Parallel()
	tests := []struct {
		src  Source
		want string
	}{
		{Source{Kind: FromFile, Name: "agents/x.md", Line: 7}, "agents/x.md:7"},
		{Source{Kind: FromBuiltin, Name: "planner", Line: 4}, "builtin:planner"},
		{Source{Kind: FromPreset, Name: "plan"}, "preset:plan"},
		{Source{Kind: FromSession, Name: "s1"}, "session"},
		{Source{Kind: FromGuard, Name: "guards.yaml", Line: 2}, "guard"},
		{Source{Kind: FromRequest}, "rules"},
	}
	for _, tt := range tests {
		d := Decision{Rule: &Rule{Source: tt.src}}
		if got := d.Source(); got != tt.want {
			t.Errorf("Source() for %+v = %q, want %q", tt.src, got, tt.want)
		}
	}
	if got := (Decision{}).Source(); got != "default" {
		t.Errorf("Source() with no rule = %q, want default", got)
	}
}

func TestCombine(t *testing.T) {
	t.Parallel()
	rs := rules("read", "*", "allow", "read", "*.env", "deny", "read", "/etc/*", "ask")
	p := &Policy{Persona: Compile(rs)}
	tests := []struct {
		name   string
		values []string
		want   Action
		value  string
		line   int
	}{
		{"all allowed", []string{"a.go", "b.go"}, Allow, "a.go", 1},
		{"one deny denies", []string{"a.go", "/etc/passwd", ".env", "x.env"}, Deny, ".env", 2},
		{"ask without deny", []string{"a.go", "/etc/passwd", "/etc/hosts"}, Ask, "/etc/passwd", 3},
		{"no values is one empty value", nil, Allow, "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := p.DecideValues("read", tt.values)
			if d.Action != tt.want || d.Value != tt.value || d.Rule == nil || d.Rule.Source.Line != tt.line {
				t.Errorf("DecideValues(%v) = %s %q rule %v, want %s %q rule %d", tt.values, d.Action, d.Value, d.Rule, tt.want, tt.value, tt.line)
			}
		})
	}
	if d := p.DecideValues("read", []string{"/etc/a", "/etc/b"}); d.Reason == "" {
		t.Errorf("an ask over several values should list them, got no reason")
	}
}

func TestPolicyComposition(t *testing.T) {
	t.Parallel()
	persona := rules("edit", "*", "ask", "edit", "*.env", "deny", "bash", "*", "allow")
	session := rules("edit", "src/*", "allow", "bash", "curl *", "deny")
	guards := rules("bash", "rm -rf /*", "deny", "edit", "src/secret/*", "ask")
	p := &Policy{Persona: Compile(persona), Session: Compile(session), Guards: []*Compiled{Compile(guards)}}
	tests := []struct {
		name, key, value string
		want             Action
	}{
		{"session turns ask into allow", "edit", "src/a.go", Allow},
		{"session cannot beat persona deny", "edit", "src/.env", Deny},
		{"persona ask without session rule", "edit", "docs/a.md", Ask},
		{"session may tighten", "bash", "curl x", Deny},
		{"guard deny beats persona allow", "bash", "rm -rf /usr", Deny},
		{"guard ask beats session allow", "edit", "src/secret/k", Ask},
		{"guard without match changes nothing", "bash", "ls", Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := p.Decide(tt.key, tt.value); d.Action != tt.want {
				t.Errorf("Decide(%q, %q) = %s (%s), want %s", tt.key, tt.value, d.Action, d.Explain(), tt.want)
			}
		})
	}
}

func TestYolo(t *testing.T) {
	t.Parallel()
	p := &Policy{Persona: Compile(rules("bash", "*", "ask", "bash", "rm *", "deny")), Yolo: true}
	if d := p.Decide("bash", "ls"); d.Action != Allow {
		t.Errorf("yolo: ask should become allow, got %s", d.Action)
	}
	if d := p.Decide("bash", "rm x"); d.Action != Deny {
		t.Errorf("yolo must never touch deny, got %s", d.Action)
	}
	if d := p.DecideShell("bash", "$CMD x"); d.Action != Ask {
		t.Errorf("yolo must not open a command that cannot be read, got %s", d.Action)
	}
	guard := rules("bash", "git push *", "ask")
	guard[0].Source.Kind = FromGuard
	p.Guards = []*Compiled{Compile(guard)}
	if d := p.Decide("bash", "git push origin"); d.Action != Ask {
		t.Errorf("yolo must not loosen a guard's ask, got %s", d.Action)
	}
}
