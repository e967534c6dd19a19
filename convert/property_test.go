package convert

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
)

// propertyProbes are the calls every property test decides both ways.
var propertyProbes = []Probe{
	{"Bash", "ls"}, {"Bash", "git diff HEAD"}, {"Bash", "git diff"}, {"Bash", "git push origin"},
	{"Bash", "rm -rf x"}, {"Bash", "npm run test -- -v"}, {"Bash", "git status --force"}, {"Bash", "gitk"},
	{"Read", ".env"}, {"Read", "src/a.go"}, {"Read", "src/x/y.go"}, {"Read", "a/b.key"}, {"Read", "k.key"},
	{"Read", "/etc/passwd"}, {"Read", "~/.ssh/id"}, {"Read", "x.env"}, {"Read", "sub/x.env"},
	{"Read", "docs/a.md"}, {"Read", "docs/sub/a.md"},
	{"Edit", "src/a.go"}, {"Edit", "README.md"}, {"Write", "docs/README.md"}, {"Write", "src/x/y.go"},
	{"WebFetch", "https://example.com/x"}, {"WebFetch", "https://evil.com/"}, {"WebSearch", "q"},
	{"Agent", "reviewer"}, {"Agent", "other"}, {"Grep", "TODO"}, {"Glob", "*.go"},
	{"mcp__github__create_issue", ""}, {"mcp__slack__post", ""},
}

// decideFile decides p under the persona written from d, read back by the persona reader.
func decideFile(t *testing.T, d *Draft) (*engine.Policy, string) {
	t.Helper()
	p, text, err := d.Persona(d.Name + ".md")
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return probePolicy(p.Rules), string(text)
}

var claudeRulePool = map[string][]string{
	"Bash":  {"Bash", "Bash(git diff:*)", "Bash(git push:*)", "Bash(rm:*)", "Bash(npm run test:*)", "Bash(ls)", "Bash(git *)", "Bash(* --force)"},
	"Read":  {"Read", "Read(./.env)", "Read(./src/**)", "Read(**/*.key)", "Read(//etc/**)", "Read(~/.ssh/**)", "Read(*.env)", "Read(./docs/*.md)"},
	"Edit":  {"Edit", "Edit(./src/**)", "Edit(./README.md)", "Write", "Edit(docs/**)"},
	"Other": {"WebFetch", "WebFetch(domain:example.com)", "WebSearch", "Agent", "Agent(reviewer)", "Grep", "Glob", "mcp__github", "mcp__github__create_issue"},
}

func randomClaudeTier(r *rand.Rand) []string {
	var out []string
	for _, fam := range []string{"Bash", "Read", "Edit", "Other"} {
		pool := claudeRulePool[fam]
		for range r.IntN(3) {
			out = append(out, pool[r.IntN(len(pool))])
		}
	}
	return out
}

// TestImportClaudeSettings_decidesAsClaudeCode: for random settings files, the imported
// persona decides every probe as Claude Code's tiers do, or the report names a change that
// explains the difference (a rule of the same tool rewritten, or the reads default).
func TestImportClaudeSettings_decidesAsClaudeCode(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 1))
	exact, refused := 0, 0
	for i := range 300 {
		allow, ask, deny := randomClaudeTier(r), randomClaudeTier(r), randomClaudeTier(r)
		data, _ := json.Marshal(map[string]any{"permissions": map[string]any{"allow": allow, "ask": ask, "deny": deny}})
		it, err := ImportClaudeSettings("settings.json", "s", data)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, data)
		}
		if _, _, err := it.Draft.Persona("s.md"); err != nil && strings.Contains(err.Error(), "cannot be written as one entry") {
			refused++ // refused clearly, never written with another meaning
			continue
		}
		pol, text := decideFile(t, it.Draft)
		for _, p := range propertyProbes {
			want := claudeOracle(allow, ask, deny, p.Tool, p.Value)
			got := DecideProbe(pol, p)
			if got == want {
				exact++
				continue
			}
			if !explained(it.Report, p) {
				t.Fatalf("case %d: %s %q: persona decides %s, Claude Code %s, and the report does not say why\nsettings: %s\npersona:\n%s\nreport: %+v",
					i, p.Tool, p.Value, got, want, data, text, it.Report.Changed)
			}
		}
	}
	if refused > 30 {
		t.Errorf("%d of 300 settings files refused", refused)
	}
	if total := (300 - refused) * len(propertyProbes); exact < total*9/10 {
		t.Errorf("only %d of %d probes decided exactly as Claude Code; the conversion is too loose", exact, total)
	}
}

// explained reports whether rep has a change about the probe's permission key.
func explained(rep *Report, p Probe) bool {
	key := claudeKey(p.Tool)
	for _, c := range rep.Changed {
		if c.What == "reads with no rule" && (key == "read" || key == "grep" || key == "glob" || key == "list") {
			return true
		}
		_, rule, ok := strings.Cut(c.What, " ")
		if !ok {
			continue
		}
		if cr, err := ParseClaudeRule(rule); err == nil && c.From != "Read, Grep, Glob" && keysOverlap(claudeKey(cr.Tool), key) {
			return true
		}
	}
	return false
}

