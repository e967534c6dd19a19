package decide

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/personas"
	"github.com/agentmgr/agentmgr/sessions"
)

// crossFixture is a decider that remembers written files in a fresh store, and the policy of a
// builder that allows every tool and command but rm.
func crossFixture(t *testing.T) (*Decider, PolicyFunc, sessions.Written) {
	t.Helper()
	d, cat := fixture(t, map[string]string{"cleaner": cleanerMD})
	r, _, err := Resolve(cat, personas.State{}, Who{Named: "cleaner"})
	if err != nil {
		t.Fatal(err)
	}
	pol, _, err := Policy(d, r, "")
	if err != nil {
		t.Fatal(err)
	}
	mem := sessions.Written{Dir: filepath.Join(t.TempDir(), "written")}
	dc := NewDecider(WithWritten(func(string) WrittenFiles { return mem }))
	return dc, func(Call) (string, *engine.Policy, error) { return "cleaner", pol, nil }, mem
}

const crossCwd = "/proj"

func crossBash(session, cmd string) Call {
	c := ToolCall("bash", cmd, true)
	c.Session, c.Cwd = session, crossCwd
	return c
}

func crossWrite(session, path string) Call {
	c := ToolCall("write", path, true)
	c.Session, c.Cwd = session, crossCwd
	return c
}

// A file the agent wrote that a command family runs makes the family's next allowed command
// ask once, naming the file; after the person lets it run it is not raised again until written
// again.
func TestWrittenFileAsksOncePerFamily(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		write Call
		run   string
		shown string // the file as the reason names it
	}{
		{"Makefile by the write tool, then make", crossWrite("s", "/proj/Makefile"), "make", "Makefile was written by the agent in this session; make runs it"},
		{"an included .mk by a here-document, then make with options", crossBash("s", "cat > rules.mk <<'EOF'\nall:\nEOF"), "make -j4 all", "rules.mk was written"},
		{"GNUmakefile through cd, then make in a wrapper", crossBash("s", "cd sub && printf 'all:\\n' > GNUmakefile"), "timeout 60 make", "sub/GNUmakefile was written"},
		{"package.json, then npm test", crossWrite("s", "/proj/package.json"), "npm test", "package.json was written by the agent in this session; npm runs it"},
		{".npmrc, then yarn build", crossBash("s", "echo 'script-shell=./x' > .npmrc"), "yarn build", ".npmrc was written"},
		{"package.json by cp, then pnpm run lint", crossBash("s", "cp /tmp/p.json package.json"), "pnpm run lint", "package.json was written"},
		{"a test file, then go test", crossWrite("s", "/proj/pkg/x_test.go"), "go test ./...", "pkg/x_test.go was written by the agent in this session; go test runs it"},
		{"any Go file, then go generate", crossWrite("s", "/proj/gen.go"), "go generate ./...", "gen.go was written by the agent in this session; go generate runs it"},
		{"conftest.py, then pytest", crossWrite("s", "/proj/tests/conftest.py"), "pytest -q", "tests/conftest.py was written by the agent in this session; pytest runs it"},
		{"pyproject.toml, then python -m pytest", crossBash("s", "tee pyproject.toml < /tmp/p"), "python3 -m pytest tests", "pyproject.toml was written"},
		{"tox.ini, then tox", crossWrite("s", "/proj/tox.ini"), "tox -e py312", "tox.ini was written"},
		{"setup.py, then pip install", crossWrite("s", "/proj/setup.py"), "pip install -e .", "setup.py was written by the agent in this session; pip install runs it"},
		{"build.rs, then cargo", crossWrite("s", "/proj/build.rs"), "cargo build --release", "build.rs was written by the agent in this session; cargo runs it"},
		{"cargo's config, then cargo", crossBash("s", "mkdir -p .cargo && echo '[target.x]' > .cargo/config.toml"), "cargo test", ".cargo/config.toml was written"},
		{"justfile, then just", crossWrite("s", "/proj/justfile"), "just test", "justfile was written by the agent in this session; just runs it"},
		{".envrc, then direnv", crossWrite("s", "/proj/.envrc"), "direnv allow", ".envrc was written by the agent in this session; direnv runs it"},
		{"git's config by a redirection, then git status", crossBash("s", "printf '[core]\\n\\tfsmonitor = x\\n' >> .git/config"), "git status", ".git/config was written by the agent in this session; git runs it"},
		{"git's config through cd .git, then git -C . log", crossBash("s", "cd .git && printf x > config"), "git -C . log", ".git/config was written"},
		{"a git hook, then git commit", crossWrite("s", "/proj/.git/hooks/pre-commit"), "git commit -m x", ".git/hooks/pre-commit was written"},
		{"a file outside the project by its absolute path", crossWrite("s", "/elsewhere/Makefile"), "make -C /elsewhere", "/elsewhere/Makefile was written"},
		{"the same call writes and runs", crossBash("s", "printf 'all:\\n' > Makefile && make"), "make", "Makefile was written"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc, pol, _ := crossFixture(t)
			w := dc.Judge(tt.write, pol)
			if w.Verdict.Action == engine.Deny {
				t.Fatalf("the write was denied: %s", w.Verdict.Reason)
			}
			run := crossBash("s", tt.run)
			j := dc.Judge(run, pol)
			if j.Verdict.Action != engine.Ask || !strings.Contains(j.Verdict.Reason, tt.shown) {
				t.Fatalf("after the write, %q = %s (%q), want ask naming %q", tt.run, j.Verdict.Action, j.Verdict.Reason, tt.shown)
			}
			if other := dc.Judge(crossBash("other", tt.run), pol); other.Verdict.Action != engine.Allow {
				t.Errorf("another session's %q = %s (%q), want allow", tt.run, other.Verdict.Action, other.Verdict.Reason)
			}
			if err := dc.Settle(run, j, Verdict{Action: engine.Allow}); err != nil {
				t.Fatal(err)
			}
			if again := dc.Judge(run, pol); again.Verdict.Action != engine.Allow {
				t.Errorf("after the person let it run, %q = %s (%q), want allow", tt.run, again.Verdict.Action, again.Verdict.Reason)
			}
			dc.Judge(tt.write, pol)
			if rewritten := dc.Judge(run, pol); rewritten.Verdict.Action != engine.Ask {
				t.Errorf("after the file was written again, %q = %s, want ask", tt.run, rewritten.Verdict.Action)
			}
		})
	}
}

