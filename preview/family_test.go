package preview

import "testing"

func TestFamilyOfToolsThatAreTheirOwnKey(t *testing.T) {
	for tool, want := range map[string]string{
		"read": "read", "write": "edit", "find": "glob", "bash": "bash",
		"mcp": FamilyOther, "skill": FamilyOther, "mcp__exa__search": FamilyOther, "my_tool": FamilyOther,
	} {
		if got := Family(tool); got != want {
			t.Errorf("Family(%q) = %q, want %q", tool, got, want)
		}
	}
}
