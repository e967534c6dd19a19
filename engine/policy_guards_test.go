package engine

import "testing"

func TestPolicyGuardFilesAreMostRestrictive(t *testing.T) {
	t.Parallel()
	// The user's guards deny .env files with an exception for examples; a project's guards deny
	// a secrets folder. Read as one ruleset, the user's exception would lift the project's deny.
	user := Compile(rules("read", "*.env", "deny", "read", "*.env.example", "allow"))
	project := Compile(rules("read", "secrets/*", "deny", "read", "secrets/public/*", "allow"))
	p := &Policy{Persona: Compile(rules("*", "*", "allow")), Guards: []*Compiled{user, project}}
	tests := []struct {
		value string
		want  Action
	}{
		{"a.env", Deny},
		{"a.env.example", Allow},
		{"secrets/key", Deny},
		{"secrets/x.env.example", Deny},
		{"secrets/public/x.env", Deny},
		{"secrets/public/readme", Allow},
		{"src/main.go", Allow},
	}
	for _, tt := range tests {
		d := p.Decide("read", tt.value)
		if d.Action != tt.want {
			t.Errorf("Decide(read, %q) with two guard files = %s (%s), want %s", tt.value, d.Action, d.Explain(), tt.want)
		}
		if tt.want == Deny && (d.Rule == nil || d.Rule.Action != Deny) {
			t.Errorf("Decide(read, %q) denied without naming the deny rule: %s", tt.value, d.Explain())
		}
	}
}

func TestPolicyHiddenByAnyGuardFile(t *testing.T) {
	t.Parallel()
	p := &Policy{
		Persona: Compile(rules("*", "*", "allow")),
		Guards: []*Compiled{
			Compile(rules("read", "*", "allow")),
			Compile(rules("webfetch", "*", "deny")),
			// Guards are mostly narrow denies: they protect some values, not the whole tool.
			Compile(rules("edit", "*.env", "deny", "bash", "rm -rf /*", "deny", "bash", "sudo *", "deny")),
		},
	}
	for tool, want := range map[string]bool{"fetch_content": true, "read": false, "bash": false, "write": false} {
		if got := p.Hidden(tool); got != want {
			t.Errorf("Hidden(%q) = %v, want %v", tool, got, want)
		}
	}
}
