package decide

import (
	"path"
	"slices"
	"strings"
)

// A runFamily is a command family that runs files found where it runs: make runs the Makefile,
// npm the scripts of package.json, pytest every conftest.py. A file of such a name that the agent
// wrote in the session is remembered, and the next command of the family asks once, naming it
// (docs/shell.md, "Files the agent wrote").
type runFamily struct {
	// runner is how a reason names what runs the file ("make", "go test").
	runner string
	// programs are the base names of the programs of the family; a python interpreter with
	// -m MODULE counts as MODULE.
	programs []string
	// subcommands, when set, are the first operands under which the programs run the files
	// (go test); otherwise every use does but those of except (npm --version).
	subcommands []string
	except      []string
	// names are the base names of the files the family runs, suffixes the endings of them,
	// tails the last folder and name (".git/config"), below the folders every file under which
	// it runs (".git/hooks").
	names    []string
	suffixes []string
	tails    []string
	below    []string
}

// notRunning are the uses of a package manager that run no file of the project.
var notRunning = []string{"--version", "-v", "-V", "version", "help", "--help", "-h", "view", "info", "show", "ls", "list", "outdated", "whoami", "search", "completion"}

// runFamilies is the table of command families that run the project's files.
var runFamilies = []runFamily{
	{runner: "make", programs: []string{"make", "gmake", "bmake", "remake"},
		except: []string{"--version", "-v", "--help", "-h"},
		names:  []string{"Makefile", "makefile", "GNUmakefile"}, suffixes: []string{".mk"}},
	{runner: "npm", programs: []string{"npm", "npx", "yarn", "yarnpkg", "pnpm", "pnpx", "bun", "bunx"}, except: notRunning,
		names: []string{"package.json", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs", "bunfig.toml"}},
	{runner: "go test", programs: []string{"go"}, subcommands: []string{"test"}, suffixes: []string{"_test.go"}},
	{runner: "go generate", programs: []string{"go"}, subcommands: []string{"generate"}, suffixes: []string{".go"}},
	{runner: "pytest", programs: []string{"pytest", "py.test", "tox", "nox", "hatch"}, except: notRunning,
		names: []string{"conftest.py", "setup.py", "setup.cfg", "pyproject.toml", "tox.ini", "pytest.ini", "noxfile.py"}},
	{runner: "pip install", programs: []string{"pip", "pip3"}, subcommands: []string{"install", "wheel", "download"},
		names: []string{"setup.py", "setup.cfg", "pyproject.toml"}},
	{runner: "cargo", programs: []string{"cargo"}, except: notRunning,
		names: []string{"build.rs"}, tails: []string{".cargo/config.toml", ".cargo/config"}},
	{runner: "just", programs: []string{"just"}, except: []string{"--version", "-V", "--help", "-h", "--list", "-l"},
		names: []string{"justfile", "Justfile", ".justfile"}, suffixes: []string{".just"}},
	{runner: "direnv", programs: []string{"direnv"}, except: notRunning, names: []string{".envrc"}},
	{runner: "git", programs: []string{"git"}, except: []string{"--version", "version", "help", "--help", "-h"},
		tails: []string{".git/config", ".git/config.worktree"}, below: []string{".git/hooks"}},
}

// runs reports whether the command of words (its program first, as a unit's text gives it) is
// one that runs f's files.
func (f *runFamily) runs(words []string) bool {
	if len(words) == 0 {
		return false
	}
	prog, args := program(words)
	if !slices.Contains(f.programs, prog) {
		return false
	}
	op := firstOperand(args)
	if f.subcommands != nil {
		return slices.Contains(f.subcommands, op)
	}
	return len(args) == 0 || !slices.Contains(f.except, args[0]) && !slices.Contains(f.except, op)
}

// program is the base name of the program words run and its arguments; python -m MODULE
// runs MODULE.
func program(words []string) (string, []string) {
	prog := path.Base(words[0])
	args := words[1:]
	if strings.HasPrefix(prog, "python") {
		for i, w := range args {
			if w == "-m" && i+1 < len(args) {
				return args[i+1], args[i+2:]
			}
			if !strings.HasPrefix(w, "-") {
				break
			}
		}
	}
	return prog, args
}

// firstOperand is the first word of args that is no option; "" when there is none.
func firstOperand(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// runsFile reports whether f runs a file at p (slash-separated).
func (f *runFamily) runsFile(p string) bool {
	base := path.Base(p)
	if slices.Contains(f.names, base) {
		return true
	}
	for _, s := range f.suffixes {
		if strings.HasSuffix(base, s) && len(base) > len(s) {
			return true
		}
	}
	for _, t := range f.tails {
		if p == t || strings.HasSuffix(p, "/"+t) {
			return true
		}
	}
	for _, b := range f.below {
		if strings.HasPrefix(p, b+"/") || strings.Contains(p, "/"+b+"/") {
			return true
		}
	}
	return false
}

// runFile reports whether some family runs a file at p.
func runFile(p string) bool {
	for i := range runFamilies {
		if runFamilies[i].runsFile(p) {
			return true
		}
	}
	return false
}
