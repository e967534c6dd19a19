package mapping

import (
	"slices"
	"testing"
)

// toolCase is a tool name and how its runtime's table must govern it.
type toolCase struct {
	name            string
	key             string
	fields, folders []string
}

// checkToolFor checks that lookup (the runtime's ToolFor, named fn in failures) governs each
// name under its key with its fields and folders, keeping the name as the call spelt it.
func checkToolFor(t *testing.T, fn string, lookup func(string) Tool, cases []toolCase) {
	t.Helper()
	for _, tc := range cases {
		got := lookup(tc.name)
		if got.Name != tc.name || got.Key != tc.key || !slices.Equal(got.Fields, tc.fields) || !slices.Equal(got.Folders, tc.folders) {
			t.Errorf("%s(%q) = %+v, want key %q fields %q folders %q", fn, tc.name, got, tc.key, tc.fields, tc.folders)
		}
	}
}
