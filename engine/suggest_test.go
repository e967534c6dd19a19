package engine

import (
	"slices"
	"testing"
)

func TestSuggestions(t *testing.T) {
	t.Parallel()
	persona := rules("*", "*", "ask", "bash", "ls *", "allow", "bash", "eval *", "allow", "bash", "rm *", "deny", "read", "*", "allow", "read", "*.env", "ask")
	// rm * means only rm here: rmdir and shred, which its effect family would deny, stay asks.
	persona[3].NoEffects = true
	guard := Compile(rules("webfetch", "*", "ask", "bash", "curl *", "ask").WithSource(Source{Kind: FromGuard, Name: "guards.yaml"}))
	p := &Policy{Persona: Compile(persona), Guards: []*Compiled{guard}}
	tests := []struct {
		name   string
		tool   string
		values []string
		want   []string
	}{
		{"shell: arity of git", "bash", []string{"git push origin main"}, []string{"git push *"}},
		{"shell: only the commands that ask", "bash", []string{"ls -la && wc -l x && go test ./..."}, []string{"wc *", "go test *"}},
		{"shell: each command once", "bash", []string{"wc a; wc -l b"}, []string{"wc *"}},
		{"shell: several commands in one call", "run", []string{"wc a", "npm run build -- x"}, []string{"wc *", "npm run build *"}},
		{"shell: a guard's ask is not suggested", "bash", []string{"curl x | jq ."}, []string{"jq *"}},
		{"shell: an ask forced by the analysis is not suggested", "bash", []string{`eval "$X"`}, nil},
		{"shell: an option the engine does not know is named", "bash", []string{"cargo test --weird"}, []string{"cargo test --weird *"}},
		{"shell: options named, operands not", "bash", []string{"cargo build --weird src"}, []string{"cargo build --weird *"}},
		{"shell: a script's arguments are covered by its arity pattern", "bash", []string{"npm test --coverage"}, []string{"npm test *"}},
		{"shell: a destructive command is suggested exactly", "bash", []string{"rmdir build/tmp"}, []string{"rmdir build/tmp"}},
		{"shell: git reset --hard exactly, git log by arity", "bash", []string{"git log -1 && git reset --hard HEAD~1"}, []string{"git log *", "git reset --hard HEAD~1"}},
		{"shell: a destructive command with a glob has no pattern", "bash", []string{"shred -u *.key"}, nil},
		{"path: the file's folder", "edit", []string{"src/app/main.go"}, []string{"src/app/*"}},
		{"path: backslashes read as slashes", "write", []string{`src\app\main.go`}, []string{"src/app/*"}},
		{"path: home kept as written", "edit", []string{"~/notes/today.md"}, []string{"~/notes/*"}},
		{"path: a bare name suggests itself", "edit", []string{"main.go"}, []string{"main.go"}},
		{"path: a folder at the root", "edit", []string{"/etc"}, []string{"/*"}},
		{"path: not cleaned", "edit", []string{"a/../b/x"}, []string{"a/../b/*"}},
		{"path: only values that ask, each folder once", "read", []string{"src/a.go", "src/.env", "cfg/x.env", "cfg/y.env"}, []string{"src/*", "cfg/*"}},
		{"path: several files in one folder", "edit", []string{"src/a.go", "src/b.go"}, []string{"src/*"}},
		{"other tools: star", "ctx_execute", []string{"print(1)"}, []string{"*"}},
		{"other tools: no value", "todo", nil, []string{"*"}},
		{"other tools: a guard's ask", "fetch_content", []string{"https://x"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := p.DecideToolValues(tt.tool, tt.values)
			if d.Action != Ask {
				t.Fatalf("%s %q decided %s (%s); the case needs an ask", tt.tool, tt.values, d.Action, d.Explain())
			}
			got := p.Suggestions(tt.tool, tt.values, d)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Suggestions(%s %q) = %q, want %q", tt.tool, tt.values, got, tt.want)
			}
		})
	}
}

func TestSuggestionsAreEnoughForAlways(t *testing.T) {
	t.Parallel()
	// Storing the suggestions of a call must let that same call through.
	persona := Compile(rules("*", "*", "ask", "bash", "ls *", "allow"))
	calls := []struct {
		tool   string
		values []string
	}{
		{"bash", []string{"git push origin main && npm run build"}},
		{"edit", []string{"src/a.go", "docs/b.md"}},
		{"write", []string{`C:\work\x.txt`}},
		{"ctx_execute", []string{"x"}},
		{"bash", []string{"find . -name '*.go' -exec gofmt -l {} +"}},
		{"bash", []string{"npm test --coverage"}},
		{"bash", []string{"yarn test --watch=false && pnpm test -- --ci"}},
		{"bash", []string{"npm run build --prod"}},
	}
	for _, c := range calls {
		p := &Policy{Persona: persona}
		d := p.DecideToolValues(c.tool, c.values)
		var session Ruleset
		for _, s := range p.Suggestions(c.tool, c.values, d) {
			session = append(session, Rule{Permission: d.Permission, Pattern: s, Action: Allow})
		}
		p.Session = Compile(session)
		if again := p.DecideToolValues(c.tool, c.values); again.Action != Allow {
			t.Errorf("%s %q with its suggestions %v stored = %s (%s), want allow", c.tool, c.values, session, again.Action, again.Explain())
		}
	}
}
