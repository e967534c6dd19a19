package gate

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
	"github.com/agentmgr/agentmgr/internal/testrules"
)

func TestGateFailsClosed(t *testing.T) {
	call := decide.Call{Client: decide.ClientClaude, Session: "s1", Tool: "Bash", Key: "bash", Value: "ls"}
	tests := []struct {
		name   string
		policy decide.PolicyFunc
		reason string
	}{
		{"no policy", nil, "no policy to decide with"},
		{"policy error", func(decide.Call) (string, *engine.Policy, error) {
			return "", nil, errors.New("persona x: broken file")
		}, "persona x: broken file"},
		{"nil policy", func(decide.Call) (string, *engine.Policy, error) { return "x", nil, nil }, `persona "x" has no rules`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New(inbox.Inbox{Dir: t.TempDir()}, tt.policy)
			v := g.Decide(context.Background(), call)
			wantVerdict(t, v, engine.Deny, decide.ByGate, tt.reason)
		})
	}
}

func TestNeutralRoundTrip(t *testing.T) {
	g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(testrules.E2EPersona()))
	resp := g.Neutral(context.Background(), []byte(`{"id":"r7","session":"s1","tool":"bash","value":"git status && rm -rf /","cwd":"/p"}`))
	if resp.ID != "r7" || resp.Action != engine.Deny || resp.DecidedBy != approvals.ByRule || resp.Agent != "tester" ||
		resp.Permission != "bash" || resp.Rule == nil || resp.Rule.Pattern != "rm *" || resp.Source != "rules" || len(resp.Units) != 2 {
		t.Errorf("neutral answer %+v, want r7 denied by rule rm * of tester, with 2 units", resp)
	}
	if resp.Units[0].Text != "git status" || resp.Units[0].Action != engine.Allow || resp.Units[1].Action != engine.Deny {
		t.Errorf("units %+v, want git status allowed and rm denied", resp.Units)
	}
}

func TestDecideReadsPathsUnderEveryName(t *testing.T) {
	rules := func(triples ...string) *engine.Policy {
		var rs engine.Ruleset
		for i := 0; i+2 < len(triples); i += 3 {
			rs = append(rs, engine.Rule{Permission: triples[i], Pattern: triples[i+1], Action: engine.Action(triples[i+2])})
		}
		return &engine.Policy{Persona: engine.Compile(rs)}
	}
	tests := []struct {
		name string
		pol  *engine.Policy
		call decide.Call
		want engine.Action
	}{
		{"relative deny protects an absolute path", rules("edit", "*", "allow", "edit", "secrets/*", "deny"),
			decide.Call{Key: "edit", Value: "/proj/secrets/k", Cwd: "/proj"}, engine.Deny},
		{"absolute deny still holds", rules("edit", "*", "allow", "edit", "/proj/secrets/*", "deny"),
			decide.Call{Key: "edit", Value: "/proj/secrets/k", Cwd: "/proj"}, engine.Deny},
		{"relative allow cannot loosen an absolute ask", rules("read", "*", "ask", "read", "src/*", "allow", "read", "/proj/src/*", "ask"),
			decide.Call{Key: "read", Value: "/proj/src/a.go", Cwd: "/proj"}, engine.Ask},
		{"a catch-all on the relative spelling does not undo an absolute allow", rules("edit", "*", "ask", "edit", "/proj/src/*", "allow"),
			decide.Call{Key: "edit", Value: "/proj/src/a.go", Cwd: "/proj"}, engine.Allow},
		{"outside the cwd is not read as relative", rules("read", "*", "allow", "read", "etc/*", "deny", "external_directory", "*", "allow"),
			decide.Call{Key: "read", Value: "/etc/passwd", Cwd: "/proj"}, engine.Allow},
		{"outside the project asks by external_directory", rules("read", "*", "allow"),
			decide.Call{Key: "read", Value: "/etc/passwd", Cwd: "/proj"}, engine.Ask},
		{"a sibling folder is outside", rules("read", "*", "allow", "read", "x", "deny", "external_directory", "*", "allow"),
			decide.Call{Key: "read", Value: "/projx", Cwd: "/proj"}, engine.Allow},
		{"dot-dot in an absolute path meets a deny for the file", rules("read", "*", "allow", "read", "/home/*", "deny", "read", "/proj/*", "allow"),
			decide.Call{Key: "read", Value: "/proj/../home/u/.ssh/id_rsa", Cwd: "/proj"}, engine.Deny},
		{"no cwd", rules("edit", "*", "allow", "edit", "secrets/*", "deny"),
			decide.Call{Key: "edit", Value: "/proj/secrets/k"}, engine.Allow},
		{"not a path key", rules("webfetch", "*", "allow", "webfetch", "x/*", "deny"),
			decide.Call{Key: "webfetch", Value: "/proj/x/y", Cwd: "/proj"}, engine.Allow},
	}
	for _, tt := range tests {
		if got := decide.Judge(tt.pol, tt.call).Action; got != tt.want {
			t.Errorf("%s: decide.Judge(%+v) = %s, want %s", tt.name, tt.call, got, tt.want)
		}
	}
}

func TestNeutralShellFamilyFailsClosed(t *testing.T) {
	rs := engine.Ruleset{
		{Permission: "*", Pattern: "*", Action: engine.Allow},
		{Permission: "bash", Pattern: "rm *", Action: engine.Deny},
	}
	g := New(inbox.Inbox{Dir: t.TempDir()}, fixedPolicy(rs), WithWait(inbox.Wait{Grace: time.Millisecond, Poll: time.Millisecond}))
	tests := []struct {
		name, input string
		want        engine.Action
	}{
		{"Bash in capitals is analysed", `{"session":"s1","tool":"Bash","value":"ls && rm -rf x"}`, engine.Deny},
		{"BASH is analysed", `{"session":"s1","tool":"BASH","value":"rm -rf x"}`, engine.Deny},
		{"Exec is the bash key", `{"session":"s1","tool":"Exec","value":"rm -rf x"}`, engine.Deny},
		// A neutral client cannot be asked in its terminal: an ask nobody answers is denied.
		{"a shell call without a command is not allowed", `{"session":"s1","tool":"bash","value":""}`, engine.Deny},
		{"a shell call of blanks is not allowed", `{"session":"s1","tool":"shell","value":"  "}`, engine.Deny},
		{"an allowed command stays allowed", `{"session":"s1","tool":"BASH","value":"ls -la"}`, engine.Allow},
		// Fields the gate does not use are skipped, whatever they hold.
		{"unknown fields of any type are ignored", `{"session":"s1","tool":"bash","value":"ls","effort":{"level":"low"},"n":[1,null]}`, engine.Allow},
		{"a misspelt value is no value", `{"session":"s1","tool":"bash","valeu":"rm -rf x"}`, engine.Deny},
		{"a path tool without its path is not allowed", `{"session":"s1","tool":"read","path":"/x"}`, engine.Deny},
		{"a used field of the wrong type is denied", `{"session":"s1","tool":"bash","value":["ls"]}`, engine.Deny},
		// The persona restricts bash (rm): a tool agentmgr does not know, allowed by "*" only,
		// asks, which the neutral protocol answers with a deny; todo is known.
		{"an unknown tool under a restricting persona is not allowed", `{"session":"s1","tool":"mcp__srv__status","value":""}`, engine.Deny},
		{"a known tool of its own key stays allowed", `{"session":"s1","tool":"todo","value":""}`, engine.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Neutral(context.Background(), []byte(tt.input)); got.Action != tt.want {
				t.Errorf("%s: %s (%s), want %s", tt.input, got.Action, got.Reason, tt.want)
			}
		})
	}
}
