package keybindings

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Version is a pi release number.
type Version struct {
	Major, Minor, Patch int
}

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// less orders versions by major, then minor, then patch.
func (v Version) less(o Version) bool {
	if v.Major != o.Major {
		return v.Major < o.Major
	}
	if v.Minor != o.Minor {
		return v.Minor < o.Minor
	}
	return v.Patch < o.Patch
}

// ParseVersion reads "1", "1.6" or "1.6.0", with an optional leading "v"
// and an ignored pre-release or build suffix ("1.6.0-rc.1"). Missing parts
// are returned as -1 so that callers can tell "1.6" from "1.6.0".
func ParseVersion(s string) (Version, error) {
	orig := s
	s = strings.TrimPrefix(strings.TrimPrefix(s, "v"), "V")
	if i := strings.IndexAny(s, "-+"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if s == "" || len(parts) > 3 {
		return Version{}, fmt.Errorf("invalid pi version %q: expected MAJOR[.MINOR[.PATCH]], e.g. 1.6 or 0.73.1", orig)
	}
	nums := [3]int{-1, -1, -1}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || strings.HasPrefix(p, "+") || strings.HasPrefix(p, "-") {
			return Version{}, fmt.Errorf("invalid pi version %q: %q is not a number; expected MAJOR[.MINOR[.PATCH]], e.g. 1.6 or 0.73.1", orig, p)
		}
		nums[i] = n
	}
	return Version{Major: nums[0], Minor: nums[1], Patch: nums[2]}, nil
}

// TableFor returns the built-in table for the pi version written in s: the
// newest table whose major.minor is at or below the version's. Patch
// numbers are ignored, since pi changes default keys only in minor
// releases; a missing minor means "any minor" ("1" picks the newest 1.x
// table). An empty s picks the newest table. A version older than every
// table is an error.
func TableFor(s string) (*Table, error) {
	if s == "" {
		return Latest(), nil
	}
	v, err := ParseVersion(s)
	if err != nil {
		return nil, err
	}
	if v.Minor < 0 {
		v.Minor = math.MaxInt
	}
	tables := Tables()
	for i := len(tables) - 1; i >= 0; i-- {
		t := tables[i].Version
		if t.Major < v.Major || (t.Major == v.Major && t.Minor <= v.Minor) {
			return tables[i], nil
		}
	}
	return nil, fmt.Errorf("pi %s is older than every keybinding table agentmgr ships (the oldest is pi %d.%d); choose --pi-version %s or later", s, tables[0].Version.Major, tables[0].Version.Minor, tables[0].Version)
}
