package engine

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// corpusCase is one line of shell/testdata/corpus.jsonl: an adversarial
// command (its victim is rm victim, or a file a rule protects) and the
// least each persona must answer.
type corpusCase struct {
	Class     int    `json:"class"` // the class of issue 18 it tries
	Cmd       string `json:"cmd"`
	Allowlist Action `json:"allowlist"`
	Builder   Action `json:"builder"`
	Verify    bool   `json:"verify"` // run in real bash by shell.TestCorpusRunsInBash
}

// allowlistPersona denies every tool, then allows reads and a few
// commands: the setup users rely on for safety.
var allowlistPersona = rules(
	"*", "*", "deny",
	"read", "*", "allow",
	"read", "~/.ssh/*", "deny",
	"bash", "git status", "allow",
	"bash", "git diff *", "allow",
	"bash", "git log *", "allow",
	"bash", "ls *", "allow",
	"bash", "cat *", "allow",
	"bash", "grep *", "allow",
	"bash", "echo *", "allow",
	"bash", "printf *", "allow",
	"bash", "find *", "allow",
	"bash", "xargs *", "allow",
	"bash", "env *", "allow",
	"bash", "nice *", "allow",
	"bash", "timeout *", "allow",
	"bash", "time *", "allow",
	"bash", "go test *", "allow",
	"bash", "sort *", "allow",
	"bash", "head *", "allow",
	"bash", "tail *", "allow",
	"bash", "wc *", "allow",
	"bash", "tar *", "allow",
	"bash", "make *", "allow",
	"bash", "true", "allow",
	"bash", "cd *", "allow",
)

// builderPersona allows everything but rm, asks for sudo, chmod and
// chown, and protects a few files from edits and reads.
var builderPersona = rules(
	"*", "*", "allow",
	"bash", "rm *", "deny",
	"bash", "sudo *", "ask",
	"bash", "chmod *", "ask",
	"bash", "chown *", "ask",
	"edit", "*.env", "deny",
	"edit", "~/.bashrc", "deny",
	"edit", "~/.ssh", "deny",
	"edit", "~/.ssh/*", "deny",
	"read", "~/.ssh/*", "deny",
)

