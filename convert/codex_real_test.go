package convert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/e2etest"
)

// codexCalls is the mixed set of bash calls the real Codex decides for every exported
// persona: everyday commands, the patterns' own commands, absolute program paths, wrappers and
// compound command lines.
var codexCalls = []string{
	"ls", "ls -la src", "cat README.md", "git status", "git status --short", "git diff HEAD",
	"git log --oneline", "git show HEAD", "git push", "git push origin main",
	"git push --force origin main", "git commit -m wip", "git checkout -b topic", "rm notes.txt",
	"rm -rf build", "rm -rf /", "chmod +x run.sh", "chown me file", "sudo ls", "sudo reboot",
	"npm test", "npm test -- --watch", "npm run lint", "npm ci", "npm install", "npm publish",
	"npm publish --access public", "node --check a.js", "make", "make build", "docker ps",
	"docker ps -a", "docker run alpine", "go build ./...", "go test ./...",
	"curl https://example.com", "/usr/local/bin/deploy prod", "/bin/rm -rf build",
	"env rm -rf build", "bash -c 'rm -rf build'", "make && sudo make install",
	"git status && rm -rf build", "./scripts/build.sh --release",
}

// codexCheck runs `codex execpolicy check` on argv and returns its decision, "" when no rule
// matched.
func codexCheck(t *testing.T, bin, home, rules string, argv []string) string {
	args := append([]string{"execpolicy", "check", "--resolve-host-executables", "--rules", rules, "--"}, argv...)
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HOME="+home, "CODEX_HOME="+filepath.Join(home, ".codex"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Errorf("codex execpolicy check %q: %v\n%s", argv, err, stderr.String())
		return "error"
	}
	var out struct {
		MatchedRules []json.RawMessage `json:"matchedRules"`
		Decision     string            `json:"decision"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Errorf("codex execpolicy check %q: %v in %s", argv, err, stdout.String())
		return "error"
	}
	if len(out.MatchedRules) == 0 {
		return ""
	}
	return out.Decision
}

// fallbackOfFile is what the exported file's header tells the user to run Codex with, as the
// decision for a command no rule matches: the shell tool turned off denies every command,
// approval_policy never runs it, and so do on-request and the granular policy (in the sandbox).
func fallbackOfFile(t *testing.T, data []byte) engine.Action {
	s := string(data)
	switch {
	case strings.Contains(s, "#   shell_tool = false"):
		return engine.Deny
	case strings.Contains(s, "#   [approval_policy.granular]") && strings.Contains(s, "#   sandbox_approval = false"):
		// A command no rule matches runs in the sandbox unasked and cannot leave it: it runs.
		return engine.Allow
	case strings.Contains(s, `#   approval_policy = "never"`):
		return engine.Allow
	case strings.Contains(s, `#   approval_policy = "on-request"`):
		// Under on-request an unmatched command runs in the sandbox; only a request to leave
		// it asks.
		return engine.Allow
	}
	t.Fatalf("the exported file names no approval policy:\n%s", s)
	return ""
}

