package reviewlog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"unicode/utf8"
)

// MaxValueBytes is the longest value, reason or message an entry stores whole. A longer one is
// cut to its first MaxValueBytes bytes followed by its full length and SHA-256, so that one
// huge call cannot fill the log (and push older entries out by rotation), yet the stored
// entry still identifies exactly what was decided.
const MaxValueBytes = 4096

// clip returns s, or s cut to MaxValueBytes (on a character boundary) with a note of its
// length and hash.
func clip(s string) string {
	if len(s) <= MaxValueBytes {
		return s
	}
	cut := MaxValueBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	sum := sha256.Sum256([]byte(s))
	return fmt.Sprintf("%s…[cut: %d bytes in all, sha256 %s]", s[:cut], len(s), hex.EncodeToString(sum[:]))
}

// clipped returns e with every free-text field clipped.
func clipped(e Entry) Entry {
	if len(e.Values) > 0 {
		vs := make([]string, len(e.Values))
		for i, v := range e.Values {
			vs[i] = clip(v)
		}
		e.Values = vs
	}
	e.Reason, e.Message = clip(e.Reason), clip(e.Message)
	if e.Rule != nil {
		r := *e.Rule
		r.Pattern = clip(r.Pattern)
		e.Rule = &r
	}
	if len(e.Stored) > 0 {
		st := make([]Rule, len(e.Stored))
		for i, r := range e.Stored {
			r.Pattern = clip(r.Pattern)
			st[i] = r
		}
		e.Stored = st
	}
	return e
}
