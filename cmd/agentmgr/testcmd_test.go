package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const withExamples = `---
name: careful
description: Reads; asks before git push
permissions:
  "*": deny
  read: allow
  bash:
    "git *": allow
    "git push *": ask
examples:
  allow: ["read: src/main.go", "bash: git status"]
  ask: ["bash: git push origin main", "bash: git push --force"]
  deny: ["edit: a.go", "bash: rm -rf /", "bash: git status"]
---
Careful.
`

func TestTestReportsFailuresWithTheDecidingRule(t *testing.T) {
	e, out, errb := testEnv(t, "")
	path := writeAgent(t, "careful.md", withExamples)
	code := run([]string{"test", "careful"}, e)
	if code != 1 {
		t.Fatalf("test with a failing example exited %d, want 1: %s%s", code, out, errb)
	}
	want := path + `:13:42: example bash "git status": expected deny, got allow <- rule 3 "bash" "git *" allow (` + path + ":8)\n" +
		"1 of 7 examples failed in 1 persona\n"
	if out.String() != want {
		t.Errorf("test printed\n%s\nwant\n%s", out, want)
	}
}

func TestTestJSON(t *testing.T) {
	e, out, errb := testEnv(t, "")
	writeAgent(t, "careful.md", withExamples)
	if code := run([]string{"test", "careful", "--json"}, e); code != 1 {
		t.Fatalf("test --json exited %d, want 1: %s", code, errb)
	}
	var got struct {
		Failed   int `json:"failed"`
		Personas []struct {
			Name     string `json:"name"`
			Examples []struct {
				Tool, Value, Expect, Got, Source string
				OK                               bool
				Rule                             *struct{ Permission, Pattern, Action string }
			} `json:"examples"`
		} `json:"personas"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, out)
	}
	if got.Failed != 1 || len(got.Personas) != 1 || got.Personas[0].Name != "careful" || len(got.Personas[0].Examples) != 7 {
		t.Fatalf("test --json = %s", out)
	}
	last := got.Personas[0].Examples[6]
	if last.Tool != "bash" || last.Value != "git status" || last.Expect != "deny" || last.Got != "allow" || last.OK ||
		last.Rule == nil || last.Rule.Pattern != "git *" || !strings.HasSuffix(last.Source, "careful.md:8") {
		t.Errorf("the failing example: %+v", last)
	}
	for _, key := range []string{`"tool"`, `"value"`, `"expect"`, `"got"`, `"ok"`, `"rule"`, `"source"`} {
		if !strings.Contains(out.String(), key) {
			t.Errorf("test --json lacks %s: %s", key, out)
		}
	}
}

func TestTestPassesOnTheBuiltins(t *testing.T) {
	e, out, errb := testEnv(t, "")
	if code := run([]string{"test", "planner", "builder"}, e); code != 0 {
		t.Fatalf("the built-ins' examples fail (exit %d):\n%s%s", code, out, errb)
	}
	if !strings.HasPrefix(out.String(), "0 of ") {
		t.Errorf("test printed %q", out)
	}
}

func TestLintShowsFailingExamples(t *testing.T) {
	e, out, errb := testEnv(t, "")
	path := writeAgent(t, "careful.md", withExamples)
	if code := run([]string{"lint", "careful"}, e); code != 0 {
		t.Fatalf("lint exited %d: %s", code, errb)
	}
	if want := path + `:13: example: example bash "git status": expected deny`; !strings.Contains(out.String(), want) {
		t.Errorf("lint printed\n%s\nwant a line containing %q", out, want)
	}
}
