package convert

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// shellArgs is a run_shell_command call's arguments as Gemini's stable stringify writes them.
func shellArgs(command string) string {
	return "{\x00\"command\":\"" + jsonText(command) + "\"\x00}"
}

func TestGlobRegexMatchesAsAgentmgrPatterns(t *testing.T) {
	tests := []struct {
		pattern string
		value   string
		want    bool
	}{
		{"git *", "git", true},
		{"git *", "git status", true},
		{"git *", "gitk", false},
		{"git status", "git status", true},
		{"git status", "git status -s", false},
		{"git status", "echo git status", false},
		{"rm -rf /*", "rm -rf /home", true},
		{"rm -rf /*", "rm -rf .", false},
		{"make ?est", "make test", true},
		{"make ?est", "make est", false},
		{"echo \"*\"", `echo "hi"`, true},
		{`a\b`, `a\b`, true},
		{"ls [ab]", "ls [ab]", true},
		{"ls [ab]", "ls a", false},
		{"npm run {a,b}", "npm run {a,b}", true},
		{"x(y)+", "x(y)+", true},
		{"*", "anything at all\nwith lines", true},
		{"curl * | sh", "curl x | sh", true},
	}
	for _, tt := range tests {
		re := regexp.MustCompile(argRegex("command", tt.pattern, false))
		if got := re.MatchString(shellArgs(tt.value)); got != tt.want {
			t.Errorf("pattern %q, value %q: match %v, want %v (regex %s)", tt.pattern, tt.value, got, tt.want, re)
		}
		if got := engine.Match(tt.pattern, tt.value); got != tt.want {
			t.Errorf("the test's expectation for %q, %q disagrees with agentmgr's own matcher", tt.pattern, tt.value)
		}
	}
}

// geminiUnsafe is Gemini's ReDoS check (isSafeRegExp): a quantified group is refused.
var geminiUnsafe = regexp.MustCompile(`\([^)]*[*+?{].*\)[*+?{]`)

func TestExportedPatternsPassGeminisSafetyCheck(t *testing.T) {
	for _, p := range []string{"git *", "a?b*c", "x(y)*", "rm -rf /*", "~/.ssh/*", "*", "(?:)*", "a{2}?"} {
		for _, re := range []string{argRegex("command", p, false), argRegex("file_path", p, true), wrappedRegex(p), reRunsCode} {
			if geminiUnsafe.MatchString(re) || len(re) > 2048 {
				t.Errorf("pattern %q gives %s, which Gemini refuses as unsafe", p, re)
			}
		}
	}
}

func TestLiteralPrefix(t *testing.T) {
	tests := []struct {
		pattern, prefix string
		ok              bool
	}{
		{"git *", "git", true},
		{"git push --force *", "git push --force", true},
		{"git", "", false},
		{"git * --force *", "", false},
		{"make ?est *", "", false},
		{" *", "", false},
	}
	for _, tt := range tests {
		if p, ok := literalPrefix(tt.pattern); p != tt.prefix || ok != tt.ok {
			t.Errorf("literalPrefix(%q) = %q, %v; want %q, %v", tt.pattern, p, ok, tt.prefix, tt.ok)
		}
	}
}

func builtinPersona(t *testing.T, name string) *personas.Persona {
	t.Helper()
	p, err := personas.LoadBuiltin(name)
	if err != nil || p == nil {
		t.Fatalf("builtin %s: %v", name, err)
	}
	return p
}

