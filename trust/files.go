package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/agentmgr/agentmgr/internal/regularfile"
	"github.com/agentmgr/agentmgr/locations"
)

// MaxFileSize is the largest project file a trust covers, the limit of a persona or guards
// file; a bigger one is recorded as too big, never read whole.
const MaxFileSize = regularfile.PersonaLimit

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

// sum identifies the content of the file at path. Only a regular file of at most MaxFileSize
// bytes is read (internal/regularfile: a FIFO or a device cannot hold the call); anything else
// is identified by what it is, which a trust then names too.
func sum(path string) string {
	data, err := regularfile.Read(path, MaxFileSize)
	switch {
	case errors.Is(err, regularfile.ErrNotRegular):
		return "not a regular file"
	case errors.Is(err, regularfile.ErrTooLarge):
		return fmt.Sprintf("bigger than %d bytes", MaxFileSize)
	case errors.Is(err, fs.ErrNotExist):
		return "missing"
	case err != nil:
		return "unreadable"
	}
	h := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(h[:])
}
