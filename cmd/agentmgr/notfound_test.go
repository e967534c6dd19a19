package main

import (
	"strings"
	"testing"
)

// A name whose file failed to load is answered with the file's error, by every command that
// takes a persona name, so the person fixes the file instead of hunting for a typo.
func TestNameOfABrokenFile(t *testing.T) {
	const broken = "---\ndescription: x\npermissions:\n  bash: block\n---\n"
	const wantErr = `persona "broken" did not load: `
	const wantPos = "broken.md:4:9: permissions.bash: unknown action \"block\""
	for _, args := range [][]string{
		{"show", "broken"},
		{"show", "Broken", "--envelope"},
		{"tools", "--agent", "broken"},
		{"check", "--agent", "broken", "bash", "ls"},
		{"lint", "broken"},
		{"use", "broken"},
		{"set", "broken", "description", "y"},
		{"rule", "rm", "broken", "1"},
		{"rename", "broken", "fixed"},
		{"rm", "broken"},
		{"new", "copy", "--from", "broken"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			e, _, errb := testEnv(t, "")
			writeAgent(t, "broken.md", broken)
			if code := run(args, e); code != 1 {
				t.Errorf("agentmgr %q exited %d, want 1", args, code)
			}
			if !strings.Contains(errb.String(), wantErr) || !strings.Contains(errb.String(), wantPos) {
				t.Errorf("agentmgr %q printed on stderr:\n%s\nwant %q with %q", args, errb, wantErr, wantPos)
			}
		})
	}
	t.Run("eval", func(t *testing.T) {
		e, out, _ := testEnv(t, `{"agent":"broken","tool":"bash","value":"ls"}`)
		writeAgent(t, "broken.md", broken)
		if code := run([]string{"eval"}, e); code != 0 {
			t.Fatalf("eval exited %d", code)
		}
		if !strings.HasPrefix(out.String(), `{"error":"`+strings.ReplaceAll(wantErr, `"`, `\"`)) {
			t.Errorf("eval answered %s, want an error starting %q", out, wantErr)
		}
	})
	t.Run("a name no file has", func(t *testing.T) {
		e, _, errb := testEnv(t, "")
		writeAgent(t, "broken.md", broken)
		if code := run([]string{"show", "brok"}, e); code != 1 || !strings.Contains(errb.String(), `no persona named "brok"`) {
			t.Errorf("agentmgr show brok exited %d with %q, want 1 and no persona named \"brok\"", code, errb)
		}
	})
}