// TestGeminiExportOrdersByPriority checks the shape of builder's export: a later persona rule
// never has a lower priority, decisions and tool names are Gemini's, shell rules carry an
// argsPattern or a commandPrefix, and the unknown key is reported lost.
func TestGeminiExportOrdersByPriority(t *testing.T) {
	p := builtinPersona(t, "builder")
	ex, err := ExportGemini(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Rule []geminiInRule `toml:"rule"`
	}
	if _, err := toml.Decode(string(ex.Files[0].Data), &f); err != nil {
		t.Fatalf("%v\n%s", err, ex.Files[0].Data)
	}
	last := int64(-1)
	known := map[string]bool{"*": true}
	for _, ts := range geminiTools {
		for _, t := range ts {
			known[t.Name] = true
		}
	}
	var rmPrio, catchAllPrio int64 = -1, -1
	for i, r := range f.Rule {
		if *r.Priority < last-1 {
			t.Errorf("rule %d: priority %d after %d", i, *r.Priority, last)
		}
		last = *r.Priority
		if _, err := parseGeminiDecision(r.Decision); err != nil {
			t.Errorf("rule %d: %v", i, err)
		}
		names := []string{}
		switch n := r.ToolName.(type) {
		case string:
			names = append(names, n)
		case []any:
			for _, x := range n {
				names = append(names, x.(string))
			}
		}
		for _, n := range names {
			if !known[n] {
				t.Errorf("rule %d: tool %q is not a Gemini tool", i, n)
			}
			if n == "run_shell_command" && r.ArgsPattern == "" && r.CommandPrefix == nil {
				t.Errorf("rule %d: a shell rule without argsPattern lets Gemini's heuristics decide", i)
			}
		}
		if r.CommandPrefix == "rm" {
			rmPrio = *r.Priority
		}
		if r.ArgsPattern == `\x00"command":` && r.Decision == "allow" {
			catchAllPrio = *r.Priority
		}
	}
	if rmPrio < 0 || catchAllPrio < 0 || rmPrio <= catchAllPrio {
		t.Errorf("rm * ask (priority %d) must rank above the * allow (priority %d)", rmPrio, catchAllPrio)
	}
	lost := false
	for _, l := range ex.Report.Lost {
		lost = lost || strings.Contains(l.What, "external_directory")
	}
	if !lost {
		t.Errorf("external_directory is not reported lost: %+v", ex.Report.Lost)
	}
	if f := ex.Report.Fidelity; f == nil || f.Rules != len(p.Rules) || f.Exact+f.Stricter+f.Looser+f.Lost != f.Rules || f.Lost == 0 {
		t.Errorf("fidelity %v: want every one of %d rules counted, external_directory among the lost", f, len(p.Rules))
	}
}

// TestGeminiRoundTrip exports every test persona and imports it back: the rules are the same.
func TestGeminiRoundTrip(t *testing.T) {
	for _, p := range fixturePersonas(t, "gemini", 4) {
		ex, err := ExportGemini(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		it, err := ImportGemini(ex.Files[0].Path, geminiPersonaName(ex.Files[0].Path), ex.Files[0].Data)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if it.Draft.Name != p.Name || len(it.Draft.Rules) != len(p.Rules) {
			t.Fatalf("%s: imported %s with %d rules, want %d", p.Name, it.Draft.Name, len(it.Draft.Rules), len(p.Rules))
		}
		for i, r := range p.Rules {
			got := it.Draft.Rules[i]
			if got.Permission != r.Permission || got.Pattern != r.Pattern || got.Action != r.Action || got.Reason != r.Reason {
				t.Errorf("%s: rule %d: got %s, want %s", p.Name, i, got, r)
			}
		}
		checkItem(t, it)
	}
}

const handPolicy = `
# A policy as a person writes it: priorities out of order, ties, lists, modes.
[[rule]]
toolName = "run_shell_command"
commandPrefix = ["git status", "git diff"]
decision = "allow"
priority = 100

[[rule]]
toolName = "run_shell_command"
commandPrefix = "git"
decision = "ask_user"
priority = 50

[[rule]]
toolName = "run_shell_command"
commandPrefix = "rm"
decision = "deny"
priority = 200
denyMessage = "no deleting"

[[rule]]
toolName = "run_shell_command"
commandPrefix = "rm -i"
decision = "allow"
priority = 200

[[rule]]
toolName = ["write_file", "replace"]
decision = "deny"
priority = 10

[[rule]]
toolName = "write_file"
decision = "allow"
priority = 900
modes = ["autoEdit"]

[[rule]]
toolName = "run_shell_command"
argsPattern = '"command":"(npm|pnpm) test'
decision = "allow"
priority = 300
`

func TestImportGeminiOrdersByPriority(t *testing.T) {
	it, err := ImportGemini("my.toml", "my", []byte(handPolicy))
	if err != nil {
		t.Fatal(err)
	}
	checkItem(t, it)
	pol := probePolicy(it.Draft.Rules)
	tests := []struct {
		key, value string
		want       engine.Action
	}{
		{"bash", "git status", engine.Allow},
		{"bash", "git push", engine.Ask},
		{"bash", "rm x", engine.Deny},
		{"bash", "rm -i x", engine.Deny}, // the earlier of two equal priorities decides
		{"bash", "npm test", engine.Ask}, // an allow with a regex agentmgr cannot say is left out
		{"edit", "a.go", engine.Deny},    // the autoEdit-only allow never decides in default mode
		{"read", "a.go", engine.Allow},   // Gemini's default read-only allow
		{"webfetch", "https://x", engine.Ask},
	}
	for _, tt := range tests {
		if got := pol.DecideKey(tt.key, tt.value).Action; got != tt.want {
			t.Errorf("%s %q: %s, want %s", tt.key, tt.value, got, tt.want)
		}
	}
	text := ""
	for _, l := range it.Report.Lost {
		text += l.What + "\n"
	}
	for _, want := range []string{"modes autoEdit", "argument regex"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report does not name %q as lost:\n%s", want, text)
		}
	}
}

