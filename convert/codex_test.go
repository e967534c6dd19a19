package convert

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// codexRulesText is a compact spelling of a policy's prefix rules: "decision w1 w2|alt; ...".
func codexRulesText(pol *codexPolicy) string {
	var parts []string
	for _, r := range pol.Rules {
		var ws []string
		for _, alts := range r.Pattern {
			ws = append(ws, strings.Join(alts, "|"))
		}
		parts = append(parts, r.Decision+" "+strings.Join(ws, " "))
	}
	return strings.Join(parts, "; ")
}

func parsePersona(t *testing.T, src string) *personas.Persona {
	t.Helper()
	p, probs := personas.Parse("p.md", []byte(src), personas.ScopeGlobal)
	if p == nil {
		t.Fatalf("persona: %v", probs)
	}
	return p
}

func TestExportCodexRules(t *testing.T) {
	tests := []struct {
		name     string
		perms    string
		rules    string   // the prefix rules written, without the wrapper spellings
		fidelity string   // Fidelity.String()
		changes  []string // report entries (prefixes of What) that must be there
		lost     []string // lost entries (prefixes of What) that must be there
		header   string   // a line the header must hold
	}{
		{name: "literal prefixes and the allow catch-all",
			perms:    "  bash:\n    \"*\": allow\n    \"git push *\": ask\n    \"rm *\": deny\n",
			rules:    "prompt git push; forbidden rm",
			fidelity: "1 of 3 rules enforced as written, 0 stricter, 2 looser, 0 lost",
			changes:  []string{"bash commands no rule matches", `bash "git push *" ask`, `bash "rm *" deny`, "wrappers", "bash -c SCRIPT"},
			header:   `#   approval_policy = "never"`},
		{name: "an exact command is a prefix for Codex",
			perms:    "  bash:\n    \"*\": ask\n    \"git status\": allow\n",
			rules:    "allow git status",
			fidelity: "0 of 2 rules enforced as written, 0 stricter, 2 looser, 0 lost",
			changes:  []string{`bash "git status" allow`},
			header:   `#   approval_policy = "on-request"`},
		{name: "a wildcard in a deny is spelt out as the words it stands for",
			perms: "  bash:\n    \"*\": allow\n    \"git push --force*\": deny\n    \"git * --hard\": deny\n    \"git * --force\": deny\n    \"npm run test:*\": allow\n",
			rules: "forbidden git push --force|--force-if-includes|--force-with-lease; forbidden git reset; allow npm run test:",
			// git push --force* now holds --force-with-lease back too; git * --hard holds every
			// git reset (the one subcommand with --hard); git * --force, which many
			// subcommands take, is lost. agentmgr asks for npm running a script it cannot see
			// (npm run test:git ...); Codex's rules do not match it, and the approval policy
			// allows it.
			fidelity: "1 of 5 rules enforced as written, 0 stricter, 3 looser, 1 lost",
			changes:  []string{`bash "git push --force*" deny`, `bash "git * --hard" deny`, `bash "npm run test:*" allow`},
			lost:     []string{`bash "git * --force" deny`}},
		{name: "a deny of a subcommand holds behind global options",
			perms:    "  bash:\n    \"*\": allow\n    \"git push *\": deny\n",
			rules:    "forbidden git push",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 1 looser, 0 lost",
			changes:  []string{"global options"}},
		{name: "a last-match exception Codex cannot express is stricter",
			perms:    "  bash:\n    \"*\": allow\n    \"git *\": deny\n    \"git status *\": allow\n",
			rules:    "forbidden git; allow git status",
			fidelity: "1 of 3 rules enforced as written, 1 stricter, 1 looser, 0 lost",
			changes:  []string{`bash "git status *" allow`}},
		{name: "rules a later rule overrides are not written",
			perms: "  bash:\n    \"git push *\": deny\n    \"*\": ask\n    \"git log *\": deny\n    \"git *\": allow\n",
			rules: "allow git",
			// git push * still decides the other forms of publishing (its effect family) that
			// git * does not name, which a prefix file cannot hold: looser, with the catch-all.
			fidelity: "2 of 4 rules enforced as written, 0 stricter, 2 looser, 0 lost"},
		{name: "no shell at all turns the shell tool off",
			perms:    "  \"*\": deny\n  read: allow\n",
			rules:    "",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 0 looser, 1 lost",
			lost:     []string{"1 rules for read"},
			header:   "#   shell_tool = false"},
		{name: "deny catch-all with allowed commands cannot be held",
			perms:    "  \"*\": deny\n  bash:\n    \"git log *\": allow\n",
			rules:    "allow git log",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 1 looser, 0 lost",
			changes:  []string{"bash commands no rule matches", "programs no rule names"},
			header:   "#   [approval_policy.granular]\n#   sandbox_approval = false"},
		{name: "a pipeline in a pattern never matches one command",
			perms: "  bash:\n    \"*\": allow\n    \"curl * | sh\": deny\n",
			rules: "",
			// agentmgr asks for sh reading a script from its input; Codex allows both commands.
			fidelity: "0 of 2 rules enforced as written, 0 stricter, 1 looser, 1 lost",
			lost:     []string{`bash "curl * | sh" deny`}},
		{name: "an allowed wrapper lets anything through",
			perms:    "  bash:\n    \"*\": ask\n    \"sudo *\": allow\n",
			rules:    "allow sudo",
			fidelity: "0 of 2 rules enforced as written, 0 stricter, 2 looser, 0 lost",
			changes:  []string{`bash "sudo *" allow`}},
		{name: "an absolute program path gets its host_executable",
			perms:    "  bash:\n    \"*\": ask\n    \"/usr/local/bin/deploy *\": allow\n",
			rules:    "allow /usr/local/bin/deploy",
			fidelity: "1 of 2 rules enforced as written, 0 stricter, 1 looser, 0 lost",
			changes:  []string{"host_executable"},
			header:   `host_executable(name = "deploy", paths = ["/usr/local/bin/deploy"])`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n"+tt.perms+"---\n")
			ex, err := ExportCodex(p, nil)
			if err != nil {
				t.Fatal(err)
			}
			data := ex.Files[0].Data
			pol, _, err := parseCodexRules("p.rules", data)
			if err != nil {
				t.Fatalf("the export does not read back: %v\n%s", err, data)
			}
			var own []string
			for _, part := range strings.Split(codexRulesText(pol), "; ") {
				if part == "" {
					continue
				}
				w := strings.Fields(part)
				isWrapper := len(w) > 2 && (slices.Contains(codexPlainWrappers, w[1]) && !strings.HasPrefix(tt.rules, part)) ||
					len(w) == 3 && w[0] == "prompt" && (w[2] == "-c" || w[2] == "-lc")
				// The programs an allow-list persona forbids by name (TestExportCodexClosedWorld).
				closed := (w[0] == "forbidden" || w[0] == "prompt") && strings.Count(part, "|") > 4
				if !isWrapper && !closed {
					own = append(own, part)
				}
			}
			if got := strings.Join(own, "; "); got != tt.rules {
				t.Errorf("rules = %q, want %q\n%s", got, tt.rules, data)
			}
			if got := ex.Report.Fidelity.String(); got != tt.fidelity {
				t.Errorf("fidelity = %q, want %q", got, tt.fidelity)
			}
			for _, c := range tt.changes {
				if !hasChange(ex.Report, c) {
					t.Errorf("no change %q in %+v", c, ex.Report.Changed)
				}
			}
			for _, l := range tt.lost {
				found := false
				for _, x := range ex.Report.Lost {
					found = found || strings.HasPrefix(x.What, l)
				}
				if !found {
					t.Errorf("no loss %q in %+v", l, ex.Report.Lost)
				}
			}
			if tt.header != "" && !strings.Contains(string(data), tt.header) {
				t.Errorf("the file lacks %q:\n%s", tt.header, data)
			}
		})
	}
}

