package convert

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
)

// TestCodexExport_realCodex exports varied personas to Codex rules files and asks the real
// Codex (`codex execpolicy check --rules FILE ARGV…`) about every bash call of the mixed set:
// with the persona's fallback standing for the approval policy when no rule matches, Codex
// agrees with agentmgr's preview on at least 95% of them, and every call that differs is
// named in the export's report.
func TestCodexExport_realCodex(t *testing.T) {
	bin := realTool(t, "AGENTMGR_TEST_CODEX")
	dir := t.TempDir()
	ps, srcs := loadFixturePersonas(t, filepath.Join("testdata", "opencode", "personas"))
	type job struct {
		persona int
		call    ocCall
		want    engine.Action
	}
	var jobs []job
	exports := make([]*Export, len(ps))
	fallbacks := make([]engine.Action, len(ps))
	for i, p := range ps {
		ex, err := ExportCodex(p, srcs[i])
		if err != nil {
			t.Fatal(err)
		}
		exports[i] = ex
		if err := os.WriteFile(filepath.Join(dir, p.Name+".rules"), ex.Files[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
		pol := probePolicy(p.Rules)
		fallbacks[i] = pol.DecideShell("bash", "zz-unmatched").Action
		seen := map[string]bool{}
		calls := append([]ocCall(nil), ocMixedCalls...)
		for _, pr := range probesFor(p.Rules) {
			calls = append(calls, ocCall{claudeKey(pr.Tool), pr.Value})
		}
		for _, c := range calls {
			if c.Key == "bash" && c.Value != "" && !seen[c.Value] {
				seen[c.Value] = true
				jobs = append(jobs, job{i, c, pol.DecideShell("bash", c.Value).Action})
			}
		}
	}
	got := make([]engine.Action, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for j := range jobs {
		wg.Add(1)
		go func(j int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			jb := jobs[j]
			args := append([]string{"execpolicy", "check", "--rules", filepath.Join(dir, ps[jb.persona].Name+".rules")}, codexCommand(jb.call.Value)...)
			out, err := exec.Command(bin, args...).Output()
			if err != nil {
				t.Errorf("codex %v: %v\n%s", args, err, out)
				return
			}
			var res struct{ Decision string }
			if err := json.Unmarshal(out, &res); err != nil {
				t.Errorf("codex %v: %v\n%s", args, err, out)
				return
			}
			got[j] = map[string]engine.Action{"allow": engine.Allow, "prompt": engine.Ask, "forbidden": engine.Deny, "": fallbacks[jb.persona]}[res.Decision]
		}(j)
	}
	wg.Wait()
	agree := 0
	for j, jb := range jobs {
		if got[j] == jb.want {
			agree++
			continue
		}
		t.Logf("%s: %q: agentmgr %s, Codex %s", ps[jb.persona].Name, jb.call.Value, jb.want, got[j])
		if !reportNames(exports[jb.persona].Report, "bash", jb.call.Value, jb.want, got[j]) {
			t.Errorf("%s: %q: agentmgr %s, Codex %s, and the report does not name it", ps[jb.persona].Name, jb.call.Value, jb.want, got[j])
		}
	}
	t.Logf("Codex agrees with the preview on %d of %d bash calls", agree, len(jobs))
	if agree*100 < len(jobs)*95 {
		t.Errorf("Codex agrees with the preview on %d of %d bash calls, want at least 95%%", agree, len(jobs))
	}
}
