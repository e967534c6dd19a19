package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/trust"
)

// `agentmgr trust --diff` shows the trust and, for a project changed since it, each change
// as a diff against what was trusted, in text and in JSON; it changes nothing.
func TestTrustDiffShowsWhatChanged(t *testing.T) {
	home, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("PI_CODING_AGENT_DIR", filepath.Join(home, "agent"))
	proj := filepath.Join(home, "proj")
	helper := filepath.Join(proj, ".pi", "agents", "helper.md")
	testfiles.Write(t, filepath.Join(proj, ".git", "HEAD"), "ref: refs/heads/main\n")
	testfiles.Write(t, helper, "---\ndescription: h\npermissions: build\n---\n")
	cli := func(args ...string) (string, string, int) {
		e, out, errb := testEnvKeepHome(home)
		code := run(args, e)
		return out.String(), errb.String(), code
	}
	if _, errs, code := cli("trust", proj); code != 0 {
		t.Fatalf("trust: exit %d: %s", code, errs)
	}
	testfiles.Write(t, helper, "---\ndescription: h\npermissions: yolo\n---\n")
	tests := []struct {
		name string
		args []string
		code int
		want []string // in order
	}{
		{"text", []string{"trust", "--diff", proj}, 0, []string{
			"changed since trusted (agents/helper.md changed)",
			"\nagents/helper.md changed since trusted:\n--- agents/helper.md (trusted)\n+++ agents/helper.md (now)\n",
			"-permissions: build\n+permissions: yolo\n",
		}},
		{"--status names --diff", []string{"trust", "--status", proj}, 0, []string{"what changed since the trust: agentmgr trust --diff " + proj}},
		{"with --status", []string{"trust", "--status", "--diff", proj}, 0, []string{"-permissions: build\n+permissions: yolo\n"}},
		{"not with --revoke", []string{"trust", "--revoke", "--diff", proj}, 2, []string{"--revoke"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := cli(tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d: %s", code, tt.code, errs)
			}
			rest := out + errs
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("output lacks %q (in order):\n%s%s", w, out, errs)
				}
				rest = rest[i+len(w):]
			}
		})
	}
	// Run after the others, it also shows that they changed nothing: the project is still
	// changed since its trust.
	out, errs, code := cli("trust", "--diff", "--json", proj)
	var got trustJSON
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("--diff --json: exit %d, %v: %s%s", code, err, out, errs)
	}
	if got.State != "changed" || len(got.Diffs) != 1 || got.Diffs[0] != (trust.FileDiff{Path: "agents/helper.md", Change: "changed", Diff: got.Diffs[0].Diff}) || !strings.Contains(got.Diffs[0].Diff, "+permissions: yolo\n") {
		t.Errorf("--diff --json = %+v", got)
	}
}
