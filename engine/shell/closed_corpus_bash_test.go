package shell

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// closedCase is a case of testdata/closed_corpus.jsonl as the real-bash harness reads it.
type closedCase struct {
	Class  string            `json:"class"`
	Cmd    string            `json:"cmd"`
	Verify string            `json:"verify"` // rm, write, read, stub:NAME, check:SCRIPT, or "" (not run)
	Stubs  map[string]string `json:"stubs"`  // stand-ins for programs, by how they behave
	Setup  string            `json:"setup"`  // run in the sandbox first
}

// The sandbox of one case: a home with protected files, a working folder with the victim and
// the helpers the cases use, and a bin folder first on PATH with a stand-in rm that only
// records that it ran, and stand-ins for the programs a case names in stubs.
const (
	secret   = "SECRETKEY\n"
	original = "ORIGINAL\n"
)

// TestClosedCorpusInBash runs every case of the closed-world corpus marked verify in real bash,
// each in a fresh sandbox, and checks that it does what it tries: the stand-in rm ran (or the
// victim is gone), a protected file was written, or the secret key was read into the output or
// a file. Programs the machine lacks are the stand-ins the case names; a case whose program is
// neither present nor stubbed is skipped, and with CI=true that is a failure.
func TestClosedCorpusInBash(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a real-tool end-to-end test: the quick tier (go test -short, make check) leaves it out")
	}
	ci := os.Getenv("CI") == "true"
	bash, err := exec.LookPath("bash")
	if err != nil {
		if ci {
			t.Fatal("bash not found, and CI=true")
		}
		t.Skip("bash not found")
	}
	cases := readClosedCases(t)
	type result struct {
		c   closedCase
		ok  bool
		out string
		err error
	}
	// Four cases at a time: most of the time goes into starting programs, not into work.
	jobs := make(chan closedCase)
	results := make(chan result)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				ok, out, err := runCase(t, bash, c)
				results <- result{c: c, ok: ok, out: out, err: err}
			}
		}()
	}
	go func() {
		for _, c := range cases {
			if c.Verify != "" {
				jobs <- c
			}
		}
		close(jobs)
		wg.Wait()
		close(results)
	}()
	ran, missing, byStub := 0, 0, 0
	for r := range results {
		c, out := r.c, r.out
		switch {
		case r.err != nil:
			t.Errorf("%q: %v", c.Cmd, r.err)
		case r.ok:
			ran++
			if len(c.Stubs) > 0 {
				byStub++
			}
		case strings.Contains(out, "command not found") || strings.Contains(out, "No such file or directory"):
			missing++
			if ci {
				t.Errorf("%s: %q could not run (a program is missing), and CI=true:\n%s", c.Class, c.Cmd, out)
			} else {
				t.Logf("%s: %q not verified, a program is missing:\n%s", c.Class, c.Cmd, out)
			}
		default:
			t.Errorf("%s: %q did not do what it tries (%s) in real bash; output:\n%s", c.Class, c.Cmd, c.Verify, out)
		}
	}
	t.Logf("%d cases verified in real bash (%d through stand-ins of missing programs), %d not run for a missing program", ran, byStub, missing)
	if ran+missing < 1400 {
		t.Errorf("%d cases marked verify, want at least 1400", ran+missing)
	}
}

// TestClosedHarnessCanFail checks the harness itself: harmless commands verify as nothing.
func TestClosedHarnessCanFail(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("bash not found, and CI=true")
		}
		t.Skip("bash not found")
	}
	for _, c := range []closedCase{
		{Cmd: "echo rm victim", Verify: "rm"},
		{Cmd: "cat ~/.bashrc", Verify: "write"},
		{Cmd: "ls ~/.ssh", Verify: "read"},
		{Cmd: "true", Verify: "stub:poetry", Stubs: map[string]string{"poetry": "drop:1"}},
		{Cmd: "install -m 644 victim out", Verify: "check:test -u out"},
	} {
		ok, out, err := runCase(t, bash, c)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			t.Errorf("%q verified as %s, but does nothing of the kind; output:\n%s", c.Cmd, c.Verify, out)
		}
	}
}

