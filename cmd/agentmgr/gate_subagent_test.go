package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

const (
	// cleanerPersona denies rm: a Claude Code subagent named cleaner is decided by it.
	cleanerPersona = "---\nname: cleaner\ndescription: cleans\npermissions:\n  \"*\": allow\n  bash:\n    \"rm *\": {action: deny, reason: \"cleaner keeps files\"}\n---\n"
	// loosePersona allows everything, webfetch included.
	loosePersona = "---\nname: loose\ndescription: anything\npermissions:\n  \"*\": allow\n---\n"
)

// subagentEvent is an event of session s1 in cwd, with extra fields (agent_id, ...).
func subagentEvent(event, extra, tool, input string) string {
	return `{"session_id":"s1","cwd":"/p","effort":{"level":"medium"},"hook_event_name":"` + event + `"` + extra +
		`,"tool_name":"` + tool + `","tool_input":` + input + `,"tool_use_id":"toolu_1"}`
}

// The gate decides a subagent by its own persona and the session's, records which agent
// started which, and a nested agent is never looser than its parent.
func TestGateSubagents(t *testing.T) {
	shortGrace(t)
	e, _, _ := testEnv(t, "")
	// The README's hook is in the user's settings: the agents a session starts are seen too.
	testfiles.Write(t, filepath.Join(e.cwd, ".claude", "settings.json"), `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"agentmgr gate claude"}]}]}}`)
	writeAgent(t, "cleaner.md", cleanerPersona)
	writeAgent(t, "loose.md", loosePersona)
	// The active persona allows everything: only the chain can deny.
	testfiles.Write(t, filepath.Join(os.Getenv("PI_CODING_AGENT_DIR"), "agent-manager", "state.json"), `{"active":"loose"}`)
	steps := []struct {
		name, args, stdin string
		decision          string
		reason            []string
	}{
		{"the session persona allows rm", "--agent loose", subagentEvent("PreToolUse", "", "Bash", `{"command":"rm -rf build"}`), "allow", []string{`persona "loose"`}},
		{"a subagent named like a persona is decided by it too", "--agent loose",
			subagentEvent("PreToolUse", `,"agent_id":"a1","agent_type":"cleaner"`, "Bash", `{"command":"rm -rf build"}`), "deny",
			[]string{"cleaner keeps files", `"cleaner, with loose"`}},
		{"the main thread starts cleaner", "--agent loose", subagentEvent("PreToolUse", "", "Agent", `{"subagent_type":"cleaner","prompt":"x"}`), "allow", nil},
		{"cleaner starts", "--agent loose", `{"session_id":"s1","agent_id":"a2","agent_type":"cleaner","hook_event_name":"SubagentStart"}`, "", nil},
		{"cleaner starts a general-purpose agent", "--agent loose",
			subagentEvent("PreToolUse", `,"agent_id":"a2","agent_type":"cleaner"`, "Agent", `{"subagent_type":"general-purpose","prompt":"x"}`), "allow", nil},
		{"the nested agent starts", "--agent loose", `{"session_id":"s1","agent_id":"a3","agent_type":"general-purpose","hook_event_name":"SubagentStart"}`, "", nil},
		{"the nested agent cannot do what cleaner may not", "--agent loose",
			subagentEvent("PreToolUse", `,"agent_id":"a3","agent_type":"general-purpose"`, "Bash", `{"command":"rm -rf build"}`), "deny",
			[]string{"cleaner keeps files", `general-purpose is no persona`, `decided by persona "cleaner"`}},
		{"an --agent session runs that persona", "",
			subagentEvent("PreToolUse", `,"agent_type":"cleaner"`, "Bash", `{"command":"rm -rf build"}`), "deny", []string{`persona "cleaner"`}},
		// A session started with claude --agent cleaner: its main thread carries agent_type only,
		// and the agent it starts (no persona of that name) is decided by cleaner.
		{"an --agent session starts a helper", "",
			strings.Replace(subagentEvent("PreToolUse", `,"agent_type":"cleaner"`, "Agent", `{"subagent_type":"helper","prompt":"x"}`), `"session_id":"s1"`, `"session_id":"s9"`, 1), "allow", nil},
		{"the helper of an --agent cleaner session is never looser than cleaner", "",
			strings.Replace(subagentEvent("PreToolUse", `,"agent_id":"h1","agent_type":"helper"`, "Bash", `{"command":"rm -rf build"}`), `"session_id":"s1"`, `"session_id":"s9"`, 1), "deny",
			[]string{"cleaner keeps files"}},
		{"a skill's inline command is bash", "--agent cleaner",
			`{"session_id":"s1","cwd":"/p","hook_event_name":"PreSkillShellCommand","tool_name":"Bash","tool_input":{"command":"echo ok && rm -rf victim"},"tool_use_id":"toolu_s:preamble-0","command_name":"sweep","command_source":"projectSettings","invoked_by":"claude"}`,
			"deny", []string{"cleaner keeps files", `skill "sweep"`}},
	}
	for _, st := range steps {
		out := runGateCmd(st.stdin, append(strings.Fields(st.args), "claude")...)
		if st.decision == "" {
			if !strings.Contains(out, `"hookEventName":"SubagentStart"`) {
				t.Fatalf("%s: %s", st.name, out)
			}
			continue
		}
		if strings.Contains(st.stdin, "PreSkillShellCommand") {
			if !strings.Contains(out, `"hookEventName":"PreSkillShellCommand"`) {
				t.Errorf("%s: the answer is not for PreSkillShellCommand: %s", st.name, out)
			}
			out = strings.Replace(out, "PreSkillShellCommand", "PreToolUse", 1)
		}
		action, reason := gateAnswer(t, "claude", out)
		if action != st.decision {
			t.Errorf("%s: %s (%s), want %s", st.name, action, reason, st.decision)
		}
		for _, want := range st.reason {
			if !strings.Contains(reason, want) {
				t.Errorf("%s: reason %q does not say %q", st.name, reason, want)
			}
		}
	}
	log, err := os.ReadFile(filepath.Join(os.Getenv("PI_CODING_AGENT_DIR"), "agent-manager", "log", "review.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"agent_id":"a1","call_id":"toolu_1"`, `"agent_id":"a3"`, `"tool":"skill sweep: Bash"`} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the review log lacks %s:\n%s", want, log)
		}
	}
}

