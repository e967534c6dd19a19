package inbox

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestNewIDsSortAndDiffer(t *testing.T) {
	seen := map[string]bool{}
	prev := ""
	for i := range 1000 {
		id, err := newID(int64(1_700_000_000_000_000_000 + i))
		if err != nil {
			t.Fatal(err)
		}
		if !validID(id) || seen[id] || id <= prev {
			t.Fatalf("id %d = %q: valid %v, seen %v, after %q; want fresh ids in time order", i, id, validID(id), seen[id], prev)
		}
		seen[id], prev = true, id
	}
}

func TestValidID(t *testing.T) {
	for _, id := range []string{"", "server", "../../etc/passwd", strings.Repeat("a", 33), "0123456789abcdef_0123456789abcdef",
		"0123456789ABCDEF-0123456789abcdef", "0123456789abcdef-0123456789abcde/"} {
		if validID(id) {
			t.Errorf("validID(%q) = true, want false", id)
		}
	}
	if !validID("0123456789abcdef-0123456789abcdef") {
		t.Error("validID refuses an id newID could make")
	}
}

func TestFilesListsOnlyInboxFiles(t *testing.T) {
	in := Inbox{Dir: t.TempDir()}
	a, b := "0000000000000002-0000000000000000", "0000000000000001-ffffffffffffffff"
	for _, name := range []string{a + requestSuffix, b + requestSuffix, b + responseSuffix, recordName, "notes.txt",
		"bad-id" + requestSuffix, "." + a + requestSuffix + ".tmp-1"} {
		if err := os.WriteFile(filepath.Join(in.Dir, name), []byte("{}"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	files, temps, err := in.files()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.id+map[bool]string{true: " response", false: " request"}[f.response])
	}
	want := []string{b + " request", b + " response", a + " request"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("files = %v, want %v (oldest id first, request before response, strangers left out)", got, want)
	}
	if len(temps) != 1 || temps[0].id != "."+a+requestSuffix+".tmp-1" {
		t.Errorf("temps = %+v, want the one temporary file", temps)
	}
	if files, _, err := (Inbox{Dir: filepath.Join(in.Dir, "missing")}).files(); err != nil || files != nil {
		t.Errorf("a missing inbox lists %v, %v; want nothing and no error", files, err)
	}
}

func TestReadRefusesMismatchAndNewerVersion(t *testing.T) {
	in := Inbox{Dir: t.TempDir()}
	id, other := "0000000000000001-0000000000000000", "0000000000000002-0000000000000000"
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(in.Dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(id+requestSuffix, `{"version":1,"id":"`+other+`"}`)
	if _, err := in.readRequest(id); err == nil || !strings.Contains(err.Error(), "must name itself") {
		t.Errorf("request naming another id: %v", err)
	}
	write(id+responseSuffix, `{"version":2,"id":"`+id+`","action":"allow"}`)
	if _, ok, err := in.readResponse(id); ok || err == nil || !strings.Contains(err.Error(), "protocol version 2") {
		t.Errorf("response of version 2: ok %v, %v; want refused", ok, err)
	}
	write(id+responseSuffix, `{"version":1,"id":"`+id+`",`)
	if _, ok, err := in.readResponse(id); ok || err == nil || !strings.Contains(err.Error(), "not a valid inbox file") {
		t.Errorf("torn response: ok %v, %v; want refused", ok, err)
	}
	if _, ok, err := in.readResponse(other); ok || err != nil {
		t.Errorf("no response yet: ok %v, %v; want not ok, no error", ok, err)
	}
}

func TestRecordLiveness(t *testing.T) {
	now := time.Now()
	tests := []struct {
		name string
		rec  Record
		why  string // "" means live
	}{
		{"fresh", Record{PID: os.Getpid(), Heartbeat: now.Add(-time.Second)}, ""},
		{"at the limit", Record{PID: os.Getpid(), Heartbeat: now.Add(-StaleAfter)}, ""},
		{"stale", Record{PID: os.Getpid(), Heartbeat: now.Add(-StaleAfter - time.Second)}, "stopped answering"},
		{"from the future", Record{PID: os.Getpid(), Heartbeat: now.Add(time.Hour)}, "in the future"},
		{"no pid", Record{PID: 0, Heartbeat: now}, "is gone"},
		{"negative pid", Record{PID: -1, Heartbeat: now}, "is gone"},
	}
	for _, tt := range tests {
		err := tt.rec.live(now)
		if tt.why == "" && err != nil || tt.why != "" && (err == nil || !errors.Is(err, ErrNotServing) || !strings.Contains(err.Error(), tt.why)) {
			t.Errorf("%s: live = %v, want %q", tt.name, err, tt.why)
		}
	}
}

func TestForwardTakesAnAnswerGivenAtTheLastMoment(t *testing.T) {
	in := Inbox{Dir: t.TempDir()}
	id := "0000000000000001-0000000000000000"
	if err := in.submit(Request{Version: 1, ID: id}); err != nil {
		t.Fatal(err)
	}
	if err := in.respond(Response{Version: 1, ID: id, Action: "allow"}); err != nil {
		t.Fatal(err)
	}
	resp, err := in.lastLook(id, ErrTimedOut)
	if err != nil || resp.Action != "allow" {
		t.Errorf("lastLook with an answer on disk = %+v, %v; want the answer", resp, err)
	}
	if _, err := os.Stat(in.requestPath(id)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lastLook left the request file: %v", err)
	}
}

func TestWriteAtomicLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.json")
	for _, data := range []string{"one", "two"} {
		if err := writeAtomic(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	got, _ := os.ReadFile(path)
	if len(entries) != 1 || string(got) != "two" {
		t.Errorf("after two writes the folder holds %d files and x.json %q, want 1 file holding two", len(entries), got)
	}
	if info, err := os.Stat(path); err == nil && info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600: the inbox holds an agent's commands", info.Mode().Perm())
	}
	if err := writeAtomic(filepath.Join(dir, "missing", "x.json"), nil); err == nil || !strings.Contains(err.Error(), "cannot write") {
		t.Errorf("writing into a missing folder: %v, want a cannot-write error", err)
	}
}