func TestImportGeminiErrors(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"syntax", "[[rule]]\ntoolName = \"x\n", "p.toml:2:"},
		{"no priority", "[[rule]]\ntoolName = \"glob\"\ndecision = \"allow\"\n", "expected priority"},
		{"priority range", "[[rule]]\ntoolName = \"glob\"\ndecision = \"allow\"\npriority = 1000\n", "0 to 999"},
		{"decision", "[[rule]]\ntoolName = \"glob\"\ndecision = \"block\"\npriority = 1\n", `unknown decision "block"`},
		{"tool name", "[[rule]]\ntoolName = 3\ndecision = \"deny\"\npriority = 1\n", "expected toolName"},
	}
	for _, tt := range tests {
		_, err := ImportGemini("p.toml", "p", []byte(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one with %q", tt.name, err, tt.want)
		}
	}
}

func FuzzImportGemini(f *testing.F) {
	f.Add([]byte(handPolicy))
	f.Add([]byte("[[rule]]\ntoolName = \"*\"\nmcpName = \"srv\"\ndecision = \"deny\"\npriority = 0\n[[safety_checker]]\ntoolName = \"*\"\n"))
	f.Add([]byte("[x-agentmgr]\nname = \"a\"\n[[x-agentmgr.permissions]]\npermission = \"bash\"\npattern = \"*\"\naction = \"ask\"\n"))
	f.Add([]byte("[[rule]]\ntoolName = \"run_shell_command\"\nargsPattern = '\\x00\"command\":\"rm(?:| [^\\x00]*)\"\\x00'\ndecision = \"deny\"\npriority = 5\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if it, err := ImportGemini("p.toml", "p", data); err == nil {
			checkItem(t, it)
		}
	})
}

// FuzzGeminiPattern checks the translation of shell patterns: the argsPattern the export
// writes matches a command's JSON text exactly when agentmgr's pattern matches the command.
func FuzzGeminiPattern(f *testing.F) {
	f.Add("git *", "git status")
	f.Add("rm -rf /*", "rm -rf /x")
	f.Fuzz(func(t *testing.T, pattern, value string) {
		if !utf8.ValidString(pattern) || !utf8.ValidString(value) || strings.ContainsRune(pattern+value, 0) {
			return // Gemini's arguments are JSON text: valid UTF-8, NUL escaped
		}
		re, err := regexp.Compile(argRegex("command", pattern, false))
		if err != nil {
			t.Fatalf("pattern %q gives an invalid regex: %v", pattern, err)
		}
		if geminiUnsafe.MatchString(re.String()) {
			t.Fatalf("pattern %q gives %s, which Gemini refuses", pattern, re)
		}
		// A * of the regex may stop inside an escape of the JSON text (\n, \u0010, \"): with
		// such a character in the command, a literal next to a * may match part of its escape
		// (documented in docs/import-export.md). Commands without one must match exactly.
		if jsonText(value) != value {
			return
		}
		if got, want := re.MatchString(shellArgs(value)), engine.Match(pattern, value); got != want {
			t.Fatalf("pattern %q, value %q: Gemini's regex matches %v, agentmgr %v (%s)", pattern, value, got, want, re)
		}
	})
}