// TestCodexExportAgreesWithRealCodex exports builder, planner and the testdata personas, lets
// Codex 0.171.0 load each file (which also checks every match and not_match example), and
// decides the mixed call set with `codex execpolicy check`. Codex must agree with agentmgr's
// decision on at least 95% of the calls; every call where it does not must be one the export's
// model of Codex predicts, so that the report, which is made with that model, names it.
func TestCodexExportAgreesWithRealCodex(t *testing.T) {
	bin := e2etest.Codex.Find(t)
	home := t.TempDir()
	total, agree := 0, 0
	perTotal, perAgree := map[string]int{}, map[string]int{}
	var diffs, names []string
	for _, p := range fixturePersonas(t, "codex", 4) {
		ex, err := ExportCodex(p, nil)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		rules := filepath.Join(home, p.Name+".rules")
		if err := os.WriteFile(rules, ex.Files[0].Data, 0o644); err != nil {
			t.Fatal(err)
		}
		fallback := fallbackOfFile(t, ex.Files[0].Data)
		codexConfigLoads(t, bin, p.Name, ex.Files[0].Data)
		pol, _, err := parseCodexRules(rules, ex.Files[0].Data)
		if err != nil {
			t.Fatal(err)
		}
		fb := &codexFallback{codex: codexDecision(fallback), shellOK: !strings.Contains(string(ex.Files[0].Data), "shell_tool = false")}
		policy := engine.NewPolicy(p.Rules)
		// Codex checks each command of a plain bash -lc script on its own (codexCommands);
		// every command is checked by the real Codex, and the call gets the strictest answer,
		// the approval policy's for a command no rule matches.
		got := make([][]string, len(codexCalls))
		var wg sync.WaitGroup
		sem := make(chan struct{}, 2)
		for i, call := range codexCalls {
			cmds := codexCommands(codexCallArgv(t, call))
			got[i] = make([]string, len(cmds))
			for k, argv := range cmds {
				wg.Add(1)
				go func() {
					defer wg.Done()
					sem <- struct{}{}
					defer func() { <-sem }()
					got[i][k] = codexCheck(t, bin, home, rules, argv)
				}()
			}
		}
		wg.Wait()
		for i, call := range codexCalls {
			theirs, byRule := engine.Allow, true
			for _, g := range got[i] {
				a := fallback
				if g != "" {
					a = codexActions[g]
				} else {
					byRule = false
				}
				theirs = engine.Stricter(theirs, a)
			}
			if !fb.shellOK {
				theirs = engine.Deny
			}
			ours := policy.DecideTool("bash", call).Action
			if model := codexDecides(pol, fb, call); model != theirs {
				t.Errorf("%s: %q: the export's model of Codex says %s, the real Codex %s (matched %q)", p.Name, call, model, theirs, got[i])
			}
			total++
			if ours == theirs {
				agree++
				perAgree[p.Name]++
			}
			perTotal[p.Name]++
			if ours != theirs && !codexReportNames(ex.Report, pol, policy.DecideTool("bash", call), codexCommands(codexCallArgv(t, call)), byRule) {
				t.Errorf("%s: %q: agentmgr %s, Codex %s, and the report names neither the rule that decides nor the approval policy", p.Name, call, ours, theirs)
			}
			if ours != theirs {
				diffs = append(diffs, fmt.Sprintf("%s: %q: agentmgr %s, Codex %s (rules: %q)", p.Name, call, ours, theirs, got[i]))
			}
		}
		names = append(names, p.Name)
		t.Logf("%s: %s", p.Name, ex.Report.Fidelity)
	}
	for _, n := range names {
		t.Logf("%s: Codex agrees on %d of %d calls", n, perAgree[n], perTotal[n])
	}
	for _, d := range diffs {
		t.Log("differs: " + d)
	}
	t.Logf("Codex agrees with agentmgr on %d of %d bash calls (%.1f%%)", agree, total, 100*float64(agree)/float64(total))
	if agree*100 < total*95 {
		t.Errorf("Codex agrees on %d of %d calls, below 95%%", agree, total)
	}
}

// codexConfigLoads writes the config the exported file's header says to run Codex with into a
// fresh CODEX_HOME's config.toml and lets Codex 0.171.0 load it (`codex debug prompt-input`
// renders the model's prompt, whose permission instructions name the approval policy): the
// header must hold a configuration Codex accepts and applies.
func codexConfigLoads(t *testing.T, bin, name string, data []byte) {
	t.Helper()
	var conf []string
	in := false
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasSuffix(l, "so run Codex with:"):
			in = true
		case in && strings.HasPrefix(l, "#   "):
			conf = append(conf, strings.TrimPrefix(l, "#   "))
		case in:
			in = false
		}
	}
	if len(conf) == 0 {
		t.Fatalf("%s: the header names no configuration:\n%s", name, data)
	}
	home := t.TempDir()
	codexHome := filepath.Join(home, ".codex")
	if err := os.MkdirAll(codexHome, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(strings.Join(conf, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "debug", "prompt-input")
	cmd.Dir = home
	cmd.Env = []string{"HOME=" + home, "CODEX_HOME=" + codexHome, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: Codex does not load the header's configuration %q: %v\n%s", name, conf, err, out)
	}
	want := map[string]string{`approval_policy = "never"`: "Approval policy is currently never",
		`approval_policy = "on-request"`: "# Escalation Requests",
		"[approval_policy.granular]":     "Approval policy is `granular`"}
	for line, text := range want {
		if slices.Contains(conf, line) && !strings.Contains(string(out), text) {
			t.Errorf("%s: with %q Codex's prompt does not say %q", name, line, text)
		}
	}
	if slices.Contains(conf, "sandbox_approval = false") && !strings.Contains(string(out), "automatically rejected instead of prompting the user:\\n- `sandbox_approval`") {
		t.Errorf("%s: with sandbox_approval = false Codex does not reject sandbox escalations", name)
	}
	if slices.Contains(conf, "shell_tool = false") {
		cmd := exec.Command(bin, "features", "list")
		cmd.Dir, cmd.Env = home, []string{"HOME=" + home, "CODEX_HOME=" + codexHome, "PATH=" + os.Getenv("PATH")}
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: codex features list: %v", name, err)
		}
		if !regexp.MustCompile(`(?m)^shell_tool\s+\S+\s+false$`).Match(out) {
			t.Errorf("%s: with shell_tool = false Codex still lists its shell tool as on:\n%s", name, out)
		}
	}
}

