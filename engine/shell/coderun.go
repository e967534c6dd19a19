package shell

import (
	"slices"
	"strings"
)

// A program that runs code given in its arguments (python -c, git
// --ext-diff=CMD, tar --to-command) runs whatever those arguments say,
// however harmless its name looks. Its unit carries Needs: an allow only
// counts when the deciding rule names the program (interpreters) or the
// option (tools), so a rule `git diff *` or a bare `*` is no consent to
// `git diff --output=FILE` or `python -c CODE`.

// codeRunner is one entry of the catalogue of code-running arguments.
type codeRunner struct {
	// names are the program's base names.
	names []string
	// subs, when not empty, are the first operands the entry applies to
	// (git rebase, git submodule): the options only run code there.
	subs []string
	// short are single-letter options that take code (or a program, or a
	// file to write) as their value, attached or in the next word, also
	// inside a cluster (-Bc, -lne) when cluster is true.
	short   string
	cluster bool
	// long are long options (with one or two dashes, --x=v or --x v,
	// and unambiguous prefixes of at least three letters) that run code.
	long []string
	// exact is true for a program that never takes an abbreviated long
	// option (Go's flag package): --vet is not --vettool.
	exact bool
	// words are operands that run code (git submodule foreach, git bisect
	// run, +CMD for vim), matched exactly, or as a prefix when they end
	// with '*'.
	words []string
	// interpreter is true when the program runs code from standard input
	// when given no script operand, and names the program in Needs:
	// consent to an interpreter is consent to any code it runs. Its
	// options end at the script (or -m MODULE): what follows is the
	// script's.
	interpreter bool
	// skip are an interpreter's short options whose value is the next
	// word (python -W arg), so that value is not taken for the script.
	skip string
	// why is the catalogue's note for the documentation.
	why string
}