// readCorpus reads shell/testdata/name, a corpus of one JSON case a line, and fails the test
// unless it holds at least least cases (a corpus cut short must not pass by testing less).
func readCorpus[C any](t *testing.T, name string, least int) []C {
	t.Helper()
	f, err := os.Open(filepath.Join("shell", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []C
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		var c C
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", name, line, err)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < least {
		t.Fatalf("%s has %d cases, want at least %d", name, len(out), least)
	}
	return out
}

// corpusPersona is a persona a corpus is decided under: its name in failures, its policy, and
// the least answer a case of the corpus wants of it.
type corpusPersona[C any] struct {
	name string
	pol  *Policy
	want func(C) Action
}

// TestAdversarialCorpus checks every corpus command under both personas:
// the answer is at least the expected one (a stricter answer is fine).
func TestAdversarialCorpus(t *testing.T) {
	t.Parallel()
	cases := readCorpus[corpusCase](t, "corpus.jsonl", 300)
	personas := []corpusPersona[corpusCase]{
		{"allowlist", &Policy{Persona: CompileWithHome(allowlistPersona, "/home/u")}, func(c corpusCase) Action { return c.Allowlist }},
		{"builder", &Policy{Persona: CompileWithHome(builderPersona, "/home/u")}, func(c corpusCase) Action { return c.Builder }},
	}
	for _, c := range cases {
		for _, p := range personas {
			want := p.want(c)
			d := p.pol.DecideTool("bash", c.Cmd)
			if d.Action.rank() < want.rank() {
				t.Errorf("class %d, %s: %q = %s, want at least %s\n%s", c.Class, p.name, c.Cmd, d.Action, want, describeDecision(d))
			}
		}
	}
}

// ordinaryCommands must stay allowed under the builder persona: no false
// alarms on what agents run every day.
var ordinaryCommands = []string{
	"git status",
	"git diff HEAD~1 -- 'src/*.go'",
	"ls -la | grep foo",
	"go test ./... 2>&1 | tail -5",
	"git log --oneline -10",
	"cat README.md | head -20",
	"find . -name '*.go' | xargs grep -n TODO",
	`grep -rn "func main" --include=*.go .`,
	"go build ./... && go vet ./...",
	"npm test",
	"npm run build",
	"make test",
	`echo "hello world"`,
	"wc -l *.go",
	"sort file.txt | uniq -c | sort -rn | head",
	"awk '{print $1}' file.txt",
	"awk -F: '{print $1}' /etc/passwd",
	"awk 'NR > 1 && $3 > 100 { n++ } END { print n }' data.txt",
	"sed -n '1,20p' file.go",
	"sed 's/foo/bar/g' file.txt",
	"sed -e 's/a/b/' -e 's/c/d/' f",
	"sed -E 's/([0-9]+)/<\\1>/g' f",
	"python3 script.py",
	"python3 -m pytest -x",
	"python3 -m pytest -c setup.cfg",
	"node app.js --eval-later",
	"cargo test",
	"cargo build --release",
	"docker ps",
	"docker build -t img .",
	"docker compose up -d",
	"kubectl get pods",
	`git add -A && git commit -m "fix: handle empty input"`,
	"git push origin main",
	"cd src && ls",
	"pwd",
	"which go",
	"go test -run TestFoo ./pkg/... -v",
	"go test -bench . -benchmem",
	"ls -la > /dev/null 2>&1",
	"git diff --stat",
	"git show HEAD:README.md",
	"tar -czf out.tar.gz src",
	"tar -xzf a.tar.gz",
	"curl -s https://example.com | jq .",
	"jq '.name' package.json",
	"head -n 5 file",
	"diff a b",
	"mkdir -p build",
	"touch file",
	"cp a b",
	"mv a b",
	"echo x > out.txt",
	"go test ./... > test.log 2>&1",
	`for f in *.go; do gofmt -l "$f"; done`,
	"if [ -f go.mod ]; then go build ./...; fi",
	`while read -r line; do echo "$line"; done < input.txt`,
	"x=$(git rev-parse HEAD); echo $x",
	"i=0; echo $((i+1))",
	"for ((i=0; i<3; i++)); do echo $i; done",
	"echo $((3 * 4))",
	"n=5; while (( n > 0 )); do n=$((n-1)); done",
	"CGO_ENABLED=0 go build ./...",
	"GOOS=linux GOARCH=amd64 go build",
	"NODE_ENV=production npm run build",
	"FOO=1 npm run build -- --watch",
	"env LANG=C sort f",
	"timeout 5 go test ./...",
	"nice -n 10 make",
	"time go build",
	"xargs -n1 echo < list.txt",
	"find . -type f -exec grep -l foo {} +",
	"git stash && git pull --rebase && git stash pop",
	"git rebase -i HEAD~3",
	"git log --format='%H %s' | head",
	"git grep -n foo",
	"git commit -c HEAD --no-edit",
	"ps aux | grep go",
	"du -sh *",
	"df -h",
	"uname -a",
	"date -u",
	`printf '%s\n' a b`,
	"echo $HOME",
	`echo "${PWD}"`,
	"test -f x && echo yes",
	"[ -d dir ] || mkdir dir",
	`[[ -n "$X" ]] && echo set`,
	`[[ $# -gt 0 ]] && echo args`,
	"python3 -V",
	"node --version",
	"go version",
	"rg foo src/",
	"fd -e go",
	"git diff | cat",
	"git diff > changes.patch",
	"go test ./... | tee test.log",
	"make 2>&1 | tee build.log",
	"bash -c 'go test ./...'",
	"sh -c 'ls -la | wc -l'",
	"bash scripts/build.sh",
	"npx prettier --check .",
	"ssh-keygen -l -f key.pub",
	"docker run --rm img go test ./...",
	"uv run pytest -x",
	"env -S 'go test ./...'",
	"exec 2>&1",
	`while IFS= read -r line; do echo "$line"; done < f`,
	"git config --get remote.origin.url",
	"git config user.email a@b.example",
	"export GOPATH=$HOME/go",
	"sort -u f -o f",
	"docker run --rm -it -v $PWD:/src -w /src golang:1.22 go test ./...",
	"cat <<EOF > notes.txt\nhello\nEOF",
}

// TestOrdinaryCommandsStayAllowed is the false-alarm check.
func TestOrdinaryCommandsStayAllowed(t *testing.T) {
	t.Parallel()
	if len(ordinaryCommands) < 50 {
		t.Fatalf("%d ordinary commands, want at least 50", len(ordinaryCommands))
	}
	p := &Policy{Persona: CompileWithHome(builderPersona, "/home/u")}
	for _, cmd := range ordinaryCommands {
		if d := p.DecideTool("bash", cmd); d.Action != Allow {
			t.Errorf("%q = %s, want allow (a false alarm)\n%s", cmd, d.Action, describeDecision(d))
		}
	}
}
