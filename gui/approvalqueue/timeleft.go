package approvalqueue

import (
	"fmt"
	"time"
)

// TimeLeft says how long the gate still waits for an answer to a request whose deadline is
// deadline, seen at now: "The gate gives up in 1 min 05 s", rounded down to the second so that
// it never promises more time than there is. A zero deadline (a client that waits without
// limit) says nothing; a passed one says the answer comes too late.
func TimeLeft(deadline, now time.Time) string {
	if deadline.IsZero() {
		return ""
	}
	left := deadline.Sub(now).Truncate(time.Second)
	if left <= 0 {
		return "The gate has stopped waiting: an answer now comes too late."
	}
	if left < time.Minute {
		return fmt.Sprintf("The gate gives up in %d s", int(left/time.Second))
	}
	return fmt.Sprintf("The gate gives up in %d min %02d s", int(left/time.Minute), int(left%time.Minute/time.Second))
}
