package approvals

import (
	"errors"
	"fmt"
)

// MaxSessionIDLen bounds a session id; ids become file names.
const MaxSessionIDLen = 128

// ErrInvalidSessionID is wrapped by errors about a session id that cannot be stored.
var ErrInvalidSessionID = errors.New("invalid session id")

// ValidateSessionID accepts the ids a store can keep: 1 to MaxSessionIDLen characters of ASCII
// letters, digits, '.', '_' and '-', starting with a letter or digit. Ids name files, so this is
// what keeps a hostile id ("../../x", "a/b", ".lock") from reaching outside the sessions folder
// or onto a store's own files; both stores apply it so that they accept the same ids.
func ValidateSessionID(id string) error {
	switch {
	case id == "":
		return fmt.Errorf("%w: the id is empty", ErrInvalidSessionID)
	case len(id) > MaxSessionIDLen:
		return fmt.Errorf("%w: %q is longer than %d characters", ErrInvalidSessionID, id[:16]+"…", MaxSessionIDLen)
	case !isAlnum(id[0]):
		return fmt.Errorf("%w: %q must start with a letter or digit", ErrInvalidSessionID, id)
	}
	for i, r := range id {
		if r >= 0x80 || !isAlnum(byte(r)) && r != '.' && r != '_' && r != '-' {
			return fmt.Errorf("%w: %q has %q at byte %d; use ASCII letters, digits, '.', '_' and '-'", ErrInvalidSessionID, id, r, i+1)
		}
	}
	return nil
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