// TestExportCodexClosedWorld checks how an allow-list persona (deny what no rule names) is
// written: the programs it denies are forbidden by name, those it allows or asks for are not
// (Codex's strictest rule would override them), a partly allowed program's denied subcommands
// are forbidden one by one, and what still reaches the approval policy is reported.
func TestExportCodexClosedWorld(t *testing.T) {
	p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n  \"*\": deny\n  bash:\n"+
		"    \"git log *\": allow\n    \"git push *\": ask\n    \"npm test *\": allow\n    \"rm *\": ask\n"+
		"    \"sudo apt update\": allow\n    \"make *\": allow\n---\n")
	ex, pol := exportCodexRules(t, p)
	checkCodexDecides(t, pol, []codexCase{
		{"git log --oneline", engine.Allow}, {"git push origin main", engine.Ask}, {"git commit -m x", engine.Deny},
		{"git reset --hard", engine.Deny}, {"npm test", engine.Allow}, {"npm install", engine.Deny},
		{"npm publish", engine.Deny}, {"rm -rf build", engine.Ask}, {"make build", engine.Allow},
		{"ls", engine.Deny}, {"cat .env", engine.Deny}, {"curl https://x", engine.Deny},
		{"python3 -c 'import os'", engine.Deny}, {"bash -c 'curl x | sh'", engine.Deny},
		{"/usr/bin/curl https://x", engine.Deny}, {"sudo apt update", engine.Allow},
		// Not forbidden: sudo has an allowed command and no list of subcommands; a program on no
		// list. Both reach the approval policy, which runs them in the read-only sandbox.
		{"sudo reboot", engine.Allow}, {"./deploy.sh", engine.Allow},
	})
	for _, c := range []string{"programs no rule names", "other commands of sudo", "bash commands no rule matches", "bash -lc SCRIPT that Codex cannot split"} {
		if !hasChange(ex.Report, c) {
			t.Errorf("no change %q in %+v", c, ex.Report.Changed)
		}
	}
	// Imported back, the forbidden lists are deny rules: the persona decides as before.
	it, err := ImportCodexRules("p.rules", ex.Files[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	back := engine.NewPolicy(it.Draft.Rules)
	orig := engine.NewPolicy(p.Rules)
	for _, cmd := range []string{"git log", "git commit", "npm test", "npm install", "ls", "rm x", "make", "./deploy.sh"} {
		if a, b := orig.DecideTool("bash", cmd).Action, back.DecideTool("bash", cmd).Action; a != b {
			t.Errorf("%q: the persona decides %s, imported back %s", cmd, a, b)
		}
	}
}

// TestExportCodexAskByName: under on-request Codex runs an unmatched command in the sandbox
// without asking, so the programs an ask catch-all covers are asked for by name, except where
// the persona has a less strict rule for them.
func TestExportCodexAskByName(t *testing.T) {
	p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n  bash:\n    \"*\": ask\n"+
		"    \"git status *\": allow\n    \"rm *\": deny\n    \"make *\": allow\n---\n")
	ex, pol := exportCodexRules(t, p)
	checkCodexDecides(t, pol, []codexCase{
		{"git status", engine.Allow}, {"git commit -m x", engine.Ask}, {"git push", engine.Ask},
		{"ls", engine.Ask}, {"cat a", engine.Ask}, {"npm install", engine.Ask}, {"rm -rf x", engine.Deny},
		{"make build", engine.Allow}, {"./deploy.sh", engine.Allow},
	})
	if !hasChange(ex.Report, "programs no rule names") {
		t.Errorf("no change for the programs asked for by name in %+v", ex.Report.Changed)
	}
}

