package approvalqueue

import (
	"testing"
	"time"
)

func TestTimeLeft(t *testing.T) {
	now := time.Date(2026, 12, 1, 5, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		deadline time.Time
		want     string
	}{
		{"no deadline", time.Time{}, ""},
		{"two minutes", now.Add(2 * time.Minute), "The gate gives up in 2 min 00 s"},
		{"minutes and seconds", now.Add(65 * time.Second), "The gate gives up in 1 min 05 s"},
		{"rounded down", now.Add(59*time.Second + 900*time.Millisecond), "The gate gives up in 59 s"},
		{"last second", now.Add(1500 * time.Millisecond), "The gate gives up in 1 s"},
		{"less than a second is too late", now.Add(400 * time.Millisecond), "The gate has stopped waiting: an answer now comes too late."},
		{"passed", now.Add(-time.Minute), "The gate has stopped waiting: an answer now comes too late."},
	}
	for _, tt := range tests {
		if got := TimeLeft(tt.deadline, now); got != tt.want {
			t.Errorf("%s: TimeLeft = %q, want %q", tt.name, got, tt.want)
		}
	}
}
