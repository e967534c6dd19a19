package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/agentmgr/agentmgr/internal/filelock"
)

// holdLock takes the lock file path for the rest of the test, as another process would.
func holdLock(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	unlock, err := filelock.Lock(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(unlock)
}

// lockWait sets how long locks are waited for during the test.
func lockWait(t *testing.T, d time.Duration) {
	old := filelock.Wait
	filelock.Wait = d
	t.Cleanup(func() { filelock.Wait = old })
}

func reviewLogLock(e *env) string {
	log := e.dirs().ReviewLog()
	return filepath.Join(filepath.Dir(log), "."+filepath.Base(log)+".lock")
}

// A held review-log lock no longer blocks the gate: it gives up after the wait, answers the
// call, and says in the reason and on stderr that the log was not written, and who holds it.
func TestGateSaysTheReviewLogWasNotWritten(t *testing.T) {
	lockWait(t, 0)
	e, out, errb := testEnv(t, claudeEvent("/p", "Read", `{"file_path":"/p/main.go"}`))
	holdLock(t, reviewLogLock(e))
	if code := run([]string{"gate", "claude"}, e); code != 0 {
		t.Fatalf("gate exit %d: %s", code, errb)
	}
	action, reason := gateAnswer(t, "claude", out.String())
	me := "process " + strconv.Itoa(os.Getpid())
	if action != "allow" || !strings.Contains(reason, "the review log could not be written") || !strings.Contains(reason, me) {
		t.Errorf("gate with the review log locked: %s (%s), want allow saying the log was not written, held by %s", action, reason, me)
	}
	if !strings.Contains(errb.String(), "the review log could not be written") {
		t.Errorf("stderr %q does not say the review log was not written", errb)
	}
}

// session allow with the sessions folder locked gives up and names the holder, instead of
// waiting forever in silence.
func TestSessionAllowNamesTheLocksHolder(t *testing.T) {
	lockWait(t, 0)
	e, _, errb := testEnv(t, "")
	holdLock(t, filepath.Join(e.dirs().SessionsDir(), ".lock"))
	code := run([]string{"session", "allow", "s1", "bash", "make *"}, e)
	if code == 0 || !strings.Contains(errb.String(), "held by another process") || !strings.Contains(errb.String(), "process "+strconv.Itoa(os.Getpid())) {
		t.Errorf("session allow with the folder locked: exit %d, stderr %q; want a failure naming the holder", code, errb)
	}
}

// SIGTERM (or SIGINT) to a gate stuck on something (here a review-log lock held for longer than
// the test) is answered at once with a deny, in the protocol's form.
func TestGateAnswersSIGTERMWhileItWaits(t *testing.T) {
	lockWait(t, time.Hour)
	for _, proto := range []string{"claude", "json"} {
		t.Run(proto, func(t *testing.T) {
			in := claudeEvent("/p", "Read", `{"file_path":"/p/main.go"}`)
			if proto == "json" {
				in = `{"session":"s1","tool":"read","value":"/p/a.go"}`
			}
			e, out, errb := testEnv(t, in)
			holdLock(t, reviewLogLock(e))
			sigs := make(chan os.Signal, 1)
			sigs <- syscall.SIGTERM
			e.signals = sigs
			if code := run([]string{"gate", proto}, e); code != 0 {
				t.Fatalf("gate exit %d: %s", code, errb)
			}
			action, reason := gateAnswer(t, proto, out.String())
			if action != "deny" || !strings.Contains(reason, "stopped (SIGTERM)") {
				t.Errorf("gate %s after SIGTERM: %s (%s), want deny saying it was stopped", proto, action, reason)
			}
		})
	}
}