func readClosedCases(t *testing.T) []closedCase {
	t.Helper()
	var out []closedCase
	// The closed world's corpus, then the effects corpus (effect families, folders of protected
	// paths, git aliases), in the same form.
	for _, name := range []string{"closed_corpus.jsonl", "effects_corpus.jsonl"} {
		f, err := os.Open(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for line := 1; sc.Scan(); line++ {
			var c closedCase
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				f.Close()
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			out = append(out, c)
		}
		f.Close()
	}
	return out
}

// runCase runs one case in a fresh sandbox and reports whether it did what Verify says.
func runCase(t *testing.T, bash string, c closedCase) (bool, string, error) {
	root := t.TempDir()
	home, work, bin := filepath.Join(root, "home"), filepath.Join(root, "proj"), filepath.Join(root, "bin")
	log := filepath.Join(root, "ran.log")
	// A file being written must not be open while another case forks, or the child inherits
	// its descriptor and executing the stand-in fails with "text file busy".
	forks.Lock()
	err := sandbox(home, work, bin, c.Stubs)
	forks.Unlock()
	if err != nil {
		return false, "", err
	}
	env := bashEnv(bash, "HOME="+home, "PATH="+bin+":"+os.Getenv("PATH"), "RANLOG="+log,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=x", "GIT_AUTHOR_EMAIL=x@x", "GIT_COMMITTER_NAME=x", "GIT_COMMITTER_EMAIL=x@x")
	if c.Setup != "" {
		cmd := exec.Command(bash, "-c", c.Setup)
		cmd.Dir, cmd.Env = work, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := start(cmd); err != nil {
			return false, "", err
		}
		if err := cmd.Wait(); err != nil {
			return false, "", fmt.Errorf("setup %q: %v\n%s", c.Setup, err, out.String())
		}
	}
	before := snapshot(home)
	before[filepath.Join(work, "prod.env")] = original
	// The deadline only stops a case that hangs; it decides nothing. "wait" lets background
	// jobs the case starts finish before the sandbox is read.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bash, "-c", c.Cmd+"\nwait")
	cmd.Dir, cmd.Env = work, env
	cmd.Stdin = strings.NewReader("")
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	if err := start(cmd); err != nil {
		return false, "", err
	}
	_ = cmd.Wait()
	out := buf.String()
	ranLog, _ := os.ReadFile(log)
	switch {
	case c.Verify == "rm":
		_, err := os.Stat(filepath.Join(work, "victim"))
		return hasLine(string(ranLog), "rm") || os.IsNotExist(err), out + string(ranLog), nil
	case strings.HasPrefix(c.Verify, "stub:"):
		return hasLine(string(ranLog), strings.TrimPrefix(c.Verify, "stub:")), out + string(ranLog), nil
	case c.Verify == "write":
		after := snapshot(home)
		p, _ := os.ReadFile(filepath.Join(work, "prod.env"))
		after[filepath.Join(work, "prod.env")] = string(p)
		return changed(before, after), out, nil
	case c.Verify == "read":
		return leaks(out) || leaksInFiles(work), out, nil
	case strings.HasPrefix(c.Verify, "check:"):
		// A script that succeeds when the effect took place: a mode set, a ref published.
		chk := exec.Command(bash, "-c", strings.TrimPrefix(c.Verify, "check:"))
		chk.Dir, chk.Env = work, env
		var cout bytes.Buffer
		chk.Stdout, chk.Stderr = &cout, &cout
		if err := start(chk); err != nil {
			return false, "", err
		}
		return chk.Wait() == nil, out + cout.String(), nil
	}
	return false, out, fmt.Errorf("unknown verify %q", c.Verify)
}

// forks orders writing sandbox files (exclusive) before starting processes (shared).
var forks sync.RWMutex

func start(cmd *exec.Cmd) error {
	forks.RLock()
	defer forks.RUnlock()
	return cmd.Start()
}

func hasLine(log, name string) bool {
	for l := range strings.SplitSeq(log, "\n") {
		if l == name || strings.HasPrefix(l, name+" ") {
			return true
		}
	}
	return false
}

// sandbox writes the files the cases use.
func sandbox(home, work, bin string, stubs map[string]string) error {
	files := map[string]string{
		filepath.Join(home, ".bashrc"):         original,
		filepath.Join(home, ".profile"):        original,
		filepath.Join(home, ".ssh", "id_rsa"):  secret,
		filepath.Join(work, "victim"):          "",
		filepath.Join(work, "prod.env"):        original,
		filepath.Join(work, "list.txt"):        "victim\n",
		filepath.Join(work, "evil", ".bashrc"): "PWNED\n",
		filepath.Join(work, "Makefile"):        "all:\n\t@true\n",
		filepath.Join(work, "evil.mk"):         "X := $(shell rm victim)\nall:\n\t@true\n",
		filepath.Join(work, "evil.js"):         "require('child_process').execSync('rm victim')\n",
		filepath.Join(work, "evil.mjs"):        "import {execSync} from 'child_process'; execSync('rm victim')\n",
		filepath.Join(work, "evil.patch"):      "--- .bashrc\n+++ .bashrc\n@@ -1 +1 @@\n-ORIGINAL\n+PWNED\n",
		filepath.Join(work, "README"):          "readme\n",
	}
	for p, content := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(work, "evil.sh"), []byte("#!/bin/sh\nrm victim\ncat\n"), 0o700); err != nil {
		return err
	}
	if err := writeTar(filepath.Join(work, "evil.tar"), map[string]string{".bashrc": "PWNED\n"}); err != nil {
		return err
	}
	if err := writeTar(filepath.Join(work, "abs.tar"), map[string]string{filepath.Join(home, ".bashrc"): "PWNED\n"}); err != nil {
		return err
	}
	if err := writeTar(filepath.Join(work, "a.tar"), map[string]string{"x": "x\n"}); err != nil {
		return err
	}
	if err := writeZip(filepath.Join(work, "evil.zip"), map[string]string{".bashrc": "PWNED\n"}); err != nil {
		return err
	}
	if err := os.MkdirAll(bin, 0o700); err != nil {
		return err
	}
	scripts := map[string]string{"rm": `echo "rm $*" >> "$RANLOG"`}
	for name, mode := range stubs {
		scripts[name] = stubScript(name, mode)
	}
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"+body+"\n"), 0o700); err != nil {
			return err
		}
	}
	return nil
}

