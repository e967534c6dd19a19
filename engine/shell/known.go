package shell

import "strings"

// Allow-lists are closed: a rule such as `go test *` allows what go test does
// with the options the engine knows for it; an option outside that table may
// run code, load a configuration or write a file the rule's author never
// thought of, so it needs a rule that names it (Unit.Unknown). Files the known
// options write (go build -o FILE) become edit units, decided by the edit
// rules. A program without a table is taken as its rule says: the rule is its
// table (docs/shell.md, "Closed allow-lists").

// optionTable lists the options of one program or subcommand.
type optionTable struct {
	flags  string // short options without a value
	values string // short options with a value (-n 5, -n5)
	// long lists long options: "name" is a flag, "name=" takes a value
	// (--name=v or --name v), "name=?" takes an optional attached value.
	long []string
	// writes are options whose value is a file the program writes.
	writes []string
	// single is true when long options take one dash as well (go -run X).
	single bool
	// any is true when every option is accepted: the program has more than
	// a table can follow and none of them runs code (go vet's analyzers).
	any bool
	// stopAt is an option after which the words are no longer the
	// program's (go test -args).
	stopAt string
	// numeric accepts -N (head -20).
	numeric bool
	// attached are short options whose value, optional, must be attached
	// (sed -i.bak).
	attached string
	// execs are options followed by a command up to ";" or "+" (find
	// -exec), which the wrapper analysis looks through.
	execs []string
	// assigns says that NAME=value operands set variables the program
	// reads (make), checked against the catalogue of variables.
	assigns bool
	// subs are the tables of subcommands, by name; a subcommand without
	// one is taken as its rule says.
	subs map[string]*optionTable
	// subSkip are the options before the subcommand that take a value.
	subSkip string
	// extra finds, beyond the table, options that are unknown in this use
	// (make -C outside the project) and files written (go test -args
	// -test.trace=FILE); nil for most tables.
	extra func(args []word) (unknown []string, writes []word)
}

// knownOptions checks the arguments of an allowed program against its table:
// it returns the options it does not know (joined by spaces, each as written up
// to '=') and the files the known options write.
func knownOptions(name string, args []word) (unknown, needs string, writes []word) {
	t := optionTables[name]
	if interpreterName(name) == "python" || interpreterName(name) == "python3" {
		// python -m pytest ARGS: the module's options.
		if len(args) >= 2 && args[0].text == "-m" && (args[1].text == "pytest" || args[1].text == "py.test") {
			return pytestTool.check(args[2:])
		}
		return "", "", nil
	}
	if t == nil {
		return "", "", nil
	}
	if t.subs != nil {
		i := 0
		var u []string
		for i < len(args) && strings.HasPrefix(args[i].text, "-") && args[i].text != "-" {
			tok := args[i].text
			if !t.knows(tok) {
				u = append(u, optionName(tok))
			} else if t.takesValue(tok) && !strings.Contains(tok, "=") {
				i++
			}
			i++
		}
		unknown = strings.Join(u, " ")
		if i >= len(args) {
			return unknown, "", nil
		}
		sub := t.subs[args[i].text]
		if sub == nil {
			return unknown, "", nil
		}
		more, needs, w := sub.check(args[i+1:])
		return joinNeeds(unknown, more), needs, w
	}
	return t.check(args)
}

// check reads args against the table: the options it does not know, the
// variables set by operands that change what the program runs (make CC=x,
// which a rule must name as it names CC= before a command), and the files
// the known options write.
func (t *optionTable) check(args []word) (string, string, []word) {
	s := optionScan{t: t, args: args}
	if t.extra != nil {
		s.unknown, s.writes = t.extra(args)
	}
	for ; s.i < len(args); s.i++ {
		tok := args[s.i].text
		if tok == "--" || t.stopAt != "" && (tok == t.stopAt || tok == "-"+t.stopAt) {
			break
		}
		s.word()
	}
	return strings.Join(s.unknown, " "), strings.Join(s.needs, " "), s.writes
}

// optionScan is one reading of a program's arguments against its table: i is the argument
// being read, and the rest what check reports.
type optionScan struct {
	t       *optionTable
	args    []word
	i       int
	unknown []string
	needs   []string
	writes  []word
}

