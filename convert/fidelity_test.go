package convert

import "testing"

// TestExportFidelity checks the rule-by-rule figure of the Claude Code and Gemini exports.
func TestExportFidelity(t *testing.T) {
	tests := []struct {
		name     string
		export   func(t *testing.T, perms string) *Report
		perms    string
		fidelity string
	}{
		{name: "claude: the hook enforces every rule, even one the settings cannot name",
			export:   claudeExportReport,
			perms:    "  \"*\":\n    \"*\": ask\n    \"foo*\": deny\n  webfetch:\n    \"https://*.example.com/x\": allow\n",
			fidelity: "3 of 3 rules enforced as written, 0 stricter, 0 looser, 0 lost"},
		{name: "gemini: a pattern over every tool is lost",
			export:   geminiExportReport,
			perms:    "  \"*\":\n    \"*\": ask\n    \"foo*\": deny\n",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 0 looser, 1 lost"},
		{name: "gemini: a webfetch deny matched in the prompt is stricter",
			export:   geminiExportReport,
			perms:    "  \"*\": ask\n  webfetch:\n    \"https://example.com/*\": deny\n",
			fidelity: "1 of 2 rules enforced as written, 1 stricter, 0 looser, 0 lost"},
		{name: "gemini: a webfetch allow matched in the prompt is looser",
			export:   geminiExportReport,
			perms:    "  \"*\": ask\n  webfetch:\n    \"https://example.com/*\": allow\n",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 1 looser, 0 lost"},
		{name: "gemini: a relative path pattern is anchored, counted looser",
			export:   geminiExportReport,
			perms:    "  \"*\": ask\n  edit:\n    \"src/*\": allow\n",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 1 looser, 0 lost"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := tt.export(t, tt.perms)
			if rep.Fidelity == nil {
				t.Fatalf("no fidelity figure: %+v", rep)
			}
			if got := rep.Fidelity.String(); got != tt.fidelity {
				t.Errorf("fidelity %q, want %q\nchanged %+v\nlost %+v", got, tt.fidelity, rep.Changed, rep.Lost)
			}
		})
	}
}

func claudeExportReport(t *testing.T, perms string) *Report {
	t.Helper()
	ex, err := ExportClaude(parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n"+perms+"---\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ex.Report
}

func geminiExportReport(t *testing.T, perms string) *Report {
	t.Helper()
	ex, err := ExportGemini(parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n"+perms+"---\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ex.Report
}