// codeRunners is the catalogue, documented in docs/shell.md.
var codeRunners = []codeRunner{
	{names: []string{"python", "python2", "python3", "pypy", "pypy3"}, short: "c", cluster: true, interpreter: true, skip: "WXQ", why: "-c CODE"},
	{names: []string{"node", "nodejs"}, short: "epr", cluster: true, long: []string{"eval", "print", "require", "import", "loader", "experimental-loader"}, interpreter: true, skip: "C", why: "-e/-p CODE, -r/--require/--import/--loader MODULE"},
	{names: []string{"bun"}, short: "e", long: []string{"eval", "print"}, why: "-e CODE"},
	{names: []string{"deno"}, words: []string{"eval"}, why: "deno eval CODE"},
	{names: []string{"perl"}, short: "eE", cluster: true, interpreter: true, why: "-e/-E CODE"},
	{names: []string{"ruby"}, short: "e", cluster: true, interpreter: true, skip: "ICr", why: "-e CODE"},
	{names: []string{"php"}, short: "rBRE", cluster: true, long: []string{"run", "process-begin", "process-code", "process-end"}, interpreter: true, why: "-r CODE"},
	{names: []string{"lua", "luajit"}, short: "e", cluster: true, interpreter: true, why: "-e CODE"},
	{names: []string{"Rscript", "R"}, short: "e", why: "-e CODE"},
	{names: []string{"julia"}, short: "eE", long: []string{"eval", "print"}, why: "-e CODE"},
	{names: []string{"tclsh", "wish", "expect"}, short: "c", interpreter: true, why: "-c CODE, or code on standard input"},
	{names: []string{"osascript"}, short: "e", why: "-e CODE"},
	{names: []string{"emacs"}, long: []string{"eval", "load", "funcall"}, why: "--eval CODE"},
	{names: []string{"awk", "gawk", "mawk", "nawk"}, short: "fEil", long: []string{"file", "exec", "source", "load", "include"}, why: "-f/-E/-i FILE, -l EXT; programs with system(), pipes or getline from a command are checked apart"},
	{names: []string{"sed", "gsed"}, short: "f", long: []string{"file"}, why: "-f FILE; the e command, s///e and w are checked apart"},
	{names: []string{"git"}, long: []string{"exec-path", "upload-pack", "receive-pack", "ext-diff", "output", "open-files-in-pager", "extcmd", "tree-filter", "index-filter", "msg-filter", "env-filter", "commit-filter", "parent-filter", "tag-name-filter", "subdirectory-filter", "exec"}, words: []string{"foreach", "filter-branch"}, why: "-c KEY=VALUE, --ext-diff, --output, --upload-pack, --exec, rebase -x, submodule foreach, bisect run, filter-branch"},
	{names: []string{"git"}, subs: []string{"rebase"}, short: "x", why: "rebase -x CMD"},
	{names: []string{"git"}, subs: []string{"grep"}, short: "O", why: "grep -O PAGER"},
	{names: []string{"git"}, subs: []string{"difftool", "mergetool"}, short: "x", why: "difftool -x CMD"},
	{names: []string{"git"}, subs: []string{"bisect"}, words: []string{"run"}, why: "bisect run CMD"},
	{names: []string{"git"}, subs: []string{"archive", "ls-remote", "fetch", "clone", "pull"}, short: "u", why: "-u/--upload-pack PROG"},
	{names: []string{"go"}, long: []string{"exec", "toolexec", "vettool", "overlay"}, exact: true, why: "-exec, -toolexec, -vettool"},
	{names: []string{"sort"}, long: []string{"compress-program"}, why: "--compress-program PROG"},
	{names: []string{"tar", "gtar", "bsdtar"}, short: "IF", cluster: true, long: []string{"to-command", "checkpoint-action", "use-compress-program", "info-script", "new-volume-script", "rsh-command", "rmt-command"}, why: "--to-command, --checkpoint-action, -I/--use-compress-program, -F"},
	{names: []string{"rsync"}, short: "e", cluster: true, long: []string{"rsh", "rsync-path"}, why: "-e/--rsh CMD, --rsync-path"},
	{names: []string{"zip"}, words: []string{"-TT*"}, long: []string{"unzip-command"}, why: "-TT CMD"},
	{names: []string{"vim", "vi", "nvim", "view", "ex", "gvim", "rvim", "vimdiff"}, short: "cS", long: []string{"cmd"}, words: []string{"+*"}, why: "-c CMD, +CMD, --cmd, -S FILE"},
	{names: []string{"man"}, short: "PH", long: []string{"pager", "html"}, why: "-P PAGER, -H BROWSER"},
	{names: []string{"gdb"}, short: "x", long: []string{"ex", "iex", "eval-command", "init-eval-command", "command", "init-command", "ix"}, why: "-ex CMD, -x FILE"},
	{names: []string{"lldb"}, short: "osOS", long: []string{"one-line", "source", "one-line-before-file", "source-before-file"}, why: "-o CMD"},
	{names: []string{"make", "gmake"}, short: "E", long: []string{"eval"}, why: "--eval TEXT; a makefile from standard input is checked apart"},
	{names: []string{"scp", "sftp"}, short: "S", why: "-S PROGRAM"},
	{names: []string{"less", "more", "most"}, words: []string{"+!*"}, why: "+!CMD"},
	{names: []string{"sqlite3"}, words: []string{".shell*", ".system*", ".load*"}, why: ".shell, .system"},
	{names: []string{"npm", "pnpm", "yarn"}, long: []string{"script-shell", "node-options", "userconfig", "globalconfig", "shell", "use-yarnrc", "rc-filename"}, why: "--script-shell PROG, --node-options OPTIONS, --userconfig/--globalconfig FILE (a configuration that may name a shell)"},
	{names: []string{"cargo"}, long: []string{"config"}, why: "--config KEY=VALUE (a linker, a runner, a wrapper)"},
	{names: []string{"rustc"}, short: "C", long: []string{"codegen"}, why: "-C/--codegen linker=PROG and the like"},
	{names: []string{"rg"}, long: []string{"pre"}, why: "--pre COMMAND"},
	{names: []string{"wget"}, short: "e", long: []string{"execute", "config"}, why: "-e/--execute COMMAND, --config FILE"},
	{names: []string{"git"}, subs: []string{"clone", "submodule"}, short: "c", long: []string{"config"}, why: "clone -c/--config KEY=VALUE"},
}