func TestExportCodexWrapperSpellings(t *testing.T) {
	p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n  bash:\n    \"*\": allow\n    \"rm *\": deny\n---\n")
	_, pol := exportCodexRules(t, p)
	checkCodexDecides(t, pol, []codexCase{
		{"rm -rf x", engine.Deny}, {"sudo rm x", engine.Deny}, {"env rm x", engine.Deny}, {"nohup rm x", engine.Deny},
		{"ls", engine.Allow}, {"bash -lc 'ls && rm x'", engine.Deny}, {"bash -lc 'ls && echo hi'", engine.Allow},
		{"bash -c 'rm $(cat list)'", engine.Ask}, {"ls && rm x", engine.Deny},
	})
}

func TestExportCodexExamples(t *testing.T) {
	p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n  bash:\n    \"*\": allow\n    \"git push *\": ask\nexamples:\n  allow: [\"bash: git status\", \"read: x\"]\n  ask: [\"bash: git push origin main\"]\n  deny: [\"bash: git push --force\"]\n---\n")
	ex, pol := exportCodexRules(t, p)
	r := pol.Rules[0]
	if !reflect.DeepEqual(r.Match, [][]string{{"git", "push", "origin", "main"}}) {
		t.Errorf("match = %q", r.Match)
	}
	if !reflect.DeepEqual(r.NotMatch, [][]string{{"git", "status"}}) {
		t.Errorf("not_match = %q", r.NotMatch)
	}
	var lost []string
	for _, l := range ex.Report.Lost {
		lost = append(lost, l.What)
	}
	text := strings.Join(lost, "\n")
	if !strings.Contains(text, "read: x") || !strings.Contains(text, `"git push --force" (expects deny, Codex prompt)`) {
		t.Errorf("lost examples not reported: %s", text)
	}
}

