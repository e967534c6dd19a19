package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
	"github.com/agentmgr/agentmgr/personas/personastest"
)

// Two processes each run `agentmgr rule add` 200 times on one persona. Every run that says
// "saved" must have its rule in the file; a run that cannot save says the file changed on disk.
// Before the changed-on-disk check and the rename were under one lock, 364 runs said "saved"
// and only 220 of those rules were in the file.
func TestRuleAddFromTwoProcessesLosesNoUpdate(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns CLI processes")
	}
	const each = 200
	agentDir := filepath.Join(t.TempDir(), "agent")
	path := filepath.Join(agentDir, "agents", "shared.md")
	testfiles.Write(t, path, "---\ndescription: Shared by two writers.\npermissions:\n  read: allow\n---\nBody.\n")
	var saved []string
	failed := 0
	for w, lines := range twoCLIHelpers(t, "rule-add-many", agentDir, "shared", each) {
		for _, line := range lines {
			switch {
			case strings.HasPrefix(line, "saved "):
				saved = append(saved, strings.TrimPrefix(line, "saved "))
			case strings.HasPrefix(line, "failed ") && strings.Contains(line, "changed on disk") && strings.Contains(line, "retry"):
				failed++
			default:
				t.Errorf("CLI process %d: unexpected outcome %q", w, line)
			}
		}
	}
	p, _ := personastest.Load(t, path)
	inFile := map[string]bool{}
	for _, r := range p.Rules {
		inFile[r.Pattern] = true
	}
	lost := 0
	for _, pat := range saved {
		if !inFile[pat] {
			lost++
		}
	}
	if lost > 0 || len(saved)+failed != 2*each {
		t.Errorf("%d runs said saved, %d of them are not in the file; %d failed saying the file changed", len(saved), lost, failed)
	}
	t.Logf("%d saved, %d asked to retry", len(saved), failed)
}