// runnersByName indexes codeRunners by program name.
var runnersByName = func() map[string][]*codeRunner {
	m := map[string][]*codeRunner{}
	for i := range codeRunners {
		for _, n := range codeRunners[i].names {
			m[n] = append(m[n], &codeRunners[i])
		}
	}
	return m
}()

// interpreterName strips a version from an interpreter's name (python3.12
// is python3).
func interpreterName(name string) string {
	if strings.HasPrefix(name, "python") || strings.HasPrefix(name, "pypy") || strings.HasPrefix(name, "lua") || strings.HasPrefix(name, "ruby") || strings.HasPrefix(name, "perl") || strings.HasPrefix(name, "php") {
		if i := strings.IndexAny(name, "0123456789"); i > 0 {
			base := name[:i]
			if _, ok := runnersByName[base]; ok {
				return base
			}
			if _, ok := runnersByName[name[:i+1]]; ok {
				return name[:i+1]
			}
		}
	}
	return name
}

// codeNeeds returns what a rule must name to allow the program name run
// with args: the program or the options through which it runs code, or
// "" when it runs no code from its arguments.
func codeNeeds(name string, args []word) string {
	entries := runnersByName[interpreterName(name)]
	var needs []string
	add := func(tok string) {
		if !slices.Contains(needs, tok) {
			needs = append(needs, tok)
		}
	}
	for _, e := range entries {
		if len(e.subs) > 0 && !hasSub(args, e.subs) {
			continue
		}
		if tok := e.match(name, args); tok != "" {
			add(tok)
		}
	}
	switch interpreterName(name) {
	case "awk", "gawk", "mawk", "nawk":
		if awkRunsCommands(args) {
			add(name)
		}
	case "sed", "gsed":
		runs, fromFile := sedRunsCommands(args)
		if fromFile {
			// The table finds -f FILE; -nf FILE is a script from a file too.
			add("-f")
		}
		if runs {
			add(name)
		}
	case "perl":
		// perl -pi -e 's/a/b/' FILE edits text as sed does: no code of its own to name.
		if perlSubstitutes(args) && len(needs) == 1 && needs[0] == name {
			needs = nil
		}
	case "gdb":
		// gdb -batch -ex bt PROG core prints a backtrace: no code of its own to name.
		if gdbOnlyInspects(args) && len(needs) == 1 && needs[0] == "--ex" {
			needs = nil
		}
	case "make", "gmake":
		if makeFromStdin(args) {
			add("-f")
		}
	case "go":
		// -ldflags '-extld=PROG' (or -linkmode=external with CC) links with PROG.
		for _, w := range args {
			if strings.Contains(w.text, "-extld") {
				add("-ldflags")
			}
		}
	case "git":
		if tok := gitGlobalConfig(args); tok != "" {
			add(tok)
		}
		if gitConfigWrite(args) {
			add("config")
		}
	}
	if tok := configWriteNeeds(interpreterName(name), args); tok != "" {
		add(tok)
	}
	return strings.Join(needs, " ")
}

// hasSub reports whether the first operand of args (skipping options) is
// one of subs.
func hasSub(args []word, subs []string) bool {
	for i := 0; i < len(args); i++ {
		t := args[i].text
		if strings.HasPrefix(t, "-") {
			// git -C DIR, -c K=V take the next word.
			if t == "-C" || t == "-c" {
				i++
			}
			continue
		}
		return slices.Contains(subs, t)
	}
	return false
}

