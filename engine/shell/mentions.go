package shell

import "strings"

// The closed world: a program the rules deny or ask about, or a path they
// protect, may be run or opened by a program the analysis does not know
// (poetry run rm, socat EXEC:rm, python3 -c "os.system('rm x')"). So the
// engine looks for such names in everything a command is given, not only in
// the commands the analysis found. A unit's Mentions is that text: its
// arguments, the values of the assignments before it, and what a here-document
// or here-string feeds it, with the parts left out that the analysis knows to
// be inert (see inertMentions) or has analysed as commands of their own.

// mentionFree are programs whose arguments are never run nor opened as
// anything but what they are: they look a name up or print help for it.
var mentionFree = map[string]bool{
	"man": true, "which": true, "type": true, "help": true, "whatis": true,
	"apropos": true, "whereis": true, "info": true,
}

// printers print their arguments; to a pipe or the terminal that runs nothing
// (a shell reading the pipe is a unit that asks on its own), into a file it
// may write a script, so there the words count.
var printers = map[string]bool{"echo": true, "printf": true}

// grepLike take a pattern as their first operand or as -e values; a pattern is
// matched, never run.
var grepLike = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "ack": true}

// grepValueLetters are the short options of grep and rg that take a value.
const grepValueLetters = "ABCmdDfgtTjMe"

// subcommandDepth says how many leading operands of a program are its own
// subcommands (git rm, docker image rm, npm rm): words the program reads as
// its verbs, not programs it runs.
var subcommandDepth = map[string]int{
	"git": 1, "docker": 2, "podman": 2, "nerdctl": 2, "gh": 2, "npm": 1, "pnpm": 1, "yarn": 1,
	"bun": 1, "cargo": 1, "go": 1, "kubectl": 1, "oc": 1, "helm": 1, "pip": 1, "pip3": 1,
	"brew": 1, "apt": 1, "apt-get": 1, "dnf": 1, "yum": 1, "systemctl": 1, "conda": 1, "rustup": 1,
}

// dockerGroups are docker's management commands, whose next word is a verb.
var dockerGroups = map[string]bool{
	"image": true, "container": true, "volume": true, "network": true, "system": true,
	"builder": true, "buildx": true, "compose": true, "plugin": true, "context": true,
	"node": true, "service": true, "stack": true, "secret": true, "config": true, "manifest": true,
}

// gitGroups are git's subcommands whose next word is a verb of theirs
// (git stash push, git remote remove).
var gitGroups = map[string]bool{
	"stash": true, "remote": true, "worktree": true, "submodule": true, "notes": true, "bisect": true,
	"sparse-checkout": true, "lfs": true, "reflog": true, "maintenance": true,
}

