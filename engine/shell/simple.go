package shell

import (
	"fmt"
	"strings"
)

// lookThrough is what a wrapper runs, as its handler found it.
type lookThrough struct {
	// commands are the commands the wrapper runs, each as its words: one
	// for most wrappers, one per action for find.
	commands [][]word
	// detach is true when the commands do not read the wrapper's standard input
	// (xargs feeds its input to the command line, not to the command).
	detach bool
	// scripts are shell scripts the wrapper runs (sh -c, eval, watch).
	scripts []script
	// readsStdin names a shell the wrapper runs on its standard input as
	// a script (bash with no script, sudo -s with no command); "" if none.
	readsStdin string
	// ask says why the wrapper itself must be asked about, if it must.
	ask string
	// env are the NAME=value operands the wrapper sets for the commands it
	// runs (env X=1 cmd, sudo X=1 cmd).
	env []word
	// edits are files the wrapper writes as it runs (sudo -e FILE).
	edits []word
	// chdir is the directory the commands run in when the wrapper moves
	// there first (env -C DIR); chdirUnknown is true when that directory
	// is only known at run time (find -execdir: each file's directory).
	chdir        *word
	chdirUnknown bool
}

// script is a shell script handed to a wrapper.
type script struct {
	text    string // the script, in its visible form when not literal
	literal bool   // text is exactly what will run
	what    string // names the script in messages: "the script given to sh -c"
}

// handler finds what a wrapper named name runs, given its arguments and
// its standard input.
type handler func(name string, args []word, in stdin) lookThrough

// simple adds the unit of a simple command given by its words (at least
// one), then the units of whatever it wraps. env are the assignments that
// come before it (FOO=1 cmd, env FOO=1 cmd); level counts the wrappers
// around it.
func (a *analyzer) simple(src *source, words, env []word, in stdin, level int) {
	words = fromEnvironment(src, words)
	at := len(a.units)
	a.units = append(a.units, a.commandUnit(words, env))
	if !words[0].literal {
		a.units[at].Mentions = mentionsOf(a.units[at].Text, words, env, in, nil)
		return
	}
	name := baseName(words[0].text)
	args := words[1:]
	a.annotate(src, at, name, args)
	h := handlers[name]
	if h == nil {
		a.units[at].Mentions = mentionsOf(a.units[at].Text, words, env, in, nil)
		return
	}
	lt := h(name, args, in)
	if lt.ask == "" {
		lt.ask = splitBeforeCommand(name, args, lt.commands, lt.scripts)
	}
	a.units[at].Mentions = mentionsOf(a.units[at].Text, words, env, in, &lt)
	a.wrapped(src, at, lt, env, in, level)
}

// splitBeforeCommand says why the command a wrapper runs is not certain when a word the
// wrapper reads before it (a duration, an option's value) holds an unquoted expansion: the
// shell may split it into several words, and then another word is the command (X="1 rm x";
// timeout $X true runs rm; N="1 rm x"; watch -n $N true too). "" when no word does. A command
// that is not the tail of the wrapper's words (one the handler made) is not looked at, nor a
// script that does not start with one of its words.
func splitBeforeCommand(name string, args []word, commands [][]word, scripts []script) string {
	var starts []int
	for _, c := range commands {
		if n := len(args) - len(c); len(c) > 0 && n >= 0 && &args[len(args)-1] == &c[len(c)-1] {
			starts = append(starts, n)
		}
	}
	for _, s := range scripts {
		for i, w := range args {
			if w.text != "" && w.text[0] != '-' && strings.HasPrefix(s.text, w.text) {
				starts = append(starts, i)
				break
			}
		}
	}
	for _, n := range starts {
		for _, w := range args[:n] {
			if w.split && !w.literal {
				return fmt.Sprintf("%s reads %s before the command it runs, and the shell may split it into several words, so the command is only known when it runs", name, w.text)
			}
		}
	}
	return ""
}

// splitWord is the first of words that holds an unquoted expansion the shell may split into
// several words; "" when none does.
func splitWord(words []word) string {
	for _, w := range words {
		if w.split && !w.literal {
			return w.text
		}
	}
	return ""
}

// commandUnit is the unit of a simple command of words, with env the assignments before it:
// its text, arguments, the form without global options, and what the risky assignments need.
func (a *analyzer) commandUnit(words, env []word) Unit {
	u := newUnit(words)
	u.Dir, u.DirUnknown = a.dir, a.dirUnknown
	for _, w := range words[1:] {
		u.Args = append(u.Args, w.text)
	}
	if plain := withoutGlobalOptions(words); plain != nil {
		u.Plain = joinTexts(plain)
	}
	if risky, needs := envNeeds(env); len(risky) > 0 {
		u.Full = joinTexts(risky) + " " + u.Text
		u.Needs = strings.Join(needs, " ")
		for _, r := range risky {
			if why := stateVar(assignName(r.text)); why != "" && u.AskReason == "" {
				u.AskReason = why
			}
		}
	}
	return u
}

