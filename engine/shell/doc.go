// Package shell turns a bash command string into the simple commands it would
// run, so that permission rules can be checked against each one.
//
// A command is parsed with mvdan.cc/sh/v3/syntax, never split by hand. Every
// simple command becomes a [Unit], wherever it stands: in lists and pipelines,
// in subshells and groups, in the bodies and conditions of compound commands,
// in function bodies, and inside command and process substitutions. Wrappers
// such as sudo, env, timeout or find -exec are looked through, and scripts
// handed to sh -c, eval or a shell's standard input are parsed again.
//
// When the command a unit runs cannot be known from the text (a command name
// built from an expansion, a script read from a pipe, a parse error), the unit
// carries an AskReason: the caller must at least ask, whatever its rules say.
// The package decides nothing itself; the engine evaluates the units.
package shell
