package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// In arithmetic bash evaluates the text a command substitution prints, and the value of a
// variable assigned one, as an expression: output like a[$(cmd)] runs cmd. A few programs,
// given exactly the argument shapes below, can only print numbers (and the blanks and
// separators between them), which compute and never name a variable or run anything:
//
//   - date [-u|--utc|--universal] [-d|--date TEXT] [-r|--reference FILE] +FORMAT, FORMAT only
//     numeric conversions (%s %Y %m %d %H %M %S ...) and the separators - : . / , + and blank;
//   - wc -l, -c, -w, -m, -L (long forms too) with no operand: with a file operand it prints
//     the file's name;
//   - grep -c with the pattern as its only operand (or -e) and only the options that
//     change what matches: -H, -r and the like print file names;
//   - nproc [--all] [--ignore=N]; id -u, id -g [-r], without -n (which prints names);
//   - git rev-list --count with revisions and a few selecting options;
//   - gh pr|issue|run|release|repo|workflow|label|cache list|view ... --jq length, with only
//     options that take a value (gh runs its own jq, which loads no module; a gh alias cannot
//     stand for a built-in command).
//
// jq itself is not one: it sources ~/.jq, which can redefine length. Each word must be
// literal, the command plain (no assignment before it, no redirection but of its input and
// of its errors to /dev/null), and the program the one its name says: the script defines no
// function of that name, changes no search path, and runs nothing that could (eval, source,
// alias, hash, enable, a command named by a variable), and it is not a script handed to
// another shell, whose caller could have exported a function.

// intPrinters are the programs that print only numbers when their arguments pass the check.
var intPrinters = map[string]func(args []word) bool{
	"date":  dateInts,
	"wc":    wcInts,
	"grep":  grepCount,
	"nproc": nprocInts,
	"id":    idInts,
	"git":   gitCount,
	"gh":    ghLength,
}

// intOutput reports whether the command substitution cs can only print numbers.
func (src *source) intOutput(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	s := cs.Stmts[0]
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(c.Args) == 0 || s.Negated || s.Background || s.Coprocess || !quietRedirects(src.text, s.Redirs) {
		return false
	}
	args := make([]word, len(c.Args))
	for i, w := range c.Args {
		if !oneField(src.text, w) {
			return false
		}
		args[i] = renderWord(src.text, w)
	}
	check := intPrinters[args[0].text]
	return args[0].literal && check != nil && check(args[1:]) && src.programsAsNamed(args[0].text)
}

// oneField reports whether w expands to exactly one word: literal text without a glob or a
// brace, quoted text, and expansions only inside double quotes. Its value may be unknown; the
// checks below accept that only for the value of an option, which the program takes as it
// comes, never for a word that could be an option.
func oneField(text string, w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if !renderWord(text, &syntax.Word{Parts: []syntax.WordPart{p}}).literal {
				return false
			}
		case *syntax.SglQuoted, *syntax.DblQuoted:
		default:
			return false
		}
	}
	return len(w.Parts) > 0
}

// literalArgs returns the texts of args when every one is literal.
func literalArgs(args []word) ([]string, bool) {
	if !allLiteral(args) {
		return nil, false
	}
	return texts(args), true
}

// quietRedirects reports whether redirs only feed the command's input or send its errors to
// /dev/null, so that what it prints is all the substitution gets.
func quietRedirects(text string, redirs []*syntax.Redirect) bool {
	for _, r := range redirs {
		switch {
		case r.N == nil && (r.Op == syntax.RdrIn || r.Op == syntax.WordHdoc):
		case r.N != nil && r.N.Value == "2" && r.Op == syntax.RdrOut && r.Word != nil && r.Word.Lit() == "/dev/null":
		default:
			return false
		}
	}
	return true
}

// nameChangers are commands after which a program name may run something else: a function
// defined by code the text does not show, a hashed path, an alias, a loaded builtin.
var nameChangers = []string{"eval", "source", ".", "alias", "hash", "enable", "trap", "builtin", "command"}

