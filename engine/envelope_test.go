package engine

import "testing"

func TestEnvelope(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rules Ruleset
		info  EnvelopeInfo
		want  string
	}{
		{"plan mode lists hidden tools as denied",
			Ruleset{{Permission: "*", Pattern: "*", Action: Deny}, {Permission: "read", Pattern: "*", Action: Allow}},
			EnvelopeInfo{Label: "◇ planner", Description: "Reads & plans"},
			"<permission-envelope agent=\"◇ planner\" mode=\"plan\">\n  <description>Reads &amp; plans</description>\n  <allowed-tools>read</allowed-tools>\n  <denied-tools>bash, edit</denied-tools>\n</permission-envelope>\n"},
		{"ask keeps a tool allowed; no description line when empty",
			Ruleset{{Permission: "*", Pattern: "*", Action: Allow}, {Permission: "bash", Pattern: "rm *", Action: Ask}},
			EnvelopeInfo{Label: `a"b`},
			"<permission-envelope agent=\"a&#34;b\" mode=\"acceptEdits\">\n  <allowed-tools>read, bash, edit</allowed-tools>\n  <denied-tools></denied-tools>\n</permission-envelope>\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Envelope(tt.info, NewPolicy(tt.rules), []string{"read", "bash", "edit"})
			if got != tt.want {
				t.Errorf("Envelope(%+v, %v)\n got %q\nwant %q", tt.info, tt.rules, got, tt.want)
			}
		})
	}
}
