package shell

import (
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// A program named by a variable ($BUILD_CMD build, "$BIN" --version) is only known when the
// command runs, unless the environment the command will run in is known: agentmgr's hook runs
// in the agent's own environment (Claude Code, Codex and Gemini CLI start it from the agent's
// process), so a variable set there has the value the command will see, as long as the
// command itself cannot change it first.

// environment looks up a variable of the environment the commands will run in; nil when that
// environment is not known (the default: serve, check, eval, the library).
var environment atomic.Pointer[func(string) (string, bool)]

// SetEnvironment makes lookup the environment the analysed commands will run in, for the whole
// process, and returns the function that restores the one before. Only a process that runs in
// the agent's environment (the gate, started as the agent's hook) may say so; nil forgets it.
func SetEnvironment(lookup func(string) (string, bool)) (restore func()) {
	var p *func(string) (string, bool)
	if lookup != nil {
		p = &lookup
	}
	old := environment.Swap(p)
	return func() { environment.Store(old) }
}

// fromEnvironment returns words with a command name that is one variable ($NAME, ${NAME},
// "$NAME") replaced by its value in the known environment, when that value is one plain word
// and nothing in the command can change the variable before it is read: the script names it
// nowhere but in plain reads, runs no code that could set it (source, ., eval), and is the
// call itself, not a script handed to another shell (whose caller could export it).
// Otherwise words are returned as they are.
func fromEnvironment(src *source, words []word) []word {
	lookup := environment.Load()
	if lookup == nil || words[0].literal || src.depth > 0 {
		return words
	}
	name, ok := plainVariable(words[0].text)
	if !ok {
		return words
	}
	value, set := (*lookup)(name)
	if !set || !plainValue(value) || !onlyRead(src, name) {
		return words
	}
	return append([]word{{text: value, literal: true}}, words[1:]...)
}

// plainVariable is NAME when text is $NAME or ${NAME}.
func plainVariable(text string) (string, bool) {
	name, ok := strings.CutPrefix(text, "$")
	if !ok {
		return "", false
	}
	if inner, braced := strings.CutPrefix(name, "{"); braced {
		if name, ok = strings.CutSuffix(inner, "}"); !ok {
			return "", false
		}
	}
	return name, isIdentifier(name)
}

// plainValue reports whether a variable's value is one word the shell passes as it is, unquoted
// or quoted: no blank to split at, no glob, quote, expansion or other character the shell reads.
func plainValue(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_-./+:,@%=", c) >= 0) {
			return false
		}
	}
	return true
}

// onlyRead reports whether src names variable name only in reads of it ($name, ${name...}) and
// runs no command that could set it unseen.
func onlyRead(src *source, name string) bool {
	for i := 0; ; {
		j := strings.Index(src.text[i:], name)
		if j < 0 {
			break
		}
		at := i + j
		if at == 0 || !(src.text[at-1] == '$' || at >= 2 && src.text[at-2:at] == "${") {
			return false
		}
		i = at + len(name)
	}
	safe := true
	for _, s := range src.stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
				switch c.Args[0].Lit() {
				case "source", ".", "eval", "declare", "typeset", "export", "readonly", "local", "set":
					safe = false
				}
			}
			if _, ok := n.(*syntax.DeclClause); ok {
				safe = false
			}
			return safe
		})
	}
	return safe
}
