package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// claudeHooked reports whether a Claude Code settings file that applies in cwd runs the gate
// before every tool call: the user's (CLAUDE_CONFIG_DIR, else ~/.claude), the project's and the
// local ones of cwd and its parents, and the managed one. Without such a file, the agents a
// session starts carry no hook unless their own file has one.
func (e *env) claudeHooked(cwd string) bool {
	var files []string
	config := e.getenv("CLAUDE_CONFIG_DIR")
	if config == "" {
		if home := e.getenv("HOME"); home != "" {
			config = filepath.Join(home, ".claude")
		}
	}
	if config != "" {
		files = append(files, filepath.Join(config, "settings.json"))
	}
	if filepath.IsAbs(cwd) {
		for dir := cwd; ; dir = filepath.Dir(dir) {
			files = append(files, filepath.Join(dir, ".claude", "settings.json"), filepath.Join(dir, ".claude", "settings.local.json"))
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	files = append(files, "/etc/claude-code/managed-settings.json")
	for _, f := range files {
		if hooksGate(f) {
			return true
		}
	}
	return false
}

// hooksGate reports whether settings file f has a PreToolUse hook for every tool ("*" or no
// matcher) whose command runs agentmgr's gate.
func hooksGate(f string) bool {
	data, err := os.ReadFile(f)
	if err != nil {
		return false
	}
	var s struct {
		Hooks struct {
			PreToolUse []struct {
				Matcher string `json:"matcher"`
				Hooks   []struct {
					Command string `json:"command"`
				} `json:"hooks"`
			} `json:"PreToolUse"`
		} `json:"hooks"`
	}
	if json.Unmarshal(data, &s) != nil {
		return false
	}
	for _, m := range s.Hooks.PreToolUse {
		if m.Matcher != "*" && m.Matcher != "" {
			continue
		}
		for _, h := range m.Hooks {
			if strings.Contains(h.Command, "gate claude") {
				return true
			}
		}
	}
	return false
}
