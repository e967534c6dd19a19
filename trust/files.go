package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/agentmgr/agentmgr/locations"
)

// MaxFileSize is the largest project file a trust covers; a bigger one is recorded as too big,
// never read whole.
const MaxFileSize = 4 << 20

// File is one project file a trust covers: its path relative to the project's .pi folder,
// with / between elements, and what identifies its content.
type File struct {
	Path string
	Sum  string // "sha256:<hex>", or a note when the file cannot be read as content
}

// ProjectFiles lists, in path order, the project files of d that decide calls and so need a
// trust: the persona files of .pi/agents (as the catalog lists them) and the guards file.
// Nothing is listed without a project.
func ProjectFiles(d locations.Dirs) ([]File, error) {
	if d.Project == "" {
		return nil, nil
	}
	paths, err := locations.PersonaFiles(d.ProjectAgents())
	if err != nil {
		return nil, err
	}
	if _, err := os.Lstat(d.ProjectGuards()); err == nil {
		paths = append(paths, d.ProjectGuards())
	}
	out := make([]File, 0, len(paths))
	for _, p := range paths {
		rel, err := filepath.Rel(d.Project, p)
		if err != nil {
			return nil, err
		}
		out = append(out, File{Path: filepath.ToSlash(rel), Sum: sum(p)})
	}
	slices.SortFunc(out, func(a, b File) int {
		switch {
		case a.Path < b.Path:
			return -1
		case a.Path > b.Path:
			return 1
		}
		return 0
	})
	return out, nil
}

// sum identifies the content of the file at path. Only a regular file is read, opened so that
// a FIFO or a device cannot hold the call (openRegular) and at most MaxFileSize bytes of it;
// anything else is identified by what it is, which a trust then names too.
func sum(path string) string {
	f, err := openRegular(path)
	if err != nil {
		if errors.Is(err, errNotRegular) {
			return "not a regular file"
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "missing"
		}
		return "unreadable"
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return "unreadable"
	}
	if n > MaxFileSize {
		return fmt.Sprintf("bigger than %d bytes", MaxFileSize)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

var errNotRegular = errors.New("not a regular file")
