package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every entry of the table is a whole command: a name used once, a one-line summary, a usage
// line, its options and action, and a --help with a paragraph of its own under the usage line.
func TestCommandTableEntriesAreWhole(t *testing.T) {
	seen := map[string]bool{}
	for i, c := range commands {
		switch {
		case c.name == "" || strings.ContainsAny(c.name, " \t\n"):
			t.Errorf("entry %d has the name %q", i+1, c.name)
		case seen[c.name]:
			t.Errorf("entry %d: %s is in the table twice", i+1, c.name)
		}
		seen[c.name] = true
		if c.summary == "" || strings.Contains(c.summary, "\n") {
			t.Errorf("%s: summary %q, want one line", c.name, c.summary)
		}
		if c.usage == "" || strings.Contains(c.usage, "\n") {
			t.Errorf("%s: usage %q, want one line", c.name, c.usage)
		}
		if c.options == nil {
			t.Errorf("%s has no options function", c.name)
			continue
		}
		e, out, _ := testEnv(t, "")
		if code := run([]string{c.name, "--help"}, e); code != 0 {
			t.Errorf("agentmgr %s --help exited %d", c.name, code)
		}
		_, body, _ := strings.Cut(out.String(), "\n\n")
		if strings.TrimSpace(body) == "" {
			t.Errorf("agentmgr %s --help printed\n%s\nwant a paragraph under the usage line", c.name, out)
		}
	}
}

// Help lists the commands exactly as the table does: all of them, in its order.
func TestHelpListsTheTableInOrder(t *testing.T) {
	e, out, _ := testEnv(t, "")
	if code := run([]string{"help"}, e); code != 0 {
		t.Fatalf("agentmgr help exited %d", code)
	}
	_, list, ok := strings.Cut(out.String(), "\ncommands:\n")
	if !ok {
		t.Fatalf("agentmgr help printed no command list:\n%s", out)
	}
	var listed []string
	for _, line := range strings.Split(list, "\n") {
		if !strings.HasPrefix(line, "  ") {
			break
		}
		listed = append(listed, strings.Fields(line)[0])
	}
	var want []string
	for _, c := range commands {
		want = append(want, c.name)
	}
	if !slices.Equal(listed, want) {
		t.Errorf("help lists\n%v\nthe table is\n%v", listed, want)
	}
}

// The table is the only registration: no file of the command has an init function, whose
// order would again decide what the CLI is.
func TestNoInitFunctions(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files found: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "init" {
				t.Errorf("%s: func init: add the command to the table in commands.go instead", fset.Position(fn.Pos()))
			}
		}
	}
}