// What no family runs, or a command that runs none of the written files, stays as the rules
// say; a deny stays a deny; a rejected ask is raised again.
func TestWrittenFileLeavesOtherCommandsAlone(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		write Call
		run   string
		want  engine.Action
	}{
		{"a Go file that is no test, then go test", crossWrite("s", "/proj/x.go"), "go test ./...", engine.Allow},
		{"a Makefile, then npm test", crossWrite("s", "/proj/Makefile"), "npm test", engine.Allow},
		{"a Makefile, then make --version", crossWrite("s", "/proj/Makefile"), "make --version", engine.Allow},
		{"package.json, then npm view", crossWrite("s", "/proj/package.json"), "npm view left-pad", engine.Allow},
		{"a test file, then go build", crossWrite("s", "/proj/x_test.go"), "go build ./...", engine.Allow},
		{"a file named like a hook outside .git, then git", crossWrite("s", "/proj/hooks/pre-commit"), "git status", engine.Allow},
		{"README, then make", crossWrite("s", "/proj/README.md"), "make", engine.Allow},
		{"a Makefile, then make and rm: the deny stays", crossWrite("s", "/proj/Makefile"), "make && rm -rf build", engine.Deny},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc, pol, _ := crossFixture(t)
			dc.Judge(tt.write, pol)
			if j := dc.Judge(crossBash("s", tt.run), pol); j.Verdict.Action != tt.want {
				t.Errorf("%q = %s (%q), want %s", tt.run, j.Verdict.Action, j.Verdict.Reason, tt.want)
			}
		})
	}
	t.Run("a rejected ask is raised again", func(t *testing.T) {
		t.Parallel()
		dc, pol, _ := crossFixture(t)
		dc.Judge(crossWrite("s", "/proj/Makefile"), pol)
		j := dc.Judge(crossBash("s", "make"), pol)
		if err := dc.Settle(crossBash("s", "make"), j, Verdict{Action: engine.Deny}); err != nil {
			t.Fatal(err)
		}
		if again := dc.Judge(crossBash("s", "make"), pol); again.Verdict.Action != engine.Ask {
			t.Errorf("after a reject, make = %s, want ask", again.Verdict.Action)
		}
	})
}

// The memory fails closed: when it cannot be read the family's commands ask, and a write it
// cannot remember asks.
func TestWrittenFilesFailClosed(t *testing.T) {
	t.Parallel()
	dc, pol, mem := crossFixture(t)
	if err := os.MkdirAll(mem.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mem.Dir, "s.json"), []byte("{broken"), 0o600); err != nil {
		t.Fatal(err)
	}
	if j := dc.Judge(crossBash("s", "make"), pol); j.Verdict.Action != engine.Ask || !strings.Contains(j.Verdict.Reason, "cannot read which files") {
		t.Errorf("make with an unreadable memory = %s (%q), want ask", j.Verdict.Action, j.Verdict.Reason)
	}
	if j := dc.Judge(crossWrite("s", "/proj/Makefile"), pol); j.Verdict.Action != engine.Ask || !strings.Contains(j.Verdict.Reason, "could not remember") {
		t.Errorf("a Makefile write the memory cannot keep = %s (%q), want ask", j.Verdict.Action, j.Verdict.Reason)
	}
	if j := dc.Judge(crossBash("s", "ls"), pol); j.Verdict.Action != engine.Allow {
		t.Errorf("a command of no family with an unreadable memory = %s, want allow", j.Verdict.Action)
	}
}

// docs/shell.md lists every family's programs and files, so that a row added here is documented.
func TestDocsListTheRunFamilies(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "docs", "shell.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, f := range runFamilies {
		for _, n := range append(append(append(append([]string{f.programs[0]}, f.names...), f.tails...), f.below...), f.subcommands...) {
			if !strings.Contains(doc, n) {
				t.Errorf("docs/shell.md does not name %q of the %s family", n, f.runner)
			}
		}
	}
}
