package pi

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/ownedfile"
	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestGateChildrenListsTheExtensionForPiSubagentsAndUngateUndoesIt(t *testing.T) {
	tests := []struct {
		name, before, after string
	}{
		{"no settings file", "", "{\n  \"subagents\": {\n    \"defaultExtensions\": [\n      \"EXT\"\n    ]\n  }\n}\n"},
		{"other keys keep their order", `{"theme":"dark","subagents":{"agentScanDirs":["x"]},"packages":[]}`,
			"{\n  \"theme\": \"dark\",\n  \"subagents\": {\n    \"agentScanDirs\": [\n      \"x\"\n    ],\n    \"defaultExtensions\": [\n      \"EXT\"\n    ]\n  },\n  \"packages\": []\n}\n"},
		{"a list of others is kept", `{"subagents":{"defaultExtensions":["/a.ts"]}}`,
			"{\n  \"subagents\": {\n    \"defaultExtensions\": [\n      \"/a.ts\",\n      \"EXT\"\n    ]\n  }\n}\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ext := filepath.Join(dir, "extensions")
			settings := Settings(ext)
			if tc.before != "" {
				testfiles.Write(t, settings, tc.before)
			}
			changed, err := GateChildren(ext)
			if err != nil || !changed {
				t.Fatalf("GateChildren = %v, %v; want a change", changed, err)
			}
			got, _ := os.ReadFile(settings)
			want := strings.ReplaceAll(tc.after, "EXT", Path(ext))
			if string(got) != want {
				t.Fatalf("settings after install:\n%s\nwant:\n%s", got, want)
			}
			if changed, err := GateChildren(ext); err != nil || changed {
				t.Fatalf("second GateChildren = %v, %v; want no change", changed, err)
			}
			list, err := ChildExtensions(settings)
			if err != nil || !slices.Contains(list, Path(ext)) {
				t.Fatalf("ChildExtensions = %v, %v", list, err)
			}
			if changed, err := UngateChildren(ext); err != nil || !changed {
				t.Fatalf("UngateChildren = %v, %v; want a change", changed, err)
			}
			got, err = os.ReadFile(settings)
			switch {
			case tc.before == "" && !errors.Is(err, fs.ErrNotExist):
				t.Fatalf("after uninstall: %q, %v; want the file install created gone", got, err)
			case tc.before != "":
				// The same content as before, as pi would write it.
				o, _ := ownedfile.ParseObject([]byte(tc.before))
				if string(got) != string(o.Marshal()) {
					t.Fatalf("after uninstall:\n%s\nwant the content before:\n%s", got, o.Marshal())
				}
			}
		})
	}
}

func TestGateChildrenRefusesABrokenSettingsFileAndLeavesItAlone(t *testing.T) {
	for _, bad := range []string{`{"subagents":`, `[1]`, `{"subagents":[]}`, `{"subagents":{"defaultExtensions":"x"}}`, `{"a":1,"a":2}`} {
		dir := t.TempDir()
		ext := filepath.Join(dir, "extensions")
		testfiles.Write(t, Settings(ext), bad)
		if _, err := GateChildren(ext); err == nil {
			t.Errorf("GateChildren over %s: no error", bad)
		}
		if got, _ := os.ReadFile(Settings(ext)); string(got) != bad {
			t.Errorf("the broken file %s was rewritten to %s", bad, got)
		}
	}
}