// programsAsNamed reports whether, in src, the program name runs the program of that name:
// the script defines no function name, assigns no search path, names every variable it sets
// in plain words (scriptSetsOnlyByName) and runs nothing that could change what a name runs,
// not even under another spelling (e\val, $cmd). A script handed to another shell is never
// sure: its caller could have exported a function.
func (src *source) programsAsNamed(name string) bool {
	if src.depth > 0 || !scriptSetsOnlyByName(src) {
		return false
	}
	for _, w := range []string{"PATH", "BASH_CMDS", "BASH_ALIASES", "GREP_OPTIONS", "eval", "source", "alias", "hash", "enable", "trap", "builtin", "command"} {
		if wholeWordIn(src.text, w) {
			return false
		}
	}
	ok := true
	for _, s := range src.stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl:
				ok = ok && n.Name.Value != name
			case *syntax.CallExpr:
				if len(n.Args) > 0 {
					r := renderWord(src.text, n.Args[0])
					ok = ok && r.literal && !slices.Contains(nameChangers, r.text)
				}
			}
			return ok
		})
	}
	return ok
}

// wholeWordIn reports whether text holds name with no identifier character either side.
func wholeWordIn(text, name string) bool {
	return nameFollowedBy(text, name, func(rest string) bool { return rest == "" || !identChar(rest[0]) })
}

// dateConversions are the conversions of date's format that print a number.
const dateConversions = "sYymdHMSjuwCGgVUWIkleN"

// dateOptions are the options of date that change only which time it prints.
var dateOptions = optionSet{flags: "u", args: "dr", longFlags: []string{"utc", "universal"}, longArgs: []string{"date", "reference"}, exactLong: true}

// dateInts checks date's arguments: a few options, then a format of numeric conversions as the
// only operand. A value of -d or -r may be only known at run time: date takes it as it comes.
func dateInts(args []word) bool {
	s, ok := printerOptions(args, &dateOptions, nil)
	if !ok || s.rest != len(args)-1 {
		return false
	}
	f := args[s.rest]
	return f.literal && strings.HasPrefix(f.text, "+") && numericFormat(f.text[1:])
}