// gitValueOptions are git's global options that take the next word.
var gitValueOptions = map[string]bool{"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true, "--config-env": true}

// gitMessageCommands take a message (-m, --message) that git stores, never runs.
var gitMessageCommands = map[string]bool{"commit": true, "tag": true, "merge": true, "notes": true, "stash": true}

// mentionsOf returns the Mentions of a simple command: words[0] is its name,
// env the assignments before it, in its standard input and lt what its
// wrapper handler found (nil when it is no wrapper). text is the unit's Text.
func mentionsOf(text string, words, env []word, in stdin, lt *lookThrough) string {
	name := baseName(words[0].text)
	args := words[1:]
	var skip []bool
	drop := func(i int) {
		if skip == nil {
			skip = make([]bool, len(args))
		}
		skip[i] = true
	}
	dropInert(name, args, in, drop)
	if lt != nil {
		dropLookedThrough(args, lt, drop)
	}
	// A here-document shown by a printer (cat <<EOF) prints; a shell that
	// reads it runs it and has analysed it.
	feeds := in.given && !(lt != nil && lt.readsStdin != "" && in.literal) && !(copiers[name] && !in.toFile)
	if skip == nil && len(env) == 0 && !feeds && in.others == "" && plainWords(args) {
		return text[len(words[0].text):]
	}
	return joinMentions(env, args, skip, feeds, in)
}

// dropInert drops the arguments of program name that the analysis knows are never run nor
// opened: all of a lookup's or a printer's (to no file), a grep pattern, find's name
// patterns, a program's own subcommands.
func dropInert(name string, args []word, in stdin, drop func(int)) {
	switch {
	case mentionFree[name], name == "command" && len(args) > 0 && (args[0].text == "-v" || args[0].text == "-V"),
		printers[name] && !in.toFile:
		for i := range args {
			drop(i)
		}
	case grepLike[name]:
		dropPattern(args, 0, drop)
	case name == "find":
		for i := 0; i+1 < len(args); i++ {
			if findPatterns[args[i].text] {
				drop(i + 1)
				i++
			}
		}
	}
	if depth := subcommandDepth[name]; depth > 0 {
		dropSubcommands(name, args, depth, drop)
	}
}

// dropLookedThrough drops the words a wrapper runs as commands or scripts: they are units of
// their own, analysed as such.
func dropLookedThrough(args []word, lt *lookThrough, drop func(int)) {
	for _, c := range lt.commands {
		if k := findRun(args, c); k >= 0 {
			for j := range c {
				drop(k + j)
			}
		}
	}
	for _, s := range lt.scripts {
		if !s.literal {
			continue
		}
		for i, w := range args {
			if w.text == s.text {
				drop(i)
			}
		}
	}
}

// plainWords reports whether no argument is a quoted glob or holds a substitution, so that
// the command's text can be its mentions as it stands.
func plainWords(args []word) bool {
	for _, w := range args {
		if w.literal && strings.ContainsAny(w.text, "*?[") || !w.literal && hasSubstitution(w.text) {
			return false
		}
	}
	return true
}

// joinMentions writes the mentions of a command: its assignments, the arguments skip does not
// leave out, what a here-document feeds it (feeds) and its other input, with substitutions
// taken out and a quoted glob's characters hidden.
func joinMentions(env, args []word, skip []bool, feeds bool, in stdin) string {
	var b strings.Builder
	for _, e := range env {
		b.WriteString(withoutSubstitutions(e.text, e.literal))
		b.WriteByte(' ')
	}
	for i, w := range args {
		if skip != nil && skip[i] {
			continue
		}
		if w.literal && strings.ContainsAny(w.text, "*?[") {
			// A quoted '*' is no glob of the shell's: it stands for itself.
			b.WriteString(quotedGlobChars.Replace(w.text))
		} else {
			b.WriteString(withoutSubstitutions(w.text, w.literal))
		}
		b.WriteByte(' ')
	}
	if feeds {
		b.WriteByte('\n')
		b.WriteString(withoutSubstitutions(in.script, in.literal))
	}
	if in.others != "" {
		b.WriteByte('\n')
		b.WriteString(withoutSubstitutions(in.others, false))
	}
	return b.String()
}

// findPatterns are find's tests whose value is a pattern matched against
// file names, never run.
var findPatterns = map[string]bool{
	"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true,
	"-iwholename": true, "-regex": true, "-iregex": true, "-lname": true, "-ilname": true,
}

// copiers copy their standard input to their output: a here-document they
// are fed is printed, which runs nothing unless the output goes to a file.
var copiers = map[string]bool{"cat": true, "tac": true, "head": true, "tail": true, "echo": true, "printf": true}

// hasSubstitution reports whether a word's source form holds a command or
// process substitution.
func hasSubstitution(s string) bool {
	return strings.Contains(s, "$(") || strings.Contains(s, "`") || strings.Contains(s, "<(") || strings.Contains(s, ">(")
}

// withoutSubstitutions removes the command and process substitutions from
// the source form of a word that is not literal: their commands are units
// of their own, with their own mentions. A substitution whose end it cannot
// find is kept, so that nothing is hidden by a misreading.
func withoutSubstitutions(s string, literal bool) string {
	if literal || !hasSubstitution(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		open := s[i] == '(' && i > 0 && (s[i-1] == '$' || s[i-1] == '<' || s[i-1] == '>')
		if s[i] == '`' {
			if j := strings.IndexByte(s[i+1:], '`'); j >= 0 {
				b.WriteByte(' ')
				i += j + 1
				continue
			}
		}
		if !open {
			b.WriteByte(s[i])
			continue
		}
		depth, end := 1, -1
		for j := i + 1; j < len(s); j++ {
			switch s[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 {
				end = j
				break
			}
		}
		if end < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteByte(' ')
		i = end
	}
	return b.String()
}

// quotedGlobChars hides the glob characters of a quoted word from the
// engine's path check, which reads '*', '?' and '[' in mentions as globs.
var quotedGlobChars = strings.NewReplacer("*", "\x01", "?", "\x02", "[", "\x03")

// dropPattern drops the pattern of a grep-like command whose arguments
// start at from: every -e value, or else its first operand.
func dropPattern(args []word, from int, drop func(int)) {
	sawE := false
	first := -1
	for i := from; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "--":
			if !sawE && first < 0 && i+1 < len(args) {
				first = i + 1
			}
			i = len(args)
		case t == "-e" || t == "--regexp":
			if i+1 < len(args) {
				drop(i + 1)
				sawE = true
				i++
			}
		case strings.HasPrefix(t, "--regexp="), strings.HasPrefix(t, "-e") && len(t) > 2:
			drop(i)
			sawE = true
		case strings.HasPrefix(t, "--"):
		case len(t) > 1 && t[0] == '-':
			last := t[len(t)-1]
			if strings.IndexByte(grepValueLetters, last) >= 0 && i+1 < len(args) {
				if last == 'e' {
					drop(i + 1)
					sawE = true
				}
				i++
			}
		case first < 0:
			first = i
		}
	}
	if !sawE && first >= 0 && first < len(args) {
		drop(first)
	}
}

