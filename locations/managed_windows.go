//go:build windows

package locations

// managedGuards is "" on Windows: the owner check that makes the file trustworthy is a Unix
// one, so there is no managed layer there (docs/trust.md).
const managedGuards = ""
