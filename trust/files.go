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
	"strings"

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
	files, _, err := projectFiles(d, false)
	return files, err
}

// projectFiles is ProjectFiles, with the content each sum was taken of when keep is set (nil
// for a file whose Sum is a note): what a trust keeps a copy of is what it covers.
func projectFiles(d locations.Dirs, keep bool) ([]File, [][]byte, error) {
	if d.Project == "" {
		return nil, nil, nil
	}
	paths, err := locations.PersonaFiles(d.ProjectAgents())
	if err != nil {
		return nil, nil, err
	}
	if _, err := os.Lstat(d.ProjectGuards()); err == nil {
		paths = append(paths, d.ProjectGuards())
	}
	type read struct {
		f    File
		data []byte
	}
	all := make([]read, 0, len(paths))
	for _, p := range paths {
		rel, err := filepath.Rel(d.Project, p)
		if err != nil {
			return nil, nil, err
		}
		data, sum := readFile(p)
		if !keep || throughLink(d, p) {
			data = nil
		}
		all = append(all, read{File{Path: filepath.ToSlash(rel), Sum: sum}, data})
	}
	slices.SortFunc(all, func(a, b read) int { return strings.Compare(a.f.Path, b.f.Path) })
	files, contents := make([]File, len(all)), make([][]byte, len(all))
	for i, r := range all {
		files[i], contents[i] = r.f, r.data
	}
	return files, contents, nil
}

// readFile reads the file at path and identifies its content. Only a regular file of at most
// MaxFileSize bytes is read (internal/regularfile: a FIFO or a device cannot hold the call);
// anything else is identified by what it is, which a trust then names too, and has no content.
func readFile(path string) ([]byte, string) {
	data, err := regularfile.Read(path, MaxFileSize)
	switch {
	case errors.Is(err, regularfile.ErrNotRegular):
		return nil, "not a regular file"
	case errors.Is(err, regularfile.ErrTooLarge):
		return nil, fmt.Sprintf("bigger than %d bytes", MaxFileSize)
	case errors.Is(err, fs.ErrNotExist):
		return nil, "missing"
	case err != nil:
		return nil, "unreadable"
	}
	return data, sumOf(data)
}

// throughLink reports whether the project file at path is reached through a symbolic link:
// the file itself, or a folder between the project's folder and it (.pi, agents). Its content
// is then another file's, anywhere the person can read (a repository can ship agents/x.md ->
// ~/.ssh/id_rsa), which a persona's path rules may keep from the agent; and the agent runs
// agentmgr trust --diff as a read. So such a file's content is neither kept nor shown; its sum,
// which decides, is still taken of what it leads to. A path that cannot be resolved counts as
// a link: nothing is shown of it.
func throughLink(d locations.Dirs, path string) bool {
	dir := d.ProjectDir()
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return true
	}
	realDir, err1 := filepath.EvalSymlinks(dir)
	real, err2 := filepath.EvalSymlinks(path)
	return err1 != nil || err2 != nil || real != filepath.Join(realDir, rel)
}

// sumOf is the Sum of a file holding data.
func sumOf(data []byte) string {
	h := sha256.Sum256(data)
	return sumPrefix + hex.EncodeToString(h[:])
}

// sumPrefix starts the Sum of a file read as content; any other Sum is a note.
const sumPrefix = "sha256:"
