package personas

import "testing"

func TestFormDescribe(t *testing.T) {
	tests := []struct {
		form   Form
		preset string
		rules  int
		want   string
	}{
		{FormPreset, "build", 0, "preset build"},
		{FormLegacy, "", 0, "legacy list"},
		{FormRules, "", 3, "3 rules"},
		{FormRules, "", 0, "0 rules"},
	}
	for _, tt := range tests {
		if got := tt.form.Describe(tt.preset, tt.rules); got != tt.want {
			t.Errorf("%v.Describe(%q, %d) = %q, want %q", tt.form, tt.preset, tt.rules, got, tt.want)
		}
	}
}