// numericFormat reports whether a date format has only numeric conversions and separators.
func numericFormat(f string) bool {
	if f == "" {
		return false
	}
	for i := 0; i < len(f); i++ {
		switch c := f[i]; {
		case c == '%':
			if i+1 == len(f) || strings.IndexByte(dateConversions, f[i+1]) < 0 {
				return false
			}
			i++
		case c >= '0' && c <= '9' || strings.IndexByte("-:./,+ ", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// printerOptions reads the options at the front of a number printer's args with scanOptions,
// calling visit (when not nil) for each. ok is false when visit refuses one, or one is
// unknown, only known at run time, missing its value or a flag given one (--count=3): the
// program would fail, or read it another way than the set says.
func printerOptions(args []word, set *optionSet, visit func(option) bool) (s scan, ok bool) {
	ok = true
	s = scanOptions(args, set, func(o option) {
		flagValue := o.hasValue && slices.Contains(set.longFlags, o.name)
		ok = ok && !flagValue && (visit == nil || visit(o))
	})
	return s, ok && s.unknown == "" && s.nonLiteral == "" && s.missing == ""
}

// wcOptions are wc's counting options; --files0-from, which names files, is not one.
var wcOptions = optionSet{flags: "lcwmL", longFlags: []string{"lines", "bytes", "chars", "words", "max-line-length"}, exactLong: true}

// wcInts checks wc's arguments: counting options only, no operand.
func wcInts(args []word) bool {
	s, ok := printerOptions(args, &wcOptions, nil)
	return ok && s.rest == len(args)
}

// grepCountOptions are -c and the options of grep that only change what matches: -H, -r and
// the like print file names.
var grepCountOptions = optionSet{
	flags: "civwxEFGs",
	args:  "e",
	longFlags: []string{"count", "ignore-case", "invert-match", "word-regexp", "line-regexp",
		"extended-regexp", "fixed-strings", "basic-regexp", "no-messages"},
	longArgs:  []string{"regexp"},
	exactLong: true,
}

// grepCount checks grep's arguments: -c, options that only change what matches, and the
// pattern as the only operand (none with -e).
func grepCount(args []word) bool {
	count, patterns := false, 0
	s, ok := printerOptions(args, &grepCountOptions, func(o option) bool {
		switch o.name {
		case "c", "count":
			count = true
		case "e", "regexp":
			patterns++
		}
		return true
	})
	operands := args[s.rest:]
	// Before "--", a pattern only the run knows could be an option (-r): grep reads options
	// after its operands too.
	if !ok || !count || !s.dashDash && !allLiteral(operands) {
		return false
	}
	return patterns > 0 && len(operands) == 0 || patterns == 0 && len(operands) == 1
}

// nprocOptions are nproc's options.
var nprocOptions = optionSet{longFlags: []string{"all"}, longArgs: []string{"ignore"}, exactLong: true}

// nprocInts checks nproc's arguments: --all, --ignore with a number, no operand.
func nprocInts(args []word) bool {
	s, ok := printerOptions(args, &nprocOptions, func(o option) bool {
		return o.name != "ignore" || o.value.literal && isDigits(o.value.text)
	})
	return ok && s.rest == len(args)
}

// idOptions are the options of id that print numbers; -n, -G and the like are not.
var idOptions = optionSet{flags: "ugr", longFlags: []string{"user", "group", "real"}, exactLong: true}

// idInts checks id's arguments: -u or -g once, -r, nothing that prints names and no user
// operand.
func idInts(args []word) bool {
	which := 0
	s, ok := printerOptions(args, &idOptions, func(o option) bool {
		if o.name != "r" && o.name != "real" {
			which++
		}
		return true
	})
	return ok && s.rest == len(args) && which == 1
}

// gitCount checks git's arguments: rev-list --count with revisions and selecting options.
func gitCount(words []word) bool {
	args, ok := literalArgs(words)
	if !ok {
		return false
	}
	if len(args) < 2 || args[0] != "rev-list" {
		return false
	}
	count := false
	for _, a := range args[1:] {
		switch {
		case a == "--count":
			count = true
		case a == "--all" || a == "--no-merges" || a == "--merges" || a == "--first-parent" || a == "--left-right" ||
			a == "--left-only" || a == "--right-only" || a == "--cherry-pick" || a == "--branches" || a == "--tags" || a == "--remotes":
		case strings.HasPrefix(a, "-"):
			return false
		}
	}
	return count
}

// ghListers are the gh commands that, given --json and --jq, print only what jq makes of
// the JSON they fetched.
var ghListers = map[string]bool{"pr": true, "issue": true, "run": true, "release": true, "repo": true, "workflow": true, "label": true, "cache": true}

// ghValueFlags are the options of gh's list and view commands that take a value (the next
// word, or after =); any other option leaves the arguments unchecked. -w and -c are left out:
// a value in one command (run list --workflow), a switch in another (pr view --web, --comments).
var ghValueFlags = map[string]bool{
	"-R": true, "--repo": true, "-H": true, "--head": true, "-B": true, "--base": true, "-s": true, "--state": true,
	"--json": true, "-L": true, "--limit": true, "-l": true, "--label": true, "-A": true, "--author": true,
	"-S": true, "--search": true, "-a": true, "--assignee": true, "-b": true, "--branch": true, "--workflow": true,
	"-u": true, "--user": true, "-e": true, "--event": true, "--commit": true,
}

// ghLength checks gh's arguments: a list or view command of a gh group, options that take a
// value, and --jq length (or -q length), so the output is the length of the JSON gh fetched.
// gh runs its own jq, which loads no module, and a gh alias cannot stand for a built-in
// command.
func ghLength(args []word) bool {
	if len(args) < 4 || !args[0].literal || !args[1].literal || !ghListers[args[0].text] || args[1].text != "list" && args[1].text != "view" {
		return false
	}
	length := false
	for i := 2; i < len(args); i++ {
		a := args[i].text
		name, _, valued := strings.Cut(a, "=")
		switch {
		case ghValueFlags[name] && valued:
		case !args[i].literal:
			// A word only the run knows could be an option, unless it is an option's value.
			return false
		case a == "--jq=length" || (a == "--jq" || a == "-q") && i+1 < len(args) && args[i+1].literal && args[i+1].text == "length":
			length = true
			if !valued {
				i++
			}
		case !strings.HasPrefix(a, "-"):
		case ghValueFlags[a] && i+1 < len(args) && !strings.HasPrefix(args[i+1].text, "-"):
			// A value that looks like an option may be one, if the table's reading is wrong.
			i++
		default:
			return false
		}
	}
	return length
}

// isDigits reports whether s is one or more decimal digits.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
