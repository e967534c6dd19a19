package engine

import "testing"

// A subagent's call is decided by its own persona and by every persona on its chain: the most
// restrictive answer wins, and the decision names the persona that gave it.
func TestPolicyCallersAreMostRestrictive(t *testing.T) {
	t.Parallel()
	cleaner := Compile(rules("*", "*", "allow"))
	builder := Compile(rules("*", "*", "allow", "bash", "rm *", "ask", "webfetch", "*", "deny"))
	reviewer := Compile(rules("*", "*", "allow", "bash", "rm *", "deny", "bash", "git *", "allow"))
	p := &Policy{Name: "cleaner", Persona: cleaner, Callers: []Caller{{Name: "builder", Rules: builder}, {Name: "reviewer", Rules: reviewer}}}
	tests := []struct {
		key, value string
		want       Action
		by         string
	}{
		{"bash", "ls", Allow, "cleaner"},
		{"bash", "rm -rf x", Deny, "reviewer"},
		{"webfetch", "https://x", Deny, "builder"},
		{"bash", "git push", Allow, "cleaner"},
	}
	for _, tt := range tests {
		d := p.DecideKey(tt.key, tt.value)
		if d.Action != tt.want || p.Decider(d.Ref) != tt.by {
			t.Errorf("DecideKey(%s, %q) = %s by %q (%s), want %s by %q", tt.key, tt.value, d.Action, p.Decider(d.Ref), d.Explain(), tt.want, tt.by)
		}
	}
	if !p.Hidden("fetch_content") {
		t.Error("webfetch is hidden by builder on the chain, so it is hidden for the subagent")
	}
	if _, ref := p.HiddenBy("fetch_content"); ref.Layer != LayerCaller || p.Decider(ref) != "builder" {
		t.Errorf("HiddenBy(fetch_content) = %+v, want builder's rule", ref)
	}
}

// Session rules apply to the combined answer: an always the person gave for a caller's ask
// allows the call, but never lifts a caller's deny.
func TestPolicySessionRulesOverCallers(t *testing.T) {
	t.Parallel()
	p := &Policy{
		Name: "cleaner", Persona: Compile(rules("*", "*", "allow")),
		Callers: []Caller{{Name: "builder", Rules: Compile(rules("*", "*", "allow", "bash", "rm *", "ask", "bash", "sudo *", "deny"))}},
		Session: Compile(rules("bash", "rm *", "allow", "bash", "sudo *", "allow")),
	}
	if d := p.DecideKey("bash", "rm x"); d.Action != Allow || d.Ref.Layer != LayerSession {
		t.Errorf("rm x = %s (%s), want allow by the session rule", d.Action, d.Explain())
	}
	if d := p.DecideKey("bash", "sudo x"); d.Action != Deny || p.Decider(d.Ref) != "builder" {
		t.Errorf("sudo x = %s (%s), want builder's deny", d.Action, d.Explain())
	}
}

func TestCloseUnknown(t *testing.T) {
	t.Parallel()
	builder := &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "rm *", "ask"))}
	loose := &Policy{Persona: Compile(rules("*", "*", "allow"))}
	named := &Policy{Persona: Compile(rules("*", "*", "allow", "bash", "rm *", "ask", "mcp__srv__*", "*", "allow"))}
	tests := []struct {
		p    *Policy
		tool string
		want Action
	}{
		{builder, "mcp__srv__status", Ask},
		{builder, "todo", Allow},
		{builder, "read", Allow},
		{loose, "mcp__srv__status", Allow},
		{named, "mcp__srv__status", Allow},
		// The chain counts: a caller that restricts bash makes the unknown tool ask.
		{&Policy{Persona: loose.Persona, Callers: []Caller{{Name: "builder", Rules: builder.Persona}}}, "mcp__srv__status", Ask},
	}
	for _, tt := range tests {
		d := tt.p.CloseUnknown(tt.tool, tt.p.DecideTool(tt.tool, ""))
		if d.Action != tt.want {
			t.Errorf("CloseUnknown(%s) = %s (%s), want %s", tt.tool, d.Action, d.Reason, tt.want)
		}
	}
	// DecideTool alone answers what the rules say: eval's conformance is unchanged.
	if d := builder.DecideTool("my_custom_tool", "x"); d.Action != Allow {
		t.Errorf("DecideTool(my_custom_tool) under builder = %s, want allow", d.Action)
	}
}