func TestParseCodexRules(t *testing.T) {
	tests := []struct {
		name, src string
		rules     string // codexRulesText, when it parses
		err       string // the error, when it does not
	}{
		{name: "defaults and alternatives", src: "# c\nprefix_rule(pattern = [\"git\", [\"push\", \"fetch\"]])\n", rules: "allow git push|fetch"},
		{name: "single quotes, escapes, trailing commas", src: "prefix_rule(pattern=['a\\'b', \"c\\x41\"], decision='forbidden',)\n", rules: "forbidden a'b cA"},
		{name: "examples as strings and lists", src: `prefix_rule(pattern=["gh"], decision="prompt", match=["gh pr 'a b'", ["gh", "x"]], not_match=[["g"]])`, rules: "prompt gh"},
		{name: "host executable", src: `host_executable(name="git", paths=["/usr/bin/git"])`, rules: ""},
		{name: "another function is kept apart", src: "network_rule(host = \"x\")\nprefix_rule(pattern=[\"a\"])", rules: "allow a"},
		{name: "bad decision", src: "prefix_rule(pattern=[\"a\"], decision=\"deny\")", err: `r:1:37: prefix_rule: decision must be "allow", "prompt" or "forbidden"`},
		{name: "empty pattern", src: "prefix_rule(pattern=[])", err: "r:1:13: prefix_rule: pattern must be a non-empty list of words"},
		{name: "missing pattern", src: "\n  prefix_rule(decision=\"allow\")", err: "r:2:3: prefix_rule: pattern is required"},
		{name: "unknown argument", src: "prefix_rule(pattern=[\"a\"], foo=\"x\")", err: "r:1:28: prefix_rule: unknown argument foo"},
		{name: "positional argument", src: "prefix_rule([\"a\"])", err: "r:1:13: expected a keyword argument"},
		{name: "unterminated string", src: "prefix_rule(pattern=[\"a])", err: "r:1:22: unterminated string"},
		{name: "unclosed call", src: "prefix_rule(pattern=[\"a\"]", err: "r:1:26: expected , or ) after the value of pattern, found the end of the file"},
		{name: "not a call", src: "x = 1", err: "r:1:3: expected ( after x"},
		{name: "relative host path", src: `host_executable(name="git", paths=["git"])`, err: `r:1:36: host_executable: "git" is not an absolute path`},
		{name: "twice the same argument", src: `prefix_rule(pattern=["a"], pattern=["b"])`, err: "r:1:28: prefix_rule: argument pattern given twice"},
		{name: "unclosed quote in an example", src: `prefix_rule(pattern=["a"], match=["a 'b"])`, err: "r:1:35: prefix_rule: match example: unclosed '"},
		{name: "triple quotes", src: `prefix_rule(pattern=["""a"""])`, err: "r:1:22: triple-quoted strings are not supported"},
		{name: "not UTF-8", src: "prefix_rule(pattern=[\"\xff\"])", err: "r:1:1: the file is not UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pol, _, err := parseCodexRules("r", []byte(tt.src))
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("error = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := codexRulesText(pol); got != tt.rules {
				t.Errorf("rules = %q, want %q", got, tt.rules)
			}
			// What is parsed renders and parses back to the same policy.
			back, _, err := parseCodexRules("r", pol.render([]string{"h"}))
			if err != nil {
				t.Fatal(err)
			}
			if !samePolicy(pol, back) {
				t.Errorf("round trip: %+v, then %+v", pol, back)
			}
		})
	}
}

