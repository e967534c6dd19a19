package approvalqueue

import (
	"slices"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/decide"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/inbox"
)

func TestParsePatterns(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"git push *", []string{"git push *"}},
		{"  git push *  \r\nmake *\n\nmake *\n", []string{"git push *", "make *"}},
		{"\n \n", nil},
		{"src/*\n~/notes/*", []string{"src/*", "~/notes/*"}},
	}
	for _, tt := range tests {
		if got := ParsePatterns(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("ParsePatterns(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestDescribePrompt(t *testing.T) {
	src := engine.Source{Kind: engine.FromFile, Name: "asker.md", Line: 5}
	ask := &engine.Rule{Permission: "*", Pattern: "*", Action: engine.Ask, Source: src}
	allow := &engine.Rule{Permission: "bash", Pattern: "git *", Action: engine.Allow, Source: src}
	guard := &engine.Rule{Permission: "bash", Pattern: "curl *", Action: engine.Ask, Source: engine.Source{Kind: engine.FromGuard, Name: "guards.yaml", Line: 2}}
	// afterGitStatus is the decision on "git status && cmd": git status allowed, cmd asked.
	afterGitStatus := func(cmd string) engine.Decision {
		return engine.Decision{Action: engine.Ask, Rule: ask, Units: []engine.UnitDecision{
			{Text: "git status", Action: engine.Allow, Rule: allow}, {Text: cmd, Action: engine.Ask, Rule: ask}}}
	}
	tests := []struct {
		name   string
		prompt inbox.Prompt
		check  func(PromptDetails) string // "" when fine
	}{
		{"shell call lists its commands", inbox.Prompt{
			Request: inbox.Request{Client: decide.ClientClaude, Session: "s1", Agent: "asker", Tool: "Bash", Permission: "bash",
				Value: "git status && make deploy", Cwd: "/home/dev/shop"},
			Decision:    afterGitStatus("make deploy"),
			Suggestions: []string{"make deploy *"},
		}, func(d PromptDetails) string {
			switch {
			case d.Title != "Claude Code asks to use Bash":
				return "title " + d.Title
			case !slices.Contains(d.Fields, [2]string{"Tool", "Bash (permission bash)"}):
				return "no tool field"
			case !slices.Contains(d.Fields, [2]string{"Rule", `"*" "*" ask  (asker.md:5)`}):
				return "no rule field"
			case !slices.Contains(d.Fields, [2]string{"Folder", "/home/dev/shop"}):
				return "no folder"
			case len(d.Units) != 2 || d.Units[1] != (UnitLine{"make deploy", "ask", `"*" "*" ask`}):
				return "units wrong"
			case d.Always != "make deploy *" || d.NoAlways != "":
				return "always " + d.Always
			}
			return ""
		}},
		{"one command needs no breakdown", inbox.Prompt{
			Request:     inbox.Request{Client: decide.ClientJSON, Tool: "bash", Permission: "bash", Value: "make"},
			Decision:    engine.Decision{Action: engine.Ask, Units: []engine.UnitDecision{{Text: "make", Action: engine.Ask}}},
			Suggestions: []string{"make *", "go test *"},
		}, func(d PromptDetails) string {
			switch {
			case d.Title != "An agent asks to use bash" || d.Units != nil:
				return "title or units"
			case !slices.Contains(d.Fields, [2]string{"Rule", "no rule matched (default ask)"}):
				return "default ask not named"
			case d.Always != "make *\ngo test *":
				return "always " + d.Always
			}
			return ""
		}},
		{"a subagent's ask names the subagent and its callers", inbox.Prompt{
			Request: inbox.Request{Client: decide.ClientClaude, Session: "s1.agent-a1", AgentID: "a1", Agent: "cleaner",
				Callers: []string{"builder"}, Tool: "Bash", Permission: "bash", Value: "make"},
			Decision:    engine.Decision{Action: engine.Ask, Rule: ask},
			Suggestions: []string{"make *"},
		}, func(d PromptDetails) string {
			switch {
			case !slices.Contains(d.Fields, [2]string{"Subagent", "a1 (always covers this subagent only)"}):
				return "subagent not named"
			case !slices.Contains(d.Fields, [2]string{"Called by", "builder (each decides too; the strictest wins)"}):
				return "callers not named"
			case !slices.Contains(d.Fields, [2]string{"Session", "s1.agent-a1"}):
				return "session key not shown"
			}
			return ""
		}},
		{"a destructive command's always is the command, and the dialog says why", inbox.Prompt{
			Request:     inbox.Request{Client: decide.ClientClaude, Tool: "Bash", Permission: "bash", Value: "git status && rm -rf build"},
			Decision:    afterGitStatus("rm -rf build"),
			Suggestions: []string{"rm -rf build"},
		}, func(d PromptDetails) string {
			switch {
			case d.Always != "rm -rf build":
				return "always " + d.Always
			case !strings.Contains(d.AlwaysNote, "not `rm *`"):
				return "note " + d.AlwaysNote
			}
			return ""
		}},
		{"a destructive command with a glob offers no always, and says why", inbox.Prompt{
			Request:  inbox.Request{Client: decide.ClientClaude, Tool: "Bash", Permission: "bash", Value: "rm -rf *"},
			Decision: engine.Decision{Action: engine.Ask, Rule: ask, Units: []engine.UnitDecision{{Text: "rm -rf *", Action: engine.Ask, Rule: ask}}},
		}, func(d PromptDetails) string {
			if !strings.Contains(d.NoAlways, "destroy") || d.Always != "" {
				return "no-always " + d.NoAlways
			}
			return ""
		}},
		{"an ask forced by the analysis says what the analysis found", inbox.Prompt{
			Request: inbox.Request{Client: decide.ClientClaude, Tool: "Bash", Permission: "bash", Value: `eval "$X"`},
			Decision: engine.Decision{Action: engine.Ask, Rule: allow, Units: []engine.UnitDecision{
				{Text: `eval "$X"`, Action: engine.Ask, Rule: allow, Reason: "the code eval runs is only known when it runs"}}},
		}, func(d PromptDetails) string {
			if !strings.Contains(d.NoAlways, "only known when it runs") || strings.Contains(d.NoAlways, "guard") {
				return "no-always " + d.NoAlways
			}
			return ""
		}},
		{"a guard's ask offers no always", inbox.Prompt{
			Request:  inbox.Request{Client: decide.ClientClaude, Tool: "Bash", Permission: "bash", Value: "curl x"},
			Decision: engine.Decision{Action: engine.Ask, Rule: guard, Reason: "network"},
		}, func(d PromptDetails) string {
			switch {
			case d.NoAlways == "" || d.Always != "":
				return "always offered"
			case !strings.Contains(d.NoAlways, "a guard asks") || strings.Contains(d.NoAlways, "could not be read"):
				return "the reason for no always is not the guard: " + d.NoAlways
			case !slices.Contains(d.Fields, [2]string{"Why", "network"}):
				return "reason missing"
			case !slices.Contains(d.Fields, [2]string{"Rule", `"bash" "curl *" ask  (guard guards.yaml:2)`}):
				return "guard rule not named"
			}
			return ""
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := DescribePrompt(&tt.prompt)
			if why := tt.check(d); why != "" {
				t.Errorf("DescribePrompt: %s\ngot %+v", why, d)
			}
		})
	}
}
