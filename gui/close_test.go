package gui

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// guiPackage prefixes the functions of package gui in a goroutine's stack (not its
// subpackages, whose names go on with a slash).
const guiPackage = "github.com/agentmgr/agentmgr/gui."

// goroutineStacks are the stacks of every goroutine but the caller's, by goroutine header
// ("goroutine 12"). runtime.Stack lists the caller's first.
func goroutineStacks() map[string]string {
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	out := map[string]string{}
	for i, g := range strings.Split(string(buf), "\n\n") {
		if i == 0 {
			continue // the caller
		}
		id, _, _ := strings.Cut(g, " [")
		out[id] = g
	}
	return out
}

// runsGUICode reports whether the goroutine stack g runs, or was started by, a function of
// package gui that is not a test's: a goroutine the shell or one of its screens owns. A
// stack is pairs of lines: a function, then its file and line.
func runsGUICode(g string) bool {
	lines := strings.Split(g, "\n")
	for i := 1; i+1 < len(lines); i++ {
		fn := strings.TrimPrefix(lines[i], "created by ")
		if strings.HasPrefix(fn, guiPackage) && !strings.Contains(lines[i+1], "_test.go:") {
			return true
		}
	}
	return false
}

// shellGoroutines are the goroutines not in before that run code of package gui.
func shellGoroutines(before map[string]string) []string {
	var out []string
	for id, g := range goroutineStacks() {
		if _, old := before[id]; !old && runsGUICode(g) {
			out = append(out, g)
		}
	}
	return out
}

// shellGoroutinesAfter is shellGoroutines once none is left, or as they are after a minute.
func shellGoroutinesAfter(before map[string]string) []string {
	deadline := time.Now().Add(time.Minute)
	for {
		running := shellGoroutines(before)
		if len(running) == 0 || time.Now().After(deadline) {
			return running
		}
		time.Sleep(time.Millisecond)
	}
}

func TestRunsGUICodeTellsTheShellsGoroutinesFromOthers(t *testing.T) {
	tests := []struct {
		name  string
		stack string
		want  bool
	}{
		{"a_dialogs_countdown", "goroutine 7 [select]:\n" + guiPackage + "(*PromptDialog).follow(0xc0, {0x1, 0x2}, 0xc1)\n\t/src/gui/approvals_dialog.go:130 +0x1\n" +
			"created by " + guiPackage + "(*tasks).untilClose in goroutine 6\n\t/src/gui/tasks.go:57 +0x2", true},
		{"started_by_gui_running_elsewhere", "goroutine 8 [select]:\ngithub.com/agentmgr/agentmgr/reviewlog.Follow(...)\n\t/src/reviewlog/read.go:188 +0x1\n" +
			"created by " + guiPackage + "(*LogView).setFollow in goroutine 6\n\t/src/gui/logview.go:140 +0x2", true},
		{"a_subpackages", "goroutine 9 [select]:\ngithub.com/agentmgr/agentmgr/gui/approvalqueue.(*Model).serve(0xc0)\n\t/src/gui/approvalqueue/model.go:50 +0x1\n" +
			"created by github.com/agentmgr/agentmgr/gui/approvalqueue.(*Model).Start in goroutine 6\n\t/src/gui/approvalqueue/model.go:40 +0x2", false},
		{"a_tests", "goroutine 10 [select]:\ngithub.com/agentmgr/agentmgr/gate.(*Gate).Decide(0xc0)\n\t/src/gate/gate.go:50 +0x1\n" +
			"created by " + guiPackage + "(*approvalsFixture).ask in goroutine 6\n\t/src/gui/approvals_test.go:83 +0x2", false},
		{"fynes", "goroutine 11 [chan receive]:\nfyne.io/fyne/v2/internal/async.(*queue).run(0xc0)\n\t/go/fyne/queue.go:20 +0x1\n" +
			"created by fyne.io/fyne/v2/internal/async.New in goroutine 1\n\t/go/fyne/queue.go:10 +0x2", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := runsGUICode(tt.stack); got != tt.want {
				t.Errorf("runsGUICode = %v, want %v for\n%s", got, tt.want, tt.stack)
			}
		})
	}
}

// Close stops and waits for what lasts: the Log screen following the review log and an
// approval dialog counting down the gate's time. Once it returns, no goroutine of the shell
// runs.
func TestNoGoroutineOfTheShellOutlivesClose(t *testing.T) {
	before := goroutineStacks()
	f := newApprovalsFixture(t)
	s := f.shell
	// The Log screen follows the log (the default); an entry on the table shows that its
	// goroutine runs.
	path := s.Dirs().ReviewLog()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, `{"time":"2026-11-29T10:02:00Z","event":"decision","agent":"asker","tool":"bash","values":["ls"],"action":"allow","source":"x","by":"rule"}`+"\n")
	s.App().Preferences().SetBool(logFollowKey, true)
	v := logScreenOf(s, path)
	f.pump("the followed entry", func() bool { return v.Model().Len() == 1 })
	// An approval's dialog counts down the time the gate waits, once a second.
	ch := f.ask("s1", "make deploy")
	d := f.dialog()
	if d.Prompt.Request.Deadline.IsZero() {
		t.Fatal("the forwarded request carries no deadline: the dialog would not count down")
	}
	if running := shellGoroutines(before); len(running) < 2 {
		t.Fatalf("before Close, %d goroutines of the shell run, want the log's and the dialog's:\n%s", len(running), strings.Join(running, "\n\n"))
	}
	// The prompt is still pending: the dialog's countdown ends because the window closes.
	s.Close()
	// A goroutine Close waited for has done its work but may still be returning (the
	// WaitGroup's Done runs before it is gone): the check waits for that, and gives up only
	// on a hang. One that Close did not end never goes: nothing else ends the log's follow,
	// and the prompt is settled only after this check.
	if running := shellGoroutinesAfter(before); len(running) > 0 {
		t.Errorf("a minute after Close, %d goroutines of the shell still run:\n%s", len(running), strings.Join(running, "\n\n"))
	}
	f.model.Stop() // the app stops serving when it stops; the gate's call then ends
	// Nothing starts after Close either.
	ran := make(chan struct{})
	s.tasks.untilClose(func(context.Context) { close(ran) })
	s.tasks.wait()
	select {
	case <-ran:
		t.Error("untilClose started a goroutine after Close")
	default:
	}
	// The gate's call (this test's goroutine) ends too, by its fallback once nobody serves.
	select {
	case <-ch:
	case <-time.After(time.Minute):
		t.Fatal("the gate still waits a minute after the inbox stopped")
	}
}