// word reads the argument at i, and those after it that belong to it (an option's value, an
// -exec's command).
func (s *optionScan) word() {
	t, w := s.t, s.args[s.i]
	tok := w.text
	switch {
	case t.isExec(tok):
		for s.i+1 < len(s.args) && s.args[s.i+1].text != ";" && s.args[s.i+1].text != "+" {
			s.i++
		}
	case t.assigns && isAssignment(w) && !strings.HasPrefix(tok, "-"):
		if n := assignName(tok); riskyVar(n) || makeVars[n] {
			s.needs = append(s.needs, n+"=")
		}
	case len(tok) >= 2 && tok[0] == '-':
		s.option(w)
	}
}

// option reads the option at i: one the table takes whatever it is (numeric, or any), one
// only known when the command runs (unknown), a long one or a cluster of short ones.
func (s *optionScan) option(w word) {
	tok := w.text
	switch {
	case s.t.numeric && isNumericOption(tok):
	case !w.literal && !strings.Contains(tok, "="):
		s.unknown = append(s.unknown, tok)
	case s.t.any:
	case strings.HasPrefix(tok, "--") || s.t.single:
		s.longOption(w)
	default:
		s.shortOptions(tok)
	}
}

// longOption reads a long option (--name, --name=v, --name v) at i.
func (s *optionScan) longOption(w word) {
	name, value, hasValue := strings.Cut(w.text, "=")
	n := strings.TrimLeft(name, "-")
	kind, ok := s.t.longKind(n)
	if !ok {
		s.unknown = append(s.unknown, name)
		return
	}
	if kind == "=" && !hasValue && s.i+1 < len(s.args) {
		s.i++
		value, hasValue = s.args[s.i].text, true
	}
	if hasValue && s.t.writesFile(n) {
		s.writes = append(s.writes, word{text: value, literal: w.literal && (s.i == 0 || s.args[s.i].literal)})
	}
}

// shortOptions reads a cluster of short options at i: -la, -n5, -n 5.
func (s *optionScan) shortOptions(tok string) {
	t := s.t
	for j := 1; j < len(tok); j++ {
		c := tok[j]
		switch {
		case strings.IndexByte(t.values, c) >= 0:
			v := tok[j+1:]
			if v == "" && s.i+1 < len(s.args) {
				s.i++
				v = s.args[s.i].text
			}
			if t.writesFile(string(c)) {
				s.writes = append(s.writes, word{text: v, literal: true})
			}
			return
		case strings.IndexByte(t.attached, c) >= 0:
			return
		case strings.IndexByte(t.flags, c) >= 0:
		default:
			s.unknown = append(s.unknown, tok[:1]+string(c))
			return
		}
	}
}

// longKind returns how a long option takes its value ("", "=" or "=?") and
// whether the table knows it. Unlike getopt, no prefix is accepted: an
// abbreviation asks, since which option it stands for depends on the version.
func (t *optionTable) longKind(n string) (string, bool) {
	for _, l := range t.long {
		name, kind, _ := strings.Cut(l, "=")
		if name == n {
			if strings.Contains(l, "=") {
				return "=" + kind, true
			}
			return "", true
		}
	}
	return "", false
}

func (t *optionTable) isExec(tok string) bool {
	for _, e := range t.execs {
		if tok == e {
			return true
		}
	}
	return false
}

func (t *optionTable) writesFile(n string) bool {
	for _, w := range t.writes {
		if w == n {
			return true
		}
	}
	return false
}

// knows reports whether a global option before a subcommand is in the table.
func (t *optionTable) knows(tok string) bool {
	name, _, _ := strings.Cut(tok, "=")
	if strings.HasPrefix(name, "--") {
		_, ok := t.longKind(name[2:])
		return ok
	}
	for _, c := range name[1:] {
		if !strings.ContainsRune(t.flags+t.values+t.subSkip, c) {
			return false
		}
	}
	return true
}

func (t *optionTable) takesValue(tok string) bool {
	if strings.HasPrefix(tok, "--") {
		k, _ := t.longKind(tok[2:])
		return k == "="
	}
	return len(tok) == 2 && strings.IndexByte(t.values+t.subSkip, tok[1]) >= 0
}

// optionName is an option as a rule names it: up to '='.
func optionName(tok string) string {
	n, _, _ := strings.Cut(tok, "=")
	return n
}

// makeVars are make's own variables that change what it runs or reads.
var makeVars = map[string]bool{
	"SHELL": true, ".SHELLFLAGS": true, "MAKESHELL": true, "MAKEFILES": true, "MAKEFLAGS": true,
	"GNUMAKEFLAGS": true, "MFLAGS": true, "MAKE": true, ".DEFAULT_GOAL": true,
}
