package gemini

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallStatus merges the hook into settings someone already has, reads its state, turns
// hooks off as a person can in the settings, and uninstalls, leaving the settings as they were.
func TestInstallStatus(t *testing.T) {
	folder := t.TempDir()
	bin := filepath.Join(t.TempDir(), "agentmgr")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	settings := filepath.Join(folder, SettingsName)
	before := "{\n  \"security\": {\n    \"auth\": {\n      \"selectedType\": \"gemini-api-key\"\n    }\n  }\n}\n"
	if err := os.WriteFile(settings, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := Status(folder, bin); r.Installed || r.Enforcing {
		t.Fatalf("status before install: %+v", r)
	}
	if outcome, err := Install(folder, bin); err != nil || outcome != "installed" {
		t.Fatalf("install: %s %v", outcome, err)
	}
	if r := Status(folder, bin); !r.Installed || !r.Enforcing || !r.Current || r.BinaryMissing {
		t.Fatalf("status after install: %+v", r)
	}
	data, _ := os.ReadFile(settings)
	for _, want := range []string{`"selectedType": "gemini-api-key"`, `"BeforeTool"`, `"matcher": ".*"`, `"timeout": 130000`, `gate gemini || {`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("settings lack %s:\n%s", want, data)
		}
	}
	off := strings.Replace(string(data), "{\n", "{\n  \"hooksConfig\": {\"disabled\": [\"agentmgr\"]},\n", 1)
	if err := os.WriteFile(settings, []byte(off), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := Status(folder, bin); r.Enforcing || !r.Disabled || !strings.Contains(strings.Join(r.Advice, " "), "not enforcing") {
		t.Fatalf("status with the hook disabled: %+v", r)
	}
	if err := os.WriteFile(settings, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(bin); err != nil {
		t.Fatal(err)
	}
	if r := Status(folder, bin); !r.BinaryMissing || !strings.Contains(strings.Join(r.Advice, " "), "blocked") {
		t.Fatalf("status with the binary gone: %+v", r)
	}
	if removed, err := Uninstall(folder); err != nil || !removed {
		t.Fatalf("uninstall: %v %v", removed, err)
	}
	if data, _ := os.ReadFile(settings); string(data) != before {
		t.Errorf("settings after uninstall:\n%s\nwant them as they were:\n%s", data, before)
	}
}

func TestFolder(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == "GEMINI_CLI_HOME" {
				return v
			}
			return ""
		}
	}
	if got := Folder(env(""), "/home/u"); got != "/home/u/.gemini" {
		t.Errorf("Folder without GEMINI_CLI_HOME = %s", got)
	}
	if got := Folder(env("/g"), "/home/u"); got != "/g/.gemini" {
		t.Errorf("Folder with GEMINI_CLI_HOME=/g = %s", got)
	}
	if got := Folder(env("rel"), "/home/u"); got != "/home/u/.gemini" {
		t.Errorf("Folder with a relative GEMINI_CLI_HOME = %s, want the home's", got)
	}
}
