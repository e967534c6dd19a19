package shell

import (
	"fmt"
	"strings"
)

// Unit is one simple command a call would run.
type Unit struct {
	// Text is what rules match: the command's words after quote removal,
	// joined by one space. Leading VAR=value assignments are dropped and
	// redirections are left out. A word holding an expansion keeps its
	// source form ($HOME, $(cmd)).
	Text string
	// Base is Text with the command name cut to its base name when the
	// command is named by a path (/bin/rm x gives rm x); "" otherwise.
	// The engine takes the more restrictive decision of the two.
	Base string
	// AskReason is non-empty when the unit must be at least ask whatever
	// the rules say, because what it runs cannot be known from the text. It
	// says why in a sentence.
	AskReason string
	// Suggestion is the pattern an "always" approval would store for this
	// unit; see [Suggest].
	Suggestion string
	// Key is the permission key the unit is decided under: "" for the
	// shell key of the call, [EditKey] for a file the command writes
	// (a redirection, tee FILE, cp's target), [ReadKey] for a file it
	// reads with <. Text is then the path as written.
	Key string
	// Needs lists, separated by spaces, what a rule must name to allow
	// the unit: the unit runs code given in its arguments or environment
	// (python -c, git --ext-diff, GIT_PAGER=), so a rule that allows it by
	// a wildcard alone (`*`, `git diff *`) is no consent. See [Names].
	Needs string
	// Full is Text with the assignments before the command that change
	// what it runs (GIT_PAGER=x git log); "" when there are none. The
	// engine decides both forms; only a rule matching Full can allow.
	Full string
	// Unknown lists, separated by spaces, the options of a program with an
	// option table that the table does not know (go test --weird), each up
	// to '='. A rule that allows the unit by naming the program and a
	// wildcard (`go test *`) is no consent to them; a catch-all `*` is
	// (docs/shell.md, "Closed allow-lists").
	Unknown string
	// Plain is Text without the global options before the subcommand of
	// a program that has subcommands (git -C DIR push origin gives git
	// push origin); "" when there are none. The engine decides it too and
	// takes the more restrictive answer.
	Plain string
	// Mentions is the text in which the engine looks for the programs and
	// paths its rules deny or ask about (the closed world, docs/shell.md):
	// the arguments, the values of the assignments before the command and
	// the text a here-document or here-string feeds it, without the parts
	// known to be inert (echo to a pipe, grep patterns, commit messages,
	// man and which) or analysed as commands of their own. Empty for file
	// units.
	Mentions string
	// Dir is the directory the command runs in when the command moved
	// before it (cd src && ..., env -C src ...), as written; "" when it
	// did not move. DirUnknown is true when it moved to a directory only
	// known at run time (cd "$D", find -execdir): a relative path is then
	// anywhere.
	Dir        string
	DirUnknown bool
	// Reads is true when the command is a known reader of its operands
	// (cat, head, base64, diff ...): a protected path among them is decided
	// by the read rules instead of asking.
	Reads bool
	// Into is true for an edit unit whose Text is a folder the command
	// writes files into, of names the text does not show (tar -x -C DIR):
	// the engine decides it as any file under the folder.
	Into bool
	// Below lists, one a line, the folders below which the command runs
	// another command on every file it finds (find DIR -exec CMD): CMD
	// may read any of them, so a protected read below one asks.
	Below string
	// Looks is true when the command only looks at its operands' names or
	// metadata (ls, du, stat, test): a protected path among them is no
	// read and no write.
	Looks bool
	// Args are the command's words after its name, each after quote
	// removal (an expansion in its source form), in order; nil for file
	// units. The engine finds in them the file arguments the path and
	// external_directory rules hold for (see [PathArg]).
	Args []string
	// Late is true for an edit unit whose path is only known at run time
	// (> "$F"): its AskReason says so. The engine lets it through when no
	// edit rule protects any path, since then no value could be refused.
	Late bool
	// UnknownSub is the subcommand of a program with a closed list of
	// subcommands (git) when it is none of them: an alias from a
	// configuration file or an external program, which runs what the text
	// does not show. Only a rule that names it allows the unit.
	UnknownSub string
	// Does lists what the command does to resources beyond running itself,
	// as the effect table finds it (effects.go): the files it deletes, the
	// modes and owners it changes, the privilege it raises, the hosts it
	// reaches, the refs it publishes. See [Unit.Effects] for the whole model.
	Does []Does
}

// Effects is the unit reduced to what it does to resources: Does, plus
// reads or writes for a file unit and runs for a unit that runs code given
// in its arguments or environment, or something the text does not show.
func (u Unit) Effects() []Does {
	out := append([]Does(nil), u.Does...)
	switch u.Key {
	case EditKey:
		out = append(out, Does{Effect: Writes, Via: "a file the command writes", Targets: []string{u.Text}})
	case ReadKey:
		out = append(out, Does{Effect: Reads, Via: "a file the command reads", Targets: []string{u.Text}})
	}
	if u.Key == "" && (u.Needs != "" || u.AskReason != "") {
		out = append(out, Does{Effect: Runs, Via: strings.TrimSpace(u.Needs)})
	}
	return out
}

// Permission keys of units that are not shell commands.
const (
	EditKey = "edit"
	ReadKey = "read"
)