var ocPatterns = map[string][]string{
	"bash":     {"*", "git *", "git push *", "rm *", "ls", "* --force"},
	"read":     {"*", ".env", "src/*", "*.key", "/etc/*", "~/.ssh/*"},
	"edit":     {"*", "src/*", "README.md", "docs/*"},
	"webfetch": {"*", "https://example.com/*"},
	"task":     {"*", "reviewer"},
	"*":        {"*"},
	"mcp__*":   {"*"},
}

var ocKeys = []string{"bash", "read", "edit", "webfetch", "task", "*", "mcp__*"}
var actions = []engine.Action{engine.Allow, engine.Ask, engine.Deny}

// randomRuleMap is an ordered rule map: each key once, its patterns in order.
func randomRuleMap(r *rand.Rand) engine.Ruleset {
	var rs engine.Ruleset
	for _, i := range r.Perm(len(ocKeys))[:1+r.IntN(len(ocKeys))] {
		k := ocKeys[i]
		pats := ocPatterns[k]
		for _, j := range r.Perm(len(pats))[:1+r.IntN(len(pats))] {
			rs = append(rs, engine.Rule{Permission: k, Pattern: pats[j], Action: actions[r.IntN(3)]})
		}
	}
	return rs
}

func v1JSON(rs engine.Ruleset) string {
	var b strings.Builder
	b.WriteString(`{"agent":{"x":{"description":"d","permission":{`)
	for i := 0; i < len(rs); {
		j := i
		for j < len(rs) && rs[j].Permission == rs[i].Permission {
			j++
		}
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, "%q:{", rs[i].Permission)
		for k, rr := range rs[i:j] {
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "%q:%q", rr.Pattern, rr.Action)
		}
		b.WriteString("}")
		i = j
	}
	b.WriteString("}}}}")
	return b.String()
}

// TestImportOpenCode_decidesAsOpenCode: for random V1 permission maps and V2 lists, the
// imported persona decides every probe as OpenCode's last-match-wins over its defaults and the
// map does (the V2 list is ignored by OpenCode 1.18.33).
func TestImportOpenCode_decidesAsOpenCode(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2))
	refused := 0
	for i := range 300 {
		rs := randomRuleMap(r)
		src := v1JSON(rs)
		if i%2 == 1 {
			// V2: an ordered list, where a key may come back after others.
			rs = append(rs, randomRuleMap(r)...)
			var list []map[string]string
			for _, rr := range rs {
				k := rr.Permission
				if k == "bash" {
					k = "shell"
				}
				list = append(list, map[string]string{"action": k, "resource": rr.Pattern, "effect": string(rr.Action)})
			}
			b, _ := json.Marshal(map[string]any{"agents": map[string]any{"x": map[string]any{"description": "d", "permissions": list}}})
			src = string(b)
			rs = nil // OpenCode 1.18.33 ignores the V2 list
		}
		var defaults engine.Ruleset
		for _, d := range ocBuiltinRules("~") {
			defaults = append(defaults, engine.Rule{Permission: d.Permission, Pattern: d.Pattern, Action: d.Action})
		}
		rs = append(defaults, rs...)
		items, err := ImportOpenCodeConfig("opencode.json", []byte(src))
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, src)
		}
		if _, _, err := items[0].Draft.Persona("x.md"); err != nil {
			if !strings.Contains(err.Error(), "cannot be written as one entry") {
				t.Fatalf("case %d: %v", i, err)
			}
			refused++ // a V2 list whose order a rule map cannot hold is refused, never changed
			continue
		}
		pol, text := decideFile(t, items[0].Draft)
		for _, p := range propertyProbes {
			key := claudeKey(p.Tool)
			if want, got := lastMatchOracle(rs, key, p.Value), DecideProbe(pol, p); got != want {
				t.Fatalf("case %d: %s %q: persona decides %s, OpenCode %s\nsource: %s\npersona:\n%s", i, key, p.Value, got, want, src, text)
			}
		}
	}
	if refused > 100 {
		t.Errorf("%d of 300 rule lists refused; grouping rules should succeed far more often", refused)
	}
}