// TestGeminiModel pins the model of Gemini's shell decision that export reports with, on
// answers Gemini's own PolicyEngine gave for these exports (TestGeminiExportDecidesAsThePreview
// checks the model against the engine on every probe).
func TestGeminiModel(t *testing.T) {
	personasByName := map[string]*personas.Persona{}
	for _, p := range fixturePersonas(t, "gemini", 4) {
		personasByName[p.Name] = p
	}
	tests := []struct {
		persona, command string
		want             engine.Action
	}{
		{"gitops", "ls 2>/dev/null", engine.Allow},    // the /dev/null copy of the allow
		{"gitops", "[[ -f x ]] && cat x", engine.Ask}, // [[ ]] is a command of its own to Gemini
		{"gitops", "git push --force origin main", engine.Deny},
		{"reviewer", "sudo rm -rf /", engine.Deny},   // the deny written again behind wrappers
		{"reviewer", "git  status", engine.Ask},      // matched as written
		{"reviewer", "tee out.txt", engine.Ask},      // not an edit to Gemini
		{"npm-dev", "curl x | sh", engine.Deny},      // the whole line is matched too
		{"npm-dev", "echo hi > out.txt", engine.Ask}, // a redirection asks
		{"builder", "ls > out.txt", engine.Allow},    // builder allows every file: allowRedirection
		{"builder", "nice rm x", engine.Ask},
		{"locked", "make test", engine.Allow},
		{"locked", "make test && rm x", engine.Deny},
		{"planner", "ls", engine.Deny},
		{"ops", "if then", engine.Ask}, // does not parse
	}
	for _, tt := range tests {
		ex, err := ExportGemini(personasByName[tt.persona], nil)
		if err != nil {
			t.Fatal(err)
		}
		var f geminiFile
		if _, err := toml.Decode(string(ex.Files[0].Data), &f); err != nil {
			t.Fatal(err)
		}
		if got := newGeminiModel(f.Rule).decideShell(tt.command); got != tt.want {
			t.Errorf("%s: %q: model %s, Gemini %s", tt.persona, tt.command, got, tt.want)
		}
	}
}

// TestImportGeminiWithoutAgentmgrTable imports exported files whose x-agentmgr table was taken
// out: the rules are read from Gemini's own fields, extra rules included, and decide every
// probe as the persona does (the persona's rules come after Gemini's defaults and a catch-all
// of their own, so the defaults never decide).
func TestImportGeminiWithoutAgentmgrTable(t *testing.T) {
	for _, p := range fixturePersonas(t, "gemini", 4) {
		ex, err := ExportGemini(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		text, _, _ := strings.Cut(string(ex.Files[0].Data), "[x-agentmgr]")
		it, err := ImportGemini("p.toml", p.Name, []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		for _, l := range it.Report.Lost {
			t.Errorf("%s: lost %s (%s)", p.Name, l.What, l.Why)
		}
		if len(it.Draft.Rules) <= len(geminiDefaults) {
			t.Fatalf("%s: no rules read from the file", p.Name)
		}
		for _, c := range it.Report.Changed {
			if strings.Contains(c.Why, "cannot be said") {
				t.Errorf("%s: %s: %s", p.Name, c.What, c.Why)
			}
		}
		ours, theirs := probePolicy(p.Rules), probePolicy(it.Draft.Rules)
		for _, c := range geminiProbeCommands(p.Rules) {
			if a, b := ours.DecideShell("bash", c).Action, theirs.DecideShell("bash", c).Action; a != b {
				t.Errorf("%s: bash %q: persona %s, imported %s", p.Name, c, a, b)
			}
		}
		for _, pr := range probesFor(p.Rules) {
			if pr.Tool == "Bash" || claudeKey(pr.Tool) == "external_directory" {
				continue
			}
			if a, b := DecideProbe(ours, pr), DecideProbe(theirs, pr); a != b && geminiTools[claudeKey(pr.Tool)] != nil {
				t.Errorf("%s: %s %q: persona %s, imported %s", p.Name, pr.Tool, pr.Value, a, b)
			}
		}
	}
}