// With no settings file holding the gate's hook (only an exported subagent's own hook runs),
// an agent the call starts would run unseen: starting it asks.
func TestGateStartingAnUnhookedAgentAsks(t *testing.T) {
	shortGrace(t)
	testEnv(t, "")
	writeAgent(t, "loose.md", loosePersona)
	out := runGateCmd(subagentEvent("PreToolUse", "", "Agent", `{"subagent_type":"general-purpose","prompt":"x"}`), "--agent", "loose", "claude")
	action, reason := gateAnswer(t, "claude", out)
	if action != "ask" || !strings.Contains(reason, "without agentmgr's hook") {
		t.Errorf("Agent with no hooked settings = %s (%s), want ask saying why", action, reason)
	}
	// Other calls are not affected.
	out = runGateCmd(subagentEvent("PreToolUse", "", "Bash", `{"command":"ls"}`), "--agent", "loose", "claude")
	if action, reason := gateAnswer(t, "claude", out); action != "allow" {
		t.Errorf("Bash ls = %s (%s), want allow", action, reason)
	}
}

// codexEvent is a Codex PreToolUse payload of session c1, with extra fields (agent_id, ...).
func codexEvent(extra, tool, input string) string {
	return `{"session_id":"c1","turn_id":"t1","cwd":"/p","hook_event_name":"PreToolUse","model":"gpt-5.5"` + extra +
		`,"tool_name":"` + tool + `","tool_input":` + input + `,"tool_use_id":"call_1"}`
}

// A Codex subagent (agent_id, agent_type in its calls) is decided by the persona named like its
// type and the session's, as in Claude Code: never looser than the agent that started it.
func TestGateCodexSubagents(t *testing.T) {
	shortGrace(t)
	testEnv(t, "")
	writeAgent(t, "cleaner.md", cleanerPersona)
	writeAgent(t, "loose.md", loosePersona)
	writeAgent(t, "careful.md", "---\nname: careful\ndescription: c\npermissions:\n  \"*\": allow\n  bash:\n    \"touch *\": {action: deny, reason: \"careful creates nothing\"}\n---\n")
	steps := []struct {
		name, args, stdin string
		deny              bool
		reason            []string
	}{
		{"the session persona allows rm", "--agent loose", codexEvent("", "Bash", `{"command":"rm -r build"}`), false, nil},
		{"the main thread starts a cleaner", "--agent loose", codexEvent("", "spawn_agent", `{"agent_type":"cleaner","message":"x"}`), false, nil},
		{"the cleaner's rm is decided by cleaner", "--agent loose",
			codexEvent(`,"agent_id":"a1","agent_type":"cleaner"`, "Bash", `{"command":"rm -r build"}`), true, []string{"cleaner keeps files"}},
		{"under careful, a cleaner's touch is careful's to deny", "--agent careful",
			codexEvent(`,"agent_id":"a9","agent_type":"cleaner"`, "Bash", `{"command":"touch x"}`), true, []string{"careful creates nothing"}},
	}
	for _, st := range steps {
		out := runGateCmd(st.stdin, append(strings.Fields(st.args), "codex")...)
		if !st.deny {
			if out != "" {
				t.Errorf("%s: printed %q, want nothing (allow)", st.name, out)
			}
			continue
		}
		if !strings.Contains(out, `"permissionDecision":"deny"`) {
			t.Errorf("%s: %q, want a deny", st.name, out)
		}
		for _, want := range st.reason {
			if !strings.Contains(out, want) {
				t.Errorf("%s: %q does not say %q", st.name, out, want)
			}
		}
	}
}