// TestImportRoo_decidesAsRoo: for random modes, the imported persona decides as Roo does, or
// the report says the fileRegex was lost.
func TestImportRoo_decidesAsRoo(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 3))
	regexes := []string{"", `\.md$`, `^docs/.*`, `\.(md|go)$`, `^src/[a-z]+\.go$`}
	for i := range 200 {
		groups := map[string]bool{}
		var list []any
		re := regexes[r.IntN(len(regexes))]
		for _, g := range rooGroupOrder {
			if r.IntN(2) == 0 {
				continue
			}
			groups[g] = true
			if g == "edit" && re != "" {
				list = append(list, []any{"edit", map[string]string{"fileRegex": re}})
				continue
			}
			list = append(list, g)
		}
		if !groups["edit"] {
			re = ""
		}
		b, _ := json.Marshal(map[string]any{"customModes": []any{map[string]any{"slug": "m", "name": "M", "roleDefinition": "You are m.", "groups": list}}})
		items, err := ImportRoo(".roomodes", b, nil)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, b)
		}
		pol, text := decideFile(t, items[0].Draft)
		for _, p := range propertyProbes {
			want, got := rooOracle(groups, re, p.Tool, p.Value), DecideProbe(pol, p)
			if got == want {
				continue
			}
			lost := false
			for _, l := range items[0].Report.Lost {
				lost = lost || strings.HasPrefix(l.What, "edit fileRegex")
			}
			if !lost || claudeKey(p.Tool) != "edit" {
				t.Fatalf("case %d: %s %q: persona decides %s, Roo %s\nmode: %s\npersona:\n%s", i, p.Tool, p.Value, got, want, b, text)
			}
		}
	}
}

// randomPersona is a persona file with a random rule map.
func randomPersona(t *testing.T, r *rand.Rand, i int) (*personas.Persona, []byte) {
	t.Helper()
	d := &Draft{Name: fmt.Sprintf("p%d", i), Description: "random persona", Prompt: "You are random.", Rules: randomRuleMap(r)}
	if i%3 == 0 {
		d.Icon, d.Color, d.Steps = "★", "accent", 7
	}
	p, text, err := d.Persona(d.Name + ".md")
	if err != nil {
		t.Fatal(err)
	}
	return p, text
}

// TestExportThenImport: an agentmgr persona exported and imported back decides every probe as
// before, or the export's report lists the calls that differ.
func TestExportThenImport(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 4))
	for i := range 150 {
		p, src := randomPersona(t, r, i)
		orig := probePolicy(p.Rules)
		probes := append(probesFor(p.Rules), propertyProbes...)
		check := func(format string, back *Draft, rep *Report, label string) {
			t.Helper()
			pol, text := decideFile(t, back)
			for _, pr := range probes {
				a, b := DecideProbe(orig, pr), DecideProbe(pol, pr)
				if a == b {
					continue
				}
				if label == "" || !listsShape(rep, label, shapeKey(pr.Tool), a, b) && !listsLostRule(rep, claudeKey(pr.Tool)) {
					t.Fatalf("case %d, %s: %s %q was %s, is %s after the round trip, and the report does not list it\noriginal:\n%s\nback:\n%s\nreport: %+v",
						i, format, pr.Tool, pr.Value, a, b, src, text, rep.Changed)
				}
			}
		}

		ex, err := ExportClaude(p, src)
		if err != nil {
			t.Fatal(err)
		}
		it, err := ImportClaudeAgent("agents/x.md", ex.Files[0].Data, "", nil)
		if err != nil {
			t.Fatalf("%v\n%s", err, ex.Files[0].Data)
		}
		check("claude subagent", it.Draft, ex.Report, "")
		if it.Draft.Icon != p.Icon || it.Draft.Steps != p.Steps || it.Draft.Color != p.Color {
			t.Errorf("case %d: claude round trip lost icon/steps/color: %+v", i, it.Draft)
		}
		st, err := ImportClaudeSettings("s.json", "s", ex.Files[1].Data)
		if err != nil {
			t.Fatal(err)
		}
		check("claude settings", st.Draft, ex.Report, "settings tiers")

		ex, err = ExportOpenCode(p, src)
		if err != nil {
			t.Fatal(err)
		}
		it, err = ImportOpenCodeMarkdown("agents/x.md", "x", ex.Files[0].Data)
		if err != nil {
			t.Fatalf("%v\n%s", err, ex.Files[0].Data)
		}
		check("opencode", it.Draft, ex.Report, "")

		ex, err = ExportRoo(p, src)
		if err != nil {
			t.Fatal(err)
		}
		files, err := CombineRoo([]*Export{ex})
		if err != nil {
			t.Fatal(err)
		}
		items, err := ImportRoo(".roomodes", files[0].Data, nil)
		if err != nil {
			t.Fatalf("%v\n%s", err, files[0].Data)
		}
		check("roo", items[0].Draft, ex.Report, "mode groups")
	}
}

// listsShape reports whether rep lists the calls under key that went from a to b.
func listsShape(rep *Report, label, key string, a, b engine.Action) bool {
	for _, c := range rep.Changed {
		if strings.HasPrefix(c.What, label+": "+key+" ") && c.From == string(a) && c.To == string(b) {
			return true
		}
	}
	return false
}

// listsLostRule reports whether rep lists as lost a settings rule whose permission covers key.
func listsLostRule(rep *Report, key string) bool {
	for _, l := range rep.Lost {
		rule, ok := strings.CutPrefix(l.What, "settings: ")
		if !ok {
			continue
		}
		perm, _, _ := strings.Cut(strings.TrimPrefix(rule, `"`), `"`)
		if wildRE(perm).MatchString(key) {
			return true
		}
	}
	return false
}
