package main

import (
	"strings"
	"testing"
)

// The gate runs in the agent's environment: a program named by a variable set there is decided
// as that program, and one the environment does not set still asks.
func TestGateReadsCommandNamesFromTheAgentsEnvironment(t *testing.T) {
	shortGrace(t)
	testEnv(t, "")
	t.Setenv("BUILD_CMD", "cargo")
	t.Setenv("CLEAN_CMD", "rm")
	tests := []struct {
		cmd  string
		want []string
	}{
		{"$BUILD_CMD build --locked --release", []string{`"permissionDecision":"allow"`}},
		{"$CLEAN_CMD -rf target", []string{`"permissionDecision":"ask"`, `rm -rf target`}},
		{"$UNSET_CMD build", []string{`"permissionDecision":"ask"`, "only known when the command runs"}},
		// the command's own assignment wins over the environment's value
		{"BUILD_CMD=rm; $BUILD_CMD -rf target", []string{`"permissionDecision":"ask"`, `rm -rf target`}},
		{"$BUILD_CMD -rf target; BUILD_CMD=rm", []string{`"permissionDecision":"ask"`, "only known when the command runs"}},
	}
	for _, tt := range tests {
		out := runGateCmd(claudeEvent("/p", "Bash", `{"command":`+quoteJSON(tt.cmd)+`}`), "claude", "--agent", "builder")
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q = %s, want it to say %s", tt.cmd, out, w)
			}
		}
	}
}
