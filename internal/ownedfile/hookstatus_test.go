package ownedfile

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

func TestPlacementIsAndBinaryGone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	there := filepath.Join(dir, "it's here", "agentmgr")
	testfiles.Write(t, there, "#!/bin/sh\n")
	h := Hook{Matcher: "*", Command: HookCommand(there, "gate codex", "Codex", "agentmgr codex install"), Timeout: 30}
	tests := []struct {
		name     string
		at       Placement
		is, gone bool
	}{
		{"exactly what install writes", Placement{Matcher: h.Matcher, Command: h.Command, Timeout: h.Timeout}, true, false},
		{"another timeout", Placement{Matcher: h.Matcher, Command: h.Command, Timeout: 5}, false, false},
		{"another matcher", Placement{Matcher: "Bash", Command: h.Command, Timeout: h.Timeout}, false, false},
		{"a binary that is gone", Placement{Matcher: h.Matcher, Command: HookCommand(filepath.Join(dir, "gone"), "gate codex", "Codex", "x"), Timeout: h.Timeout}, false, true},
		{"a command naming no binary of ours", Placement{Matcher: h.Matcher, Command: "agentmgr gate codex", Timeout: h.Timeout}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := tt.at.Is(h); got != tt.is {
				t.Errorf("Is = %v, want %v", got, tt.is)
			}
			if got := tt.at.BinaryGone(); got != tt.gone {
				t.Errorf("BinaryGone = %v, want %v", got, tt.gone)
			}
		})
	}
}

func TestHookAdviceNamesTheRuntimeAndItsInstall(t *testing.T) {
	t.Parallel()
	a := HookAdvice{Program: "Gemini CLI", Subcommand: "gemini"}
	at := Placement{Matcher: "run_shell_command", Command: HookCommand("/opt/agentmgr", "gate gemini", "Gemini CLI", "x")}
	for _, s := range []string{a.NotInstalled(), a.notEveryTool(at.Matcher), a.binaryGone(at), a.another(at)} {
		if !strings.Contains(s, "`agentmgr gemini install`") {
			t.Errorf("%q does not say to run agentmgr gemini install", s)
		}
	}
	if s := a.binaryGone(at); !strings.Contains(s, "/opt/agentmgr, which is gone") || !strings.Contains(s, "every Gemini CLI tool call") {
		t.Errorf("binaryGone = %q", s)
	}
}

func TestHookAdviceOfTheHandlerSaysTheFirstThingWrong(t *testing.T) {
	t.Parallel()
	a := HookAdvice{Program: "Codex", Subcommand: "codex"}
	gone := Placement{Matcher: "Bash", Command: HookCommand(filepath.Join(t.TempDir(), "gone"), "gate codex", "Codex", "x")}
	tests := []struct {
		name               string
		enforcing, current bool
		want               string // a part of the one advice; "" for none
	}{
		{"a matcher that leaves tools out comes first", false, false, "not every tool"},
		{"then a binary that is gone", true, true, "which is gone"},
	}
	for _, tt := range tests {
		got := a.Handler(nil, gone, tt.enforcing, tt.current)
		if len(got) != 1 || !strings.Contains(got[0], tt.want) {
			t.Errorf("%s: advice %q, want one saying %q", tt.name, got, tt.want)
		}
	}
	here := Placement{Command: "agentmgr gate codex"}
	if got := a.Handler(nil, here, true, false); len(got) != 1 || !strings.Contains(got[0], "another agentmgr") {
		t.Errorf("another agentmgr: advice %q", got)
	}
	if got := a.Handler(nil, here, true, true); len(got) != 0 {
		t.Errorf("nothing wrong: advice %q, want none", got)
	}
}
