package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// command is one subcommand: an entry of the table in commands.go. It only describes the
// command; exec parses its options, prints its --help, checks how many arguments it was given
// and runs it, the same way for every command, and run (cli.go) turns what it returns into the
// message and the exit code.
type command struct {
	name    string // "keys", or "keys check" for one of a family's (subs)
	usage   string // arguments after the name, e.g. "[--agent NAME] TOOL [VALUE]"
	summary string // one line for the command list
	help    string // what --help prints under the usage line, wrapped
	args    arity  // how many arguments the command takes besides its options
	// options defines the command's options on fs and returns what runs with their values
	// once they are parsed. Returning a usageError exits 2, any other error exits 1.
	options func(fs *flag.FlagSet) action
	// subs are the commands of a family (keys check, keys set...): a first argument that
	// names one of them (after the family's name) runs it instead, with its own options.
	subs []command
}

// action is what a command does once its options are parsed: args are its arguments, as many
// as its arity allows.
type action func(e *env, args []string) error

// exec runs c with args, the command line after c's name.
func (c command) exec(e *env, args []string) error {
	if len(args) > 0 {
		for _, s := range c.subs {
			if s.name == c.name+" "+args[0] {
				return s.exec(e, args[1:])
			}
		}
	}
	fs := flags(e, c.name, c.usage, c.help)
	act := c.options(fs)
	rest, err := parse(fs, args)
	if err != nil {
		return err
	}
	if !c.args.allows(len(rest)) {
		return usageError{c.args.mistake(c.name)}
	}
	return act(e, rest)
}

// arity is how many arguments a command takes, and what a call with another number is told.
// The zero arity takes none: a command says so to take any.
type arity struct {
	min, max int    // max < 0: no limit
	msg      string // "" for "NAME takes no arguments"
}

// exactly is an arity of n arguments.
func exactly(n int, msg string) arity { return arity{n, n, msg} }

// between is an arity of min to max arguments.
func between(min, max int, msg string) arity { return arity{min, max, msg} }

// atLeast is an arity of min arguments or more.
func atLeast(min int, msg string) arity { return arity{min, -1, msg} }

// anyArgs is the arity of a command that takes any number of arguments, or checks them itself.
var anyArgs = arity{max: -1}

func (a arity) allows(n int) bool { return n >= a.min && (a.max < 0 || n <= a.max) }

// mistake is the usage error of command name called with a number of arguments a does not allow.
func (a arity) mistake(name string) string {
	if a.msg == "" {
		return name + " takes no arguments"
	}
	return a.msg
}

// flags makes a flag set for c that prints c's usage on --help and reports misuse as usageError.
func flags(e *env, c string, usage string, summary string) *flag.FlagSet {
	fs := flag.NewFlagSet(c, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, "usage: agentmgr %s %s\n\n%s\n", c, usage, wrap(summary, helpWidth))
		var opts strings.Builder
		fs.SetOutput(&opts)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
		if opts.Len() > 0 {
			fmt.Fprintf(e.stdout, "\noptions:\n%s", opts.String())
		}
	}
	return fs
}

// parse parses args with fs, allowing flags after positional arguments too, and maps errors to
// the CLI's exit codes.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	// flag calls Usage on every parse error too; the help goes to stdout only when asked for,
	// and a mistake gets the one-line usage on stderr (from run) instead.
	help := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = help }()
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				help()
				return nil, flag.ErrHelp
			}
			msg := err.Error()
			if strings.HasPrefix(msg, "flag provided but not defined") {
				// A value or pattern may start with a dash: "-n *", "-rf".
				msg += "; an argument that starts with - goes after --"
			}
			return nil, usageError{msg}
		}
		// flag consumes a "--" and stops there: everything after it is an argument, even
		// when it looks like a flag (a value such as --version, a pattern such as "-n *").
		if n := len(args) - len(fs.Args()); n > 0 && args[n-1] == "--" {
			return append(rest, fs.Args()...), nil
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}