// dropSubcommands drops the leading operands of name that are its own
// verbs, and for git the messages of commit, tag and the like.
func dropSubcommands(name string, args []word, depth int, drop func(int)) {
	i := subcommandAt(name, args)
	if i >= len(args) {
		return
	}
	drop(i)
	sub := args[i].text
	if (depth > 1 && dockerGroups[sub] || name == "git" && gitGroups[sub]) && i+1 < len(args) {
		drop(i + 1)
	}
	if name != "git" {
		return
	}
	switch {
	case gitMessageCommands[sub]:
		dropGitMessages(args, i+1, drop)
	case sub == "grep":
		dropPattern(args, i+1, drop)
	case sub == "log" || sub == "shortlog" || sub == "rev-list" || sub == "show":
		dropGitLogPatterns(args, i+1, drop)
	}
}

// subcommandAt is the index of name's subcommand in args: the first word after its global
// options (and, for git, their values); len(args) when there is none.
func subcommandAt(name string, args []word) int {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].text, "-") {
		if name == "git" && gitValueOptions[args[i].text] {
			i++
		}
		i++
	}
	return i
}

// dropGitMessages drops the messages (-m, --message) of a git command that stores them.
func dropGitMessages(args []word, from int, drop func(int)) {
	for j := from; j < len(args); j++ {
		t := args[j].text
		switch {
		case (t == "-m" || t == "--message") && j+1 < len(args):
			drop(j + 1)
			j++
		case strings.HasPrefix(t, "--message="), strings.HasPrefix(t, "-m") && len(t) > 2 && !strings.HasPrefix(t, "--"):
			drop(j)
		}
	}
}

// dropGitLogPatterns drops the patterns git log and its kin match a commit's text or author
// against.
func dropGitLogPatterns(args []word, from int, drop func(int)) {
	for j := from; j < len(args); j++ {
		t := args[j].text
		switch {
		case (t == "-S" || t == "-G" || t == "--grep" || t == "--author" || t == "--committer") && j+1 < len(args):
			drop(j + 1)
			j++
		case strings.HasPrefix(t, "--grep="), strings.HasPrefix(t, "--author="), strings.HasPrefix(t, "--committer="),
			strings.HasPrefix(t, "-S") && len(t) > 2, strings.HasPrefix(t, "-G") && len(t) > 2:
			drop(j)
		}
	}
}

// findRun returns where the words of c stand in args, by their texts, or -1.
func findRun(args, c []word) int {
	if len(c) == 0 {
		return -1
	}
	for k := 0; k+len(c) <= len(args); k++ {
		same := true
		for j := range c {
			if args[k+j].text != c[j].text {
				same = false
				break
			}
		}
		if same {
			return k
		}
	}
	return -1
}

// MentionTokens calls yield for each word of s that could name a program
// (paths false) or a path (paths true): s is split at blanks, quotes, shell
// punctuation and the separators programs read commands and files from (=,
// :, and for programs also , { } [ ] ! \). It stops when yield returns false.
func MentionTokens(s string, paths bool, yield func(tok string) bool) {
	start := -1
	for i := 0; i <= len(s); i++ {
		sep := i == len(s)
		if !sep {
			switch s[i] {
			case ' ', '\t', '\n', '\r', '\v', '\f', ';', '&', '|', '(', ')', '<', '>', '`', '\'', '"', '=', ':', ',':
				sep = true
			case '{', '}', '[', ']', '!', '\\':
				sep = !paths
			}
		}
		if sep {
			if start >= 0 {
				if !yield(s[start:i]) {
					return
				}
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
}

// operandReaders read the files named by their operands and write nothing
// but their output: a protected path given to one is decided as a read (by
// the read rules) instead of asking.
var operandReaders = map[string]bool{
	"cat": true, "tac": true, "head": true, "tail": true, "less": true, "more": true, "nl": true,
	"wc": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "diff": true, "cmp": true,
	"base64": true, "base32": true, "basenc": true, "xxd": true, "od": true, "hexdump": true, "strings": true,
	"md5sum": true, "sha1sum": true, "sha256sum": true, "sha512sum": true, "b2sum": true, "cksum": true,
	"cut": true, "uniq": true, "sort": true, "fold": true, "fmt": true, "column": true,
	"jq": true, "yq": true, "bat": true, "batcat": true, "iconv": true, "paste": true, "comm": true,
	"join": true, "expand": true, "unexpand": true, "rev": true, "look": true, "zcat": true, "bzcat": true,
	"xzcat": true, "zless": true, "zgrep": true, "shasum": true, "sha224sum": true, "sha384sum": true, "md5": true,
	"sum": true, "b3sum": true, "xxhsum": true, "file": true,
}

// lookers only look at the names or metadata of the files their operands
// name.
var lookers = map[string]bool{
	"ls": true, "du": true, "stat": true, "test": true, "[": true, "realpath": true, "readlink": true,
	"basename": true, "dirname": true, "cd": true, "pushd": true, "mkdir": true,
}
