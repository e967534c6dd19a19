package trust

import "testing"

// A path is printed as it is unless a control character in it could start a line of its own.
func TestShown(t *testing.T) {
	tests := []struct{ path, want string }{
		{"agents/helper.md", "agents/helper.md"},
		{"agents/with space é.md", "agents/with space é.md"},
		{"agents/x\nagents/helper.md changed.md", `"agents/x\nagents/helper.md changed.md"`},
		{"agents/tab\t.md", `"agents/tab\t.md"`},
		{"agents/cr\r.md", `"agents/cr\r.md"`},
		{"agents/esc\x1b[2K.md", `"agents/esc\x1b[2K.md"`},
	}
	for _, tc := range tests {
		if got := Shown(tc.path); got != tc.want {
			t.Errorf("Shown(%q) = %s, want %s", tc.path, got, tc.want)
		}
	}
}

// The status names a changed file on one line, whatever the repository named it.
func TestChangesNameEachFileOnOneLine(t *testing.T) {
	now := []File{{Path: "agents/x\nagents/helper.md unchanged.md", Sum: "sha256:1"}}
	got := changes(nil, now)
	if len(got) != 1 || got[0] != `"agents/x\nagents/helper.md unchanged.md" added` {
		t.Errorf("changes = %q, want the quoted name and added", got)
	}
}
