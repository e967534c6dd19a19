package shell

import (
	"regexp"
	"strings"
)

// File arguments. A command's words that can name a file are decided by the path rules (the
// cross-cutting key pi-permission-system calls path) and, when they lead outside the project,
// by external_directory, whatever the command is: the shell key's rules say which commands may
// run, the path rules which files no command may touch (docs/rules.md, "Paths every tool
// names"). The shapes below are the ones pi-permission-system takes for paths, so that its
// users' rules hold for the same words.

// PathArg reports whether the argument word arg has the shape of a file argument: it starts
// with '.', holds a '/' or "..". Options, assignments (NAME=..., --opt=...), URLs, @names and
// regular expressions are not.
func PathArg(arg string) bool {
	if notPath(arg) {
		return false
	}
	return strings.HasPrefix(arg, ".") || strings.Contains(arg, "/") || strings.Contains(arg, "..")
}

// OutsideArg reports whether the argument word arg may name a path outside the working
// directory whatever directory the command runs in: an absolute path, one under the home
// directory (~/...), or one that climbs (..).
func OutsideArg(arg string) bool {
	if notPath(arg) {
		return false
	}
	return strings.HasPrefix(arg, "/") || strings.HasPrefix(arg, "~/") || strings.Contains(arg, "..")
}

// MaybePathArg reports whether arg can be a file argument at all: a bare name (.env, id_rsa) is
// one when a rule protects a path of that name.
func MaybePathArg(arg string) bool { return !notPath(arg) }

var (
	urlArg   = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*://`)
	regexArg = regexp.MustCompile(`\.\*|\.\+|\\\||\\\(|\\\)|\[.*?\]|\^/`)
)

// notPath reports whether arg is certainly no file argument.
func notPath(arg string) bool {
	if arg == "" || strings.HasPrefix(arg, "-") {
		return true
	}
	if eq := strings.IndexByte(arg, '='); eq >= 0 {
		if slash := strings.IndexByte(arg, '/'); slash < 0 || eq < slash {
			return true
		}
	}
	if urlArg.MatchString(arg) || strings.HasPrefix(arg, "@") && !strings.HasPrefix(arg, "@/") {
		return true
	}
	return regexArg.MatchString(arg)
}

// floorWrappers are the commands that run another command given in their arguments, which a
// wrapper floor keeps at least at ask (docs/rules.md, "The wrapper floor"); the list is
// pi-permission-system's.
var floorWrappers = map[string]bool{
	"sudo": true, "env": true, "xargs": true, "time": true, "nohup": true, "timeout": true, "nice": true,
	"parallel": true, "rust-parallel": true, "rush": true, "doas": true, "setsid": true, "stdbuf": true,
	"watch": true, "flock": true, "eval": true,
}

// execOptions are the options by which a command that is otherwise no wrapper runs another one.
var execOptions = map[string][]string{
	"find": {"-exec", "-execdir", "-ok", "-okdir"},
	"fd":   {"-x", "--exec", "-X", "--exec-batch"},
}

// shellNames are the shells whose -c runs a script given as an argument.
var shellNames = map[string]bool{"bash": true, "sh": true, "dash": true, "zsh": true, "ksh": true}

// FloorWrapper names the wrapper the command unit u is, as a wrapper floor's rules match it:
// the command's base name (sudo, env, eval ...), "find -exec" and the like for a command run by
// an option, "bash -c" for a shell given a script; "" when u runs no other command this way.
func FloorWrapper(u Unit) string {
	if u.Key != "" {
		return ""
	}
	fields := strings.Fields(u.Text)
	if len(fields) == 0 {
		return ""
	}
	name := baseName(fields[0])
	if floorWrappers[name] {
		return name
	}
	if opts := execOptions[name]; opts != nil {
		for _, a := range u.Args {
			for _, o := range opts {
				if a == o {
					return name + " " + o
				}
			}
		}
	}
	if shellNames[name] {
		for _, a := range u.Args {
			if a == "--" {
				break
			}
			if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "c") {
				return name + " -c"
			}
		}
	}
	return ""
}
