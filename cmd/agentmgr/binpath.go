package main

import (
	"os"
	"path/filepath"
	"strings"
)

// unstableBinary says why a binary path written into another program's config will not last:
// a `go run` build or a test binary in the build cache, or any file under the temporary
// folder, is removed without notice, and a hook naming it then blocks every call. "" when the
// path looks installed.
func unstableBinary(bin string) string {
	slash := filepath.ToSlash(bin)
	if strings.Contains(slash, "/go-build") {
		return "it is a go run (or go test) build in Go's build cache"
	}
	for _, tmp := range []string{os.TempDir(), "/tmp", "/var/tmp"} {
		if tmp == "" {
			continue
		}
		if real, err := filepath.EvalSymlinks(tmp); err == nil {
			tmp = real
		}
		if rel, err := filepath.Rel(tmp, bin); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return "it is in the temporary folder " + tmp
		}
	}
	return ""
}