// samePolicy compares what a policy decides and checks, not where it was written.
func samePolicy(a, b *codexPolicy) bool {
	strip := func(p *codexPolicy) *codexPolicy {
		c := &codexPolicy{}
		for _, r := range p.Rules {
			r.Line, r.Comment = 0, ""
			c.Rules = append(c.Rules, r)
		}
		for _, h := range p.Hosts {
			h.Line = 0
			c.Hosts = append(c.Hosts, h)
		}
		return c
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

func TestImportCodexRules(t *testing.T) {
	src := `# agentmgr-fallback: allow
prefix_rule(pattern = ["rm"], decision = "forbidden", justification = "use trash", match = ["rm -rf x"])
prefix_rule(pattern = ["git", ["push", "fetch"]], decision = "prompt", not_match = ["git status"])
prefix_rule(pattern = ["git"], match = [["git", "log"]])
host_executable(name = "git", paths = ["/usr/bin/git"])
`
	it, err := ImportCodexRules(".codex/rules/team.rules", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if it.Draft.Name != "team" {
		t.Errorf("name = %q", it.Draft.Name)
	}
	want := "bash * allow; bash git * allow; bash git push * ask; bash git fetch * ask; bash rm * deny"
	if got := rulesText(it.Draft.Rules); got != want {
		t.Errorf("rules = %q, want %q", got, want)
	}
	if r := it.Draft.Rules[4]; r.Reason != "use trash" {
		t.Errorf("justification = %q", r.Reason)
	}
	text, err := it.Draft.Render()
	if err != nil {
		t.Fatal(err)
	}
	p, probs := personas.Parse("team.md", text, personas.ScopeGlobal)
	if p == nil {
		t.Fatalf("%v\n%s", probs, text)
	}
	var exs []string
	for _, e := range p.Examples {
		exs = append(exs, fmt.Sprintf("%s %s", e.Expect, e.Value))
	}
	if got, want := strings.Join(exs, "; "), "allow git status; allow git log; deny rm -rf x"; got != want {
		t.Errorf("examples = %q, want %q\n%s", got, want, text)
	}
	if !hasChange(it.Report, "host_executable git") {
		t.Errorf("host_executable not reported: %+v", it.Report.Changed)
	}
	// Every example decides in the persona as the file says Codex decides it.
	pol := p.Rules
	for _, e := range p.Examples {
		if got := decideBash(pol, e.Value); got != e.Expect {
			t.Errorf("example %q: the persona decides %s, expected %s", e.Value, got, e.Expect)
		}
	}
}

func TestImportCodexWithoutFallbackAsks(t *testing.T) {
	it, err := ImportCodexRules("x.rules", []byte(`prefix_rule(pattern=["ls"])`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rulesText(it.Draft.Rules), "bash * ask; bash ls * allow"; got != want {
		t.Errorf("rules = %q, want %q", got, want)
	}
	if !hasChange(it.Report, "bash commands no rule matches") {
		t.Errorf("the fallback is not reported: %+v", it.Report.Changed)
	}
}

// TestCodexRoundTrip exports personas and imports the file back: the bash decisions of the
// import are Codex's decisions on the export.
func TestCodexRoundTrip(t *testing.T) {
	for _, perms := range []string{
		"  bash:\n    \"*\": allow\n    \"git push *\": ask\n    \"rm *\": deny\n",
		"  bash:\n    \"*\": ask\n    \"git *\": allow\n    \"git push *\": deny\n",
	} {
		p := parsePersona(t, "---\nname: p\ndescription: d\npermissions:\n"+perms+"---\n")
		ex, err := ExportCodex(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		it, err := ImportCodexRules("p.rules", ex.Files[0].Data)
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"git status", "git push x", "rm -rf /", "ls", "sudo rm x"} {
			if a, b := decideBash(p.Rules, cmd), decideBash(it.Draft.Rules, cmd); a != b {
				t.Errorf("%s: %q: persona %s, round trip %s", strings.TrimSpace(perms), cmd, a, b)
			}
		}
	}
}

func TestPlainScript(t *testing.T) {
	tests := []struct {
		script string
		want   string // commands joined by " / ", or "complex"
	}{
		{"ls", "ls"}, {"git status && rm -rf x", "git status / rm -rf x"}, {"a;b|c||d", "a / b / c / d"},
		{"echo 'a b' \"c\"", "echo a b c"}, {"FOO=1 make", "complex"}, {"ls > x", "complex"},
		{"echo $(id)", "complex"}, {"ls &", "complex"}, {"a &&", "complex"}, {"cat *.go", "complex"},
	}
	for _, tt := range tests {
		cmds, ok := plainScript(tt.script)
		got := "complex"
		if ok {
			var parts []string
			for _, c := range cmds {
				parts = append(parts, strings.Join(c, " "))
			}
			got = strings.Join(parts, " / ")
		}
		if got != tt.want {
			t.Errorf("plainScript(%q) = %q, want %q", tt.script, got, tt.want)
		}
	}
}

func decideBash(rs engine.Ruleset, cmd string) engine.Action {
	return engine.NewPolicy(rs).DecideTool("bash", cmd).Action
}

// exportCodexRules exports p to Codex and parses the rules file back, as Codex reads it.
func exportCodexRules(t *testing.T, p *personas.Persona) (*Export, *codexPolicy) {
	t.Helper()
	ex, err := ExportCodex(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	pol, _, err := parseCodexRules("p.rules", ex.Files[0].Data)
	if err != nil {
		t.Fatalf("%v\n%s", err, ex.Files[0].Data)
	}
	return ex, pol
}

// codexCase is a command and what Codex must decide for it.
type codexCase struct {
	cmd  string
	want engine.Action
}

// checkCodexDecides checks what Codex decides for each case under pol, with the approval
// policy of a session that runs what no rule matches and may run a shell.
func checkCodexDecides(t *testing.T, pol *codexPolicy, cases []codexCase) {
	t.Helper()
	fb := &codexFallback{codex: "allow", shellOK: true}
	for _, tt := range cases {
		if got := codexDecides(pol, fb, tt.cmd); got != tt.want {
			t.Errorf("%q: Codex would decide %s, want %s", tt.cmd, got, tt.want)
		}
	}
}
