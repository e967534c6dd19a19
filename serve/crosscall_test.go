package serve

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentmgr/agentmgr/internal/testfiles"
)

// maker allows every tool and command but rm.
const maker = "---\ndescription: builds\npermissions:\n  \"*\": allow\n  bash:\n    \"*\": allow\n    \"rm *\": deny\n---\nBuild.\n"

// A Makefile the agent wrote makes the next make ask once in pi too, naming it: once the
// person lets it run, make is allowed again until the Makefile is written again, and after a
// reject the next make asks again.
func TestServeAsksOnceBeforeMakeRunsAWrittenMakefile(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "maker.md"), maker)
	f.use(t, "maker")
	write := decideLine(1, "write", `{"path":"Makefile","content":"all:\n\ttouch x\n"}`)
	if r := f.one(t, write); r["action"] != "allow" {
		t.Fatalf("the write = %v, want allow", r)
	}
	mk := f.one(t, decideLine(2, "bash", `{"command":"make all"}`))
	if mk["action"] != "ask" || !strings.Contains(str(mk["reason"]), "Makefile was written by the agent in this session; make runs it") {
		t.Fatalf("make after the write = %v, want ask naming the Makefile", mk)
	}
	if got := f.one(t, replyLine(3, mk["request"], "once")); got["action"] != "allow" {
		t.Fatalf("reply once = %v, want allow", got)
	}
	if again := f.one(t, decideLine(4, "bash", `{"command":"make all"}`)); again["action"] != "allow" {
		t.Errorf("make after the person let it run = %v, want allow", again)
	}
	f.one(t, write)
	mk = f.one(t, decideLine(5, "bash", `{"command":"make"}`))
	if mk["action"] != "ask" {
		t.Fatalf("make after the Makefile was written again = %v, want ask", mk)
	}
	if got := f.one(t, replyLine(6, mk["request"], "reject")); got["action"] != "deny" {
		t.Fatalf("reply reject = %v, want deny", got)
	}
	if again := f.one(t, decideLine(7, "bash", `{"command":"make"}`)); again["action"] != "ask" {
		t.Errorf("make after a reject = %v, want ask again", again)
	}
}

// An always reply lets make run and stores its rule, but a Makefile written after it is asked
// about again: the session rule is consent to make, not to what the agent writes next.
func TestServeAlwaysDoesNotCoverAMakefileWrittenLater(t *testing.T) {
	f := newFixture(t)
	testfiles.Write(t, filepath.Join(f.dirs.Agent, "agents", "maker.md"), maker)
	f.use(t, "maker")
	write := decideLine(1, "write", `{"path":"Makefile","content":"all:\n"}`)
	f.one(t, write)
	mk := f.one(t, decideLine(2, "bash", `{"command":"make"}`))
	if mk["action"] != "ask" {
		t.Fatalf("make after the write = %v, want ask", mk)
	}
	if got := f.one(t, replyLine(3, mk["request"], "always", "make *")); got["action"] != "allow" {
		t.Fatalf("reply always = %v, want allow", got)
	}
	if again := f.one(t, decideLine(4, "bash", `{"command":"make"}`)); again["action"] != "allow" {
		t.Errorf("make after always = %v, want allow", again)
	}
	f.one(t, write)
	if later := f.one(t, decideLine(5, "bash", `{"command":"make"}`)); later["action"] != "ask" || !strings.Contains(str(later["reason"]), "Makefile was written") {
		t.Errorf("make after the Makefile was written again, under the always rule = %v, want ask naming it", later)
	}
}