// codexCallArgv is the argv Codex's model sends for call: its words, or, for a command line
// with operators (&&, |, ;), the line given to bash -lc.
func codexCallArgv(t *testing.T, call string) []string {
	argv, err := codexArgv(call)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range argv {
		if w == "&&" || w == "||" || w == "|" || w == ";" {
			return []string{"bash", "-lc", call}
		}
	}
	return argv
}

// codexReportNames reports whether rep has an entry for a call agentmgr decided with d and Codex
// checked as cmds: a change or loss of the persona rule that decided it, of a persona rule
// whose Codex prefix matched one of the commands, or, when the approval policy decided one of
// them or agentmgr's catch-all (or default) decided, the approval policy's entry.
func codexReportNames(rep *Report, pol *codexPolicy, d engine.Decision, cmds [][]string, byRule bool) bool {
	var names []string
	if d.Rule != nil && !engine.IsCatchAll(d.Rule.Pattern) {
		names = append(names, fmt.Sprintf("bash %q", d.Rule.Pattern))
	}
	if !byRule || d.Rule == nil || engine.IsCatchAll(d.Rule.Pattern) {
		names = append(names, "bash commands no rule matches")
	}
	for _, r := range pol.Rules {
		for _, c := range cmds {
			if r.matches(c) {
				if pat, _, ok := strings.Cut(r.Comment, ": "); ok {
					names = append(names, pat)
				}
			}
		}
	}
	for _, n := range names {
		for _, c := range rep.Changed {
			if strings.HasPrefix(c.What, n) {
				return true
			}
		}
		for _, l := range rep.Lost {
			if strings.HasPrefix(l.What, n) {
				return true
			}
		}
	}
	return false
}

// TestCodexExportHoldsWhatAgentmgrLooksThrough exports a persona that denies git push and
// lets the real Codex decide the spellings agentmgr reads as git push: behind a global option
// (git -C sub push) and with an option a wildcard stands for (git push --force-with-lease for
// git push --force*). Codex forbids them all; a git command the persona allows still runs.
func TestCodexExportHoldsWhatAgentmgrLooksThrough(t *testing.T) {
	bin := e2etest.Codex.Find(t)
	home := t.TempDir()
	p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n  bash:\n    \"*\": allow\n    \"git push *\": ask\n    \"git push --force*\": deny\n---\n")
	ex, err := ExportCodex(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(home, "p.rules")
	if err := os.WriteFile(rules, ex.Files[0].Data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		argv []string
		want string // Codex's decision; "" when no rule matches (the approval policy allows)
	}{
		{[]string{"git", "-C", "sub", "push"}, "forbidden"},
		{[]string{"git", "--no-pager", "push", "origin"}, "forbidden"},
		{[]string{"git", "push", "--force-with-lease"}, "forbidden"},
		{[]string{"git", "push", "--force", "origin", "main"}, "forbidden"},
		{[]string{"git", "push", "origin", "main"}, "prompt"},
		{[]string{"git", "status"}, ""},
	} {
		if got := codexCheck(t, bin, home, rules, tt.argv); got != tt.want {
			t.Errorf("%q: Codex %q, want %q\n%s", tt.argv, got, tt.want, ex.Files[0].Data)
		}
	}
}
