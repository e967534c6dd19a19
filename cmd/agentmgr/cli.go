package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agentmgr/agentmgr/internal/release"
)

// env is what a command may touch; tests give their own.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	cwd            string
	getenv         func(string) string
	loaded         *loadedCatalog // the catalog this command has read, so it is read once
	// signals, when set (by tests), stands for SIGTERM and SIGINT: the gate answers them.
	signals <-chan os.Signal
	// isTerminal says whether a writer is a terminal, whose output has its control characters
	// escaped (terminal.go); nil asks the file. Tests say yes.
	isTerminal func(io.Writer) bool
}

func newEnv() *env {
	cwd, _ := os.Getwd()
	return &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, cwd: cwd, getenv: os.Getenv}
}

// usageError is a mistake in how the command was called (exit 2).
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// exitError carries an exit status without a message of its own (the command printed it).
type exitError struct{ code int }

func (x exitError) Error() string { return fmt.Sprintf("exit status %d", x.code) }

func run(args []string, e *env) int {
	e.loaded = nil // every command reads the folders afresh
	if len(args) == 0 {
		return openApp(e)
	}
	name := args[0]
	switch name {
	case "-h", "--help", "help":
		// The help of help is this overview: passing it on would call help again, without end.
		if len(args) > 1 && args[1] != "-h" && args[1] != "--help" && args[1] != "help" {
			return run([]string{args[1], "--help"}, e)
		}
		printHelp(e.stdout)
		return 0
	case "--version", "version":
		fmt.Fprintln(e.stdout, "agentmgr", version)
		return 0
	}
	c, ok := lookup(name)
	if !ok {
		fmt.Fprintf(e.stderr, "agentmgr: unknown command %q\n\n", name)
		printHelp(e.stderr)
		return 2
	}
	if err := e.dirs().Check(); err != nil && c.name != "gate" && !asksHelp(args[1:]) {
		// Fail closed: a relative agent dir would put the personas, guards and state in the
		// repository the command runs in. The gate answers with a refusal instead (gateOptions).
		fmt.Fprintf(e.stderr, "agentmgr %s: %v\n", c.name, err)
		return 1
	}
	stdout, stderr := e.stdout, e.stderr
	e.stdout, e.stderr = onTerminal(stdout, e.isTerminal), onTerminal(stderr, e.isTerminal)
	defer func() { e.stdout, e.stderr = stdout, stderr }()
	err := c.exec(e, args[1:])
	var ue usageError
	var xe exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &xe):
		return xe.code
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "agentmgr %s: %s\nusage: agentmgr %s %s\n", c.name, ue.msg, c.name, c.usage)
		return 2
	default:
		fmt.Fprintf(e.stderr, "agentmgr %s: %v\n", c.name, err)
		return 1
	}
}

const version = release.Version

// asksHelp reports whether args ask for a command's help, which needs no folder.
func asksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, `agentmgr manages coding-agent personas: Markdown agent definitions whose permission
rules decide, for every tool call, allow, ask or deny.

usage:
  agentmgr                 open the desktop app
  agentmgr COMMAND [ARGS]  run a command; agentmgr COMMAND --help for its options

commands:
`)
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Personas are read from the built-ins, the agent dir ($PI_CODING_AGENT_DIR/agents or
~/.pi/agent/agents) and the project (.pi/agents in this folder or the nearest parent).
`)
}

// helpWidth is where help paragraphs wrap: a terminal of 100 columns shows them whole.
const helpWidth = 96

// wrap breaks the lines of text longer than width at spaces. Indented lines (lists, examples)
// are kept as written.
func wrap(text string, width int) string {
	lines := strings.Split(text, "\n")
	var out []string
	for _, line := range lines {
		if len(line) <= width || strings.HasPrefix(line, " ") {
			out = append(out, line)
			continue
		}
		cur := ""
		for _, word := range strings.Fields(line) {
			if cur != "" && len(cur)+1+len(word) > width {
				out = append(out, cur)
				cur = ""
			}
			if cur != "" {
				cur += " "
			}
			cur += word
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}