// annotate adds to the unit at index at of program name what the catalogues say of it: how it
// treats its operands, its effects, what its code options and variables need, the files and
// folders it writes and reads, and where it moves.
func (a *analyzer) annotate(src *source, at int, name string, args []word) {
	a.units[at].Reads = operandReaders[name]
	a.units[at].Looks = lookers[name]
	a.units[at].Does = effectsOf(name, args)
	if name == "git" {
		a.units[at].UnknownSub = gitUnknownSub(args)
		// A global option's value the shell may split can bring options of its own
		// (D=". -c alias.status=!prog"; git -C $D status runs prog).
		sub, _ := gitSubcommandAt(args)
		if w := splitWord(args[:min(sub+1, len(args))]); w != "" {
			a.ask(at, fmt.Sprintf("git has %s before its subcommand, which the shell may split into options of its own (-c runs code), so what it runs is only known when it runs", w))
		}
	}
	a.checkBuiltinSubscripts(src, name, args)
	if readers[name] || name == "export" {
		// read GIT_PAGER, printf -v LD_PRELOAD ...: the variable is assigned from input.
		for _, w := range args {
			if n := strings.TrimPrefix(w.text, "-v"); riskyVar(n) || stateVar(n) != "" {
				a.units[at].Needs = joinNeeds(a.units[at].Needs, n+"=")
			}
		}
	}
	if needs := codeNeeds(name, args); needs != "" {
		a.units[at].Needs = joinNeeds(a.units[at].Needs, needs)
	}
	if fw := fileWriters[name]; fw != nil {
		a.files(EditKey, fw(args))
	}
	if unknown, needs, writes := knownOptions(name, args); unknown != "" || needs != "" || len(writes) > 0 {
		a.units[at].Unknown = unknown
		a.units[at].Needs = joinNeeds(a.units[at].Needs, needs)
		a.files(EditKey, writes)
	}
	a.folderUnits(at, name, args)
	a.recursiveUnits(at, name, args)
	a.fedByPipe(at, name, args)
	a.defaultUnits(name, args)
	a.moves(name, args)
}

// wrapped adds the units of what the wrapper whose unit is at index at runs, as its handler
// found it (lt): the commands, in the folder it moves to, with the variables it sets, and the
// scripts it runs.
func (a *analyzer) wrapped(src *source, at int, lt lookThrough, env []word, in stdin, level int) {
	if lt.ask != "" {
		a.ask(at, lt.ask)
	}
	a.files(EditKey, lt.edits)
	if len(lt.commands) > 0 && level+1 >= maxWrapperDepth {
		a.ask(at, fmt.Sprintf("wrappers nest more than %d deep; the command inside is not analysed", maxWrapperDepth))
		lt.commands = nil
	}
	innerIn := in
	if lt.detach {
		innerIn = stdin{toFile: in.toFile}
	}
	innerEnv := env
	if len(lt.env) > 0 {
		innerEnv = append(append([]word(nil), env...), lt.env...)
	}
	saved, savedUnknown := a.dir, a.dirUnknown
	if lt.chdir != nil {
		a.moveTo(*lt.chdir)
	}
	if lt.chdirUnknown {
		a.dirUnknown = true
	}
	for _, c := range lt.commands {
		a.simple(src, c, innerEnv, innerIn, level+1)
	}
	if lt.readsStdin != "" {
		if in.given {
			lt.scripts = append(lt.scripts, script{text: in.script, literal: in.literal, what: "the script fed to " + lt.readsStdin})
		} else {
			a.ask(at, lt.readsStdin+" runs the commands it reads on standard input, which the command text does not show")
		}
	}
	for _, s := range lt.scripts {
		a.run(src, at, s)
	}
	a.dir, a.dirUnknown = saved, savedUnknown
}

// files adds a unit under key for each file in ws.
func (a *analyzer) files(key string, ws []word) {
	for _, w := range ws {
		a.file(key, w, nil)
	}
}

// joinNeeds adds the tokens of more to needs, each once.
func joinNeeds(needs, more string) string {
	for tok := range strings.FieldsSeq(more) {
		if !strings.Contains(" "+needs+" ", " "+tok+" ") {
			needs = strings.TrimSpace(needs + " " + tok)
		}
	}
	return needs
}

// run analyses a script handed to the wrapper whose unit is at index at.
func (a *analyzer) run(src *source, at int, s script) {
	if src.depth+1 > maxScriptDepth {
		a.ask(at, fmt.Sprintf("scripts nest more than %d deep; %s is not analysed", maxScriptDepth, s.what))
		return
	}
	// A script runs in a shell of its own: a cd there does not move the
	// commands after it.
	saved, savedUnknown := a.dir, a.dirUnknown
	defer func() { a.dir, a.dirUnknown = saved, savedUnknown }()
	if s.literal {
		a.script(s.text, src.depth+1, s.what)
		return
	}
	a.ask(at, s.what+" is only known when the command runs")
	a.bestEffort(s.text, src.depth+1)
}

// ask sets the AskReason of the unit at index at, keeping the first reason
// given.
func (a *analyzer) ask(at int, reason string) {
	if a.units[at].AskReason == "" {
		a.units[at].AskReason = reason
	}
}
