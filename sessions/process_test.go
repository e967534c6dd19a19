package sessions

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/approvals"
	"github.com/agentmgr/agentmgr/approvals/storetest"
	"github.com/agentmgr/agentmgr/engine"
	"github.com/agentmgr/agentmgr/internal/atomicfile"
)

// The test binary doubles as the writer process of the tests below: run with helperEnv set,
// TestMain runs that helper instead of the tests.
const (
	helperEnv = "AGENTMGR_SESSIONS_TEST_HELPER"
	dirEnv    = "AGENTMGR_SESSIONS_TEST_DIR"
	writerEnv = "AGENTMGR_SESSIONS_TEST_WRITER"
	countEnv  = "AGENTMGR_SESSIONS_TEST_COUNT"
	startFile = "start"
	sessionID = "shared"
)

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "append":
		os.Exit(helperAppend())
	case "churn":
		os.Exit(helperChurn())
	}
	os.Exit(m.Run())
}

// helperAppend appends COUNT rules "w<WRITER>-<k>" one write each, printing the revision each
// write got, after waiting for the start file so that the writers overlap.
func helperAppend() int {
	dir := os.Getenv(dirEnv)
	writer, _ := strconv.Atoi(os.Getenv(writerEnv))
	count, _ := strconv.Atoi(os.Getenv(countEnv))
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Millisecond) {
		if _, err := os.Stat(filepath.Join(dir, startFile)); err == nil {
			break
		}
		if time.Now().After(deadline) {
			fmt.Fprintln(os.Stderr, "no start signal")
			return 1
		}
	}
	s := New(filepath.Join(dir, "sessions"))
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for k := 0; k < count; k++ {
		got, err := approvals.AppendSessionRules(s, sessionID, approvals.OperatorAuthority,
			engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("w%d-%d", writer, k), Action: engine.Allow})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Fprintln(out, got.Revision)
	}
	return 0
}

func helperCommand(t *testing.T, mode, dir string, extra ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, dirEnv+"="+dir)
	cmd.Env = append(cmd.Env, extra...)
	return cmd
}

func TestTwoProcessesAppendWithoutLosingUpdates(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns writer processes")
	}
	const writers, each = 2, 200
	dir := t.TempDir()
	cmds := make([]*exec.Cmd, writers)
	outs := make([]*bytes.Buffer, writers)
	errs := make([]*bytes.Buffer, writers)
	for w := range cmds {
		cmds[w] = helperCommand(t, "append", dir, writerEnv+"="+strconv.Itoa(w), countEnv+"="+strconv.Itoa(each))
		outs[w], errs[w] = &bytes.Buffer{}, &bytes.Buffer{}
		cmds[w].Stdout, cmds[w].Stderr = outs[w], errs[w]
		if err := cmds[w].Start(); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, startFile), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	revs := make([][]uint64, writers)
	for w, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("writer %d: %v\n%s", w, err, errs[w])
		}
		for _, line := range strings.Fields(outs[w].String()) {
			r, err := strconv.ParseUint(line, 10, 64)
			if err != nil {
				t.Fatalf("writer %d printed %q", w, line)
			}
			revs[w] = append(revs[w], r)
		}
	}
	got, err := New(filepath.Join(dir, "sessions")).Get(sessionID)
	if err != nil {
		t.Fatalf("reading the session after both writers: %v", err)
	}
	if err := storetest.CheckAppends(got, writers, each, revs); err != nil {
		t.Error(err)
	}
	// Interleaving shows that the writers did overlap; without it the test proves little.
	switches := 0
	for i := 1; i < len(got.Rules); i++ {
		if got.Rules[i].Pattern[:2] != got.Rules[i-1].Pattern[:2] {
			switches++
		}
	}
	t.Logf("%d rules, revision %d, the writers took turns %d times", len(got.Rules), got.Revision, switches)
}

// churnRules is what the churn helper stores at revision rev: a count and patterns that depend
// on rev, so that a reader can tell a whole file from a mix of two writes.
func churnRules(rev uint64) engine.Ruleset {
	n := 1000 + int(rev%7)*500
	rs := make(engine.Ruleset, n)
	for i := range rs {
		rs[i] = engine.Rule{Permission: "bash", Pattern: fmt.Sprintf("r%d-%d some longer command text *", rev, i), Action: engine.Allow}
	}
	return rs
}

// helperChurn rewrites the session with large rulesets until it is killed.
func helperChurn() int {
	s := New(filepath.Join(os.Getenv(dirEnv), "sessions"))
	fmt.Println("ready")
	for {
		if _, err := approvals.UpdateSession(s, sessionID, approvals.OperatorAuthority, func(cur approvals.SessionRules) (engine.Ruleset, error) {
			return churnRules(cur.Revision + 1), nil
		}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println("wrote")
	}
}

func TestKilledWriterLeavesOldOrNewFile(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns writer processes")
	}
	dir := t.TempDir()
	store := New(filepath.Join(dir, "sessions"))
	var last uint64
	interrupted := 0
	for round := 0; round < 30; round++ {
		cmd := helperCommand(t, "churn", dir)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewReader(stdout)
		if _, err := lines.ReadString('\n'); err != nil {
			t.Fatalf("round %d: writer did not start: %v\n%s", round, err, stderr.String())
		}
		// Every other round waits for a finished write before the kill, so the test checks a
		// written file however slow the machine is; the others may cut the first write short.
		if round%2 == 1 {
			if _, err := lines.ReadString('\n'); err != nil {
				t.Fatalf("round %d: writer stopped before its first write: %v\n%s", round, err, stderr.String())
			}
		}
		time.Sleep(time.Duration(rand.IntN(30)) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		if temps := atomicfile.Temps(filepath.Join(dir, "sessions", sessionID+".json")); len(temps) > 0 {
			interrupted++
		}
		got, err := store.Get(sessionID)
		if err != nil {
			t.Fatalf("round %d: after killing the writer the file does not read: %v", round, err)
		}
		if got.Revision < last {
			t.Fatalf("round %d: revision went back from %d to %d", round, last, got.Revision)
		}
		last = got.Revision
		if got.Revision == 0 {
			continue // killed before its first write
		}
		want := churnRules(got.Revision)
		if len(got.Rules) != len(want) {
			t.Fatalf("round %d: revision %d holds %d rules, want %d: a torn or mixed file", round, got.Revision, len(got.Rules), len(want))
		}
		for i := range want {
			if got.Rules[i].Pattern != want[i].Pattern {
				t.Fatalf("round %d: revision %d rule %d is %q, want %q: a torn or mixed file", round, got.Revision, i+1, got.Rules[i].Pattern, want[i].Pattern)
			}
		}
	}
	if last == 0 {
		t.Fatalf("no writer ever completed a write; the test checked nothing")
	}
	t.Logf("final revision %d; %d of 30 kills left a temporary file behind (a write cut short)", last, interrupted)
	// The next write cleans up what the killed writers left.
	if _, err := approvals.AppendSessionRules(store, sessionID, approvals.OperatorAuthority, engine.Rule{Permission: "bash", Pattern: "x", Action: engine.Deny}); err != nil {
		t.Fatal(err)
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, "sessions", ".*.tmp")); len(temps) > 0 {
		t.Errorf("temporary files left after a write: %v", temps)
	}
}