// match returns the token an allowing rule must name when args use one of
// e's code-running arguments; "" when none.
func (e *codeRunner) match(name string, args []word) string {
	tok := ""
	for i := 0; i < len(args); i++ {
		t := args[i].text
		if t == "--" {
			break
		}
		if tok = e.matchWord(t); tok != "" {
			break
		}
		if e.interpreter {
			if !strings.HasPrefix(t, "-") || t == "-m" {
				break
			}
			if len(t) == 2 && strings.IndexByte(e.skip, t[1]) >= 0 {
				i++
			}
		}
	}
	if tok == "" && e.interpreter && !hasScriptOperand(args) {
		tok = name
	}
	if tok != "" && e.interpreter {
		// Consent to an interpreter is consent to any code it runs.
		return name
	}
	return tok
}

// matchWord returns the token for one argument word, or "".
func (e *codeRunner) matchWord(t string) string {
	for _, w := range e.words {
		if p, ok := strings.CutSuffix(w, "*"); ok && strings.HasPrefix(t, p) || t == w {
			return strings.TrimSuffix(w, "*")
		}
	}
	if strings.HasPrefix(t, "-") && len(t) > 1 {
		body := strings.TrimLeft(t, "-")
		name, _, _ := strings.Cut(body, "=")
		for _, l := range e.long {
			if name == l || !e.exact && len(name) >= 3 && strings.HasPrefix(l, name) && strings.HasPrefix(t, "--") {
				return "--" + l
			}
		}
		if t[1] != '-' && e.short != "" {
			if strings.IndexByte(e.short, t[1]) >= 0 {
				return t[:2]
			}
			if e.cluster {
				for j := 2; j < len(t); j++ {
					if strings.IndexByte(e.short, t[j]) >= 0 {
						return "-" + t[j:j+1]
					}
				}
			}
		}
	}
	return ""
}

// hasScriptOperand reports whether an interpreter's args name a script or
// module to run, or only ask for its version or help; without one it runs
// code from standard input. A script that is the standard input or another
// descriptor however spelt (/dev/./stdin, /dev/fd/3), or a process
// substitution, is program text the command line does not show: no script.
func hasScriptOperand(args []word) bool {
	for i, w := range args {
		t := w.text
		switch {
		case t == "-", isStdinPath(t), isDescriptorPath(t), w.proc, strings.HasPrefix(t, "<("):
			return false
		case t == "--":
			return i+1 < len(args) && args[i+1].text != "-" && !isStdinPath(args[i+1].text) && !isDescriptorPath(args[i+1].text) && !args[i+1].proc
		case t == "-m" || t == "-V" || t == "-v" || t == "-h" || strings.HasPrefix(t, "--version") || strings.HasPrefix(t, "--help"):
			return true
		case strings.HasPrefix(t, "-"):
		default:
			return true
		}
	}
	return false
}

// awkOptions are awk's options (gawk's, with mawk's -W), read so that every program text is
// found: the value of each -e/--source, or else the first operand.
var awkOptions = optionSet{
	flags:    "bcCghIMNnOPrsStV",
	args:     "fFveEilW",
	attached: "dDLop",
	longFlags: []string{"characters-as-bytes", "traditional", "copyright", "gen-pot", "help", "trace", "bignum",
		"use-lc-numeric", "non-decimal-data", "optimize", "posix", "re-interval", "no-optimize", "sandbox", "lint-old", "version"},
	longArgs:     []string{"file", "field-separator", "assign", "source", "exec", "include", "load"},
	longAttached: []string{"dump-variables", "debug", "lint", "pretty-print", "profile"},
}

// awkRunsCommands reports whether an awk program (each value of -e/--source,
// or else the first operand) may run commands: system(), a pipe to or from
// a command, or a program only known at run time. A program read from a
// file (-f, -E, -i) is named by its entry in codeRunners; mawk's -W exec
// FILE, which is one too, and an option not known here (which may take the
// next word, so the program is not sure) report true.
func awkRunsCommands(args []word) bool {
	runs, programs, fromFile := false, 0, false
	s := scanOptions(args, &awkOptions, func(o option) {
		switch o.name {
		case "e", "source":
			programs++
			runs = runs || awkProgramRuns(o.value)
		case "f", "file", "E", "exec", "i", "include":
			fromFile = true
		case "W":
			runs = runs || strings.HasPrefix(o.value.text, "e") || !o.value.literal
		}
	})
	if s.unknown != "" || s.nonLiteral != "" {
		return true
	}
	if programs > 0 || fromFile || s.rest >= len(args) {
		return runs
	}
	return runs || awkProgramRuns(args[s.rest])
}

