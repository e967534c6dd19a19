package reviewlog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestAFloodingSessionCannotPushOthersOut(t *testing.T) {
	path, l := newLog(t, Options{MaxSize: 4000, Keep: 2})
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 3; i++ {
		e := entry(i)
		e.Session, e.Action, e.Time = "victim", "deny", at.Add(time.Duration(i)*time.Second)
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	// The flooding agent writes many calls, each as big as it likes: far more than the three
	// files hold.
	huge := strings.Repeat("x", 64<<10)
	for i := 0; i < 200; i++ {
		e := entry(1000 + i)
		e.Session, e.Values, e.Time = "flood", []string{huge}, at.Add(time.Hour+time.Duration(i)*time.Second)
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Read(path, Filter{Session: "victim"})
	if err != nil {
		t.Fatal(err)
	}
	if vs := valuesOf(got); strings.Join(vs, ",") != "cmd 0,cmd 1,cmd 2" {
		t.Errorf("after the flood the victim's entries are %v, want all three kept", vs)
	}
	flood, _ := Read(path, Filter{Session: "flood"})
	if len(flood) < KeptPerSession || len(flood) >= 200 {
		t.Errorf("the flooding session kept %d entries, want at least its newest %d and not all 200", len(flood), KeptPerSession)
	}
	if last := flood[len(flood)-1]; !strings.Contains(last.Values[0], "sha256") {
		t.Errorf("the newest flood entry's value is not clipped: %d bytes", len(last.Values[0]))
	}
}

func TestLongValuesAreClippedWithTheirHash(t *testing.T) {
	long := strings.Repeat("é", MaxValueBytes) // two bytes a character: the cut falls inside one
	sum := sha256.Sum256([]byte(long))
	got := clip(long)
	want := fmt.Sprintf("…[cut: %d bytes in all, sha256 %s]", len(long), hex.EncodeToString(sum[:]))
	if !strings.HasSuffix(got, want) || !strings.HasPrefix(got, long[:MaxValueBytes]) || len(got) > MaxValueBytes+len(want) {
		t.Errorf("clip of %d bytes = %q…, want the first %d bytes then %q", len(long), got[:40], MaxValueBytes, want)
	}
	if short := "rm -rf build"; clip(short) != short {
		t.Errorf("clip(%q) = %q, want it unchanged", short, clip(short))
	}
	e := clipped(Entry{Values: []string{long, "a"}, Reason: long, Message: "m"})
	if e.Values[1] != "a" || !strings.Contains(e.Values[0], "sha256") || !strings.Contains(e.Reason, "sha256") || e.Message != "m" {
		t.Errorf("clipped entry = %+v, want long fields clipped and short ones kept", e)
	}
}