// stubScript is the stand-in of a program a case needs and the machine may lack: it records
// that it ran, then runs what the real program would run with its arguments, as mode says:
// drop:N (the words after the first N), after:TOKEN (the words after TOKEN), shlast (the last
// word as a shell script), shafter:TOKEN (the word after TOKEN as a script), shprefix:P (the
// word starting with P, without it, as a script), stdin (a script on standard input), record
// (nothing more).
func stubScript(name, mode string) string {
	rec := fmt.Sprintf(`echo "%s $*" >> "$RANLOG"`, name)
	kind, arg, _ := strings.Cut(mode, ":")
	switch kind {
	case "drop":
		return rec + fmt.Sprintf("\nshift %s\nexec \"$@\"", arg)
	case "after":
		return rec + fmt.Sprintf("\nwhile [ $# -gt 0 ] && [ \"$1\" != '%s' ]; do shift; done\nshift\nexec \"$@\"", arg)
	case "shlast":
		return rec + "\nfor a; do last=$a; done\nexec sh -c \"$last\""
	case "shafter":
		return rec + fmt.Sprintf("\nwhile [ $# -gt 0 ] && [ \"$1\" != '%s' ]; do shift; done\nexec sh -c \"$2\"", arg)
	case "shprefix":
		return rec + fmt.Sprintf("\nfor a; do case $a in '%s'*) exec sh -c \"${a#%s}\";; esac; done", arg, arg)
	case "stdin":
		return rec + "\nexec sh"
	}
	return rec
}

func writeTar(path string, members map[string]string) error {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	return writeArchive(path, &b, w, members, func(name string, size int) (io.Writer, error) {
		return w, w.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: int64(size), Typeflag: tar.TypeReg})
	})
}

func writeZip(path string, members map[string]string) error {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	return writeArchive(path, &b, w, members, func(name string, _ int) (io.Writer, error) {
		return w.Create(name)
	})
}

// writeArchive writes each member through the archive writer w (begin starts a member of the
// given name and size), closes w and writes what it wrote into b to path.
func writeArchive(path string, b *bytes.Buffer, w io.Closer, members map[string]string, begin func(name string, size int) (io.Writer, error)) error {
	for name, content := range members {
		mw, err := begin(name, len(content))
		if err != nil {
			return err
		}
		if _, err := mw.Write([]byte(content)); err != nil {
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o600)
}

// snapshot maps every regular file under dir to its content.
func snapshot(dir string) map[string]string {
	out := map[string]string{}
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			out[p] = string(b)
		}
		return nil
	})
	return out
}

// changed reports whether a protected file was written, created or removed: a file whose
// content changed, or a file in one map and not in the other.
func changed(before, after map[string]string) bool {
	for p, v := range before {
		if w, ok := after[p]; !ok || w != v {
			return true
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			return true
		}
	}
	return false
}

// leaks reports whether text holds the secret, as is or reversed, in hex or in base64, with
// blanks ignored (od -c spaces letters out).
func leaks(text string) bool {
	flat := strings.Join(strings.Fields(text), "")
	key := strings.TrimSpace(secret)
	rev := []byte(key)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	for _, form := range []string{key, string(rev), hex.EncodeToString([]byte(key)), base64.StdEncoding.EncodeToString([]byte(secret))[:12]} {
		if strings.Contains(strings.ToLower(flat), strings.ToLower(form)) {
			return true
		}
	}
	return false
}

// leaksInFiles reports whether a file under dir holds the secret.
func leaksInFiles(dir string) bool {
	found := false
	_ = filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() && info.Size() < 1<<20 {
			b, _ := os.ReadFile(p)
			found = found || leaks(string(b))
		}
		return nil
	})
	return found
}