// awkProgramRuns reports whether an awk program may run a command: it
// calls system, loads an extension, or has a '|' outside string literals
// that is not "||" (print | "cmd", "cmd" | getline; a regular expression
// with alternation is caught too, which only asks).
func awkProgramRuns(w word) bool {
	if !w.literal {
		return true
	}
	p := w.text
	if strings.Contains(p, "system") || strings.Contains(p, "@load") {
		return true
	}
	inString := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case c == '|' && i+1 < len(p) && p[i+1] == '|':
			i++
		case c == '|':
			return true
		}
	}
	return false
}

// gitGlobalConfig returns the option when git's options before the
// subcommand set configuration (-c KEY=VALUE, --config-env), through which
// git runs programs (core.pager, alias.x=!cmd); "" when none do.
func gitGlobalConfig(args []word) string {
	for i := 0; i < len(args); i++ {
		t := args[i].text
		switch {
		case t == "-c" || strings.HasPrefix(t, "-c") && !strings.HasPrefix(t, "--"):
			return "-c"
		case strings.HasPrefix(t, "--config-env"):
			return "--config-env"
		case t == "-C" || t == "--git-dir" || t == "--work-tree" || t == "--namespace":
			i++
		case strings.HasPrefix(t, "-"):
		default:
			return ""
		}
	}
	return ""
}

// makeFromStdin reports whether make reads a makefile from standard input
// (-f -, -f /dev/stdin), whose rules the text may not show.
func makeFromStdin(args []word) bool {
	for i, w := range args {
		v := ""
		switch {
		case w.text == "-f" || w.text == "--file" || w.text == "--makefile":
			if i+1 < len(args) {
				v = args[i+1].text
			}
		case strings.HasPrefix(w.text, "-f"):
			v = w.text[2:]
		case strings.HasPrefix(w.text, "--file=") || strings.HasPrefix(w.text, "--makefile="):
			_, v, _ = strings.Cut(w.text, "=")
		default:
			continue
		}
		if isStdinPath(v) || isDescriptorPath(v) || strings.HasPrefix(devicePath(v), "/proc/") || strings.HasPrefix(v, "<(") {
			return true
		}
	}
	return false
}

// gitConfigWrite reports whether a git config call writes a key that is
// executable configuration or may become so (a driver, a hook path, an
// include of another file, a section a later key completes): every key but
// the few that name no program and no file (inertGitKeys). Such a write
// needs a rule naming config, as writing the file by other means needs one
// naming the file (ExecConfigFile).
func gitConfigWrite(args []word) bool {
	writes, _, key := gitConfigOp(args)
	if !writes {
		return false
	}
	key = strings.ToLower(key)
	for _, k := range inertGitKeys {
		if key == k || strings.HasSuffix(k, ".") && strings.HasPrefix(key, k) && !strings.ContainsAny(key, "$`") {
			return false
		}
	}
	return true
}

// inertGitKeys are the git configuration keys (and, ending in '.', key
// prefixes) whose values name no program and no file: identity, colours,
// advice, line endings, the default branch and the usual pull and push
// settings. Every other key's write needs consent.
var inertGitKeys = []string{"user.name", "user.email", "color.", "advice.", "init.defaultbranch",
	"core.autocrlf", "core.eol", "core.filemode", "core.ignorecase", "core.quotepath", "core.safecrlf",
	"push.default", "push.autosetupremote", "pull.rebase", "pull.ff", "fetch.prune", "rebase.autostash",
	"branch.autosetuprebase", "merge.conflictstyle", "diff.renames", "diff.algorithm", "log.date"}