// Names reports whether a rule pattern names every token of needs: each
// must start a word of the pattern (or follow a '/' in it) and end there,
// at '=' or at a wildcard. So `python *` names python, `git diff
// --output=*` names --output, `GIT_PAGER=less git log *` names GIT_PAGER=;
// `*` and `git diff *` name nothing of the kind.
func Names(pattern, needs string) bool {
	for tok := range strings.FieldsSeq(needs) {
		if !namesToken(pattern, tok) {
			return false
		}
	}
	return true
}

func namesToken(pattern, tok string) bool {
	after := " =*?"
	if strings.HasSuffix(tok, "=") {
		after = anyByte // NAME= ends at its own '='
	}
	return standsIn(pattern, tok, " /", after)
}

// anyByte, as standsIn's after, lets any byte follow the token.
const anyByte = ""

// standsIn reports whether tok stands in s as a whole: somewhere in s it
// follows the start or a byte of before, and is followed by the end or a
// byte of after (by anything, when after is anyByte).
func standsIn(s, tok, before, after string) bool {
	for from := 0; ; {
		i := strings.Index(s[from:], tok)
		if i < 0 {
			return false
		}
		i += from
		from = i + 1
		if i > 0 && strings.IndexByte(before, s[i-1]) < 0 {
			continue
		}
		if end := i + len(tok); end == len(s) || after == anyByte || strings.IndexByte(after, s[end]) >= 0 {
			return true
		}
	}
}

// Limits that keep the work bounded on hostile input. Reaching one makes
// the affected unit ask instead of guessing.
const (
	// maxInput is the longest command analysed; longer ones are asked.
	maxInput = 256 << 10
	// maxNesting bounds bracket nesting, which the parser follows by
	// recursion. It is checked on every script parsed, since a script
	// handed to eval can be decoded from escapes ($'\x28').
	maxNesting = 512
	// maxScriptDepth bounds scripts handed to scripts (sh -c 'eval ...').
	maxScriptDepth = 8
	// maxWrapperDepth bounds wrappers inside wrappers (sudo env nice ...).
	maxWrapperDepth = 16
)

// Analyze returns every unit of cmd, in source order, each command before
// the commands it wraps or holds in substitutions. It never returns an
// empty slice: a command with nothing to run (blank, comments only,
// assignments only) gives one unit whose Text is "". A command that does not
// parse gives, first, one unit whose Text is the trimmed input and whose
// AskReason names the parse error; then the units of the complete
// statements before the error, which bash runs before it finds the error.
func Analyze(cmd string) []Unit {
	if len(cmd) > maxInput {
		return []Unit{askUnit(cmd, fmt.Sprintf("the command is %d bytes long; commands over %d bytes are not analysed", len(cmd), maxInput))}
	}
	return analyze(cmd)
}

// internalError starts the AskReason of a call whose analysis failed.
const internalError = "the command could not be analysed"

func analyze(cmd string) (units []Unit) {
	// The analysis must fail closed, even on a bug here or in the parser:
	// a panic becomes a unit that asks.
	defer func() {
		if r := recover(); r != nil {
			units = []Unit{askUnit(cmd, fmt.Sprintf("%s (internal error: %v)", internalError, r))}
		}
	}()
	var a analyzer
	a.script(cmd, 0, "the command")
	if len(a.units) == 0 {
		return []Unit{{}}
	}
	return a.units
}

// askUnit is the single unit of a command that could not be analysed.
func askUnit(cmd, reason string) Unit {
	text := strings.TrimSpace(cmd)
	return Unit{Text: text, AskReason: reason, Suggestion: Suggest(text)}
}

// bracketNesting returns how deep brackets nest in s, counting every
// bracket, quoted or not. It over-counts only on text with unbalanced
// brackets in quotes, where asking is the safe side.
func bracketNesting(s string) int {
	depth, deepest := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '{', '[':
			depth++
			deepest = max(deepest, depth)
		case ')', '}', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return deepest
}

// newUnit makes the unit of a simple command from its words (there is at
// least one).
func newUnit(words []word) Unit {
	text := joinTexts(words)
	u := Unit{Text: text, Suggestion: Suggest(text)}
	name := words[0]
	if !name.literal {
		u.AskReason = fmt.Sprintf("the command name %q is only known when the command runs", name.text)
	}
	if i := strings.LastIndexByte(name.text, '/'); i+1 < len(name.text) {
		tail := name.text[i+1:]
		// A tail cut from inside an expansion ($(dirname x)/rm, {/bin/rm,x})
		// is no command name; only offer the base name when it is plain.
		if base := baseName(tail); (i >= 0 || base != tail) && (name.literal || !strings.ContainsAny(tail, "$`(){}*?[]")) {
			u.Base = base + text[len(name.text):]
		}
	}
	return u
}

// baseName returns the last element of a slash-separated command name, without a .exe
// suffix: under Windows (Git Bash, MSYS, WSL's interop) rm.exe and powershell.exe are the
// programs rm and powershell, whatever the letter case (RM.EXE).
func baseName(name string) string {
	name = name[strings.LastIndexByte(name, '/')+1:]
	if n := len(name) - len(".exe"); n > 0 && strings.EqualFold(name[n:], ".exe") {
		return strings.ToLower(name[:n])
	}
	return name
}
