//go:build !unix

package regularfile

import "testing"

// specialFiles: Windows has no FIFOs or /dev/zero in the file system.
func specialFiles(*testing.T, string) []readCase { return nil }
